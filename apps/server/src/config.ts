import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
const port = z.coerce.number().int().min(0).max(65535);
const positive = z.coerce.number().int().positive();
const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(' or ')}`,
  );

/** Every environment variable the server reads (API.md "Running"), validated at start. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8650),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['sqlite:', 'postgres:', 'postgresql:']).optional(),
  /** PostgreSQL: connections each process keeps at most, and how long a request waits in line for one */
  DATABASE_POOL_SIZE: positive.default(10),
  DATABASE_POOL_WAIT_MS: positive.default(30_000),
  PUBLIC_BASE_URL: url(['http:', 'https:']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_S: positive.default(15 * 60),
  REFRESH_TOKEN_TTL_S: positive.default(14 * 24 * 3600),
  MAIL_TRANSPORT: z.enum(['smtp', 'file', 'console']).default('file'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('Arbor <no-reply@arbor.local>'),
  SMS_TRANSPORT: z.enum(['webhook', 'file', 'console']).default('file'),
  SMS_WEBHOOK_URL: url(['http:', 'https:']).optional(),
  CAPTCHA_DEV_SOLVER: flag.default(false),
  ARBOR_ADMIN_USERNAME: z.string().optional(),
  ARBOR_ADMIN_PASSWORD: z.string().optional(),
  ARBOR_SEED: flag.default(true),
  AI_DAILY_QUOTA: positive.default(200),
  AI_ALLOW_PRIVATE_BASE_URL: flag.default(false),
  CODE_SENDS_PER_IP_HOUR: positive.default(30),
  LOGIN_FAILURES_PER_IP: positive.default(10),
  SIGNUPS_PER_IP_HOUR: positive.default(20),
  TRUST_PROXY: flag.default(false),
  CORS_ORIGINS: z.string().default(''),
  TREE_MAX_NODES: positive.default(5000),
  TREE_MAX_BYTES: positive.default(5 * 1024 * 1024),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(true),
  ICON_API_URL: url(['http:', 'https:']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string;
  /** PostgreSQL's connection pool: its size, and how long a request queues for a connection before 503 */
  databasePool: { size: number; waitMs: number };
  publicBaseUrl: string;
  jwtSecret: string;
  secretKey: string;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  mail: { transport: 'smtp' | 'file' | 'console'; smtpUrl?: string; from: string };
  sms: { transport: 'webhook' | 'file' | 'console'; webhookUrl?: string };
  captchaDevSolver: boolean;
  admin?: { username: string; password: string };
  seed: boolean;
  ai: { dailyQuota: number; allowPrivateBaseUrl: boolean };
  limits: {
    codeSendsPerIpHour: number;
    loginFailuresPerIp: number;
    signupsPerIpHour: number;
    treeMaxNodes: number;
    treeMaxBytes: number;
  };
  trustProxy: boolean;
  corsOrigins: string[];
  s3?: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  iconApiUrl?: string;
  logLevel: string;
  webDistDir: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads one secret from the environment, or from `DATA_DIR/<file>`, generating it there on first start. */
function persistentSecret(given: string | undefined, dataDir: string, file: string): string {
  if (given) return given;
  const secretPath = path.join(dataDir, file);
  if (existsSync(secretPath)) return readFileSync(secretPath, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(secretPath, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

/** Validates the environment; throws ConfigError naming every bad variable. Generates missing secrets. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.keys(EnvSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.MAIL_TRANSPORT === 'smtp' && !e.SMTP_URL) problems.push('SMTP_URL: required when MAIL_TRANSPORT=smtp');
  if (e.SMS_TRANSPORT === 'webhook' && !e.SMS_WEBHOOK_URL)
    problems.push('SMS_WEBHOOK_URL: required when SMS_TRANSPORT=webhook');
  if (Boolean(e.ARBOR_ADMIN_USERNAME) !== Boolean(e.ARBOR_ADMIN_PASSWORD))
    problems.push('ARBOR_ADMIN_USERNAME/ARBOR_ADMIN_PASSWORD: set both or neither');
  const s3Given = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Given.some(Boolean) && !s3Given.every(Boolean))
    problems.push('S3_ENDPOINT/S3_BUCKET/S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY: set all or none');
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite://${path.join(dataDir, 'arbor.db')}`,
    databasePool: { size: e.DATABASE_POOL_SIZE, waitMs: e.DATABASE_POOL_WAIT_MS },
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: persistentSecret(e.JWT_SECRET, dataDir, 'jwt-secret'),
    secretKey: persistentSecret(e.SECRET_KEY, dataDir, 'secret-key'),
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
    mail: { transport: e.MAIL_TRANSPORT, smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms: { transport: e.SMS_TRANSPORT, webhookUrl: e.SMS_WEBHOOK_URL },
    captchaDevSolver: e.CAPTCHA_DEV_SOLVER,
    admin:
      e.ARBOR_ADMIN_USERNAME && e.ARBOR_ADMIN_PASSWORD
        ? { username: e.ARBOR_ADMIN_USERNAME, password: e.ARBOR_ADMIN_PASSWORD }
        : undefined,
    seed: e.ARBOR_SEED,
    ai: { dailyQuota: e.AI_DAILY_QUOTA, allowPrivateBaseUrl: e.AI_ALLOW_PRIVATE_BASE_URL },
    limits: {
      codeSendsPerIpHour: e.CODE_SENDS_PER_IP_HOUR,
      loginFailuresPerIp: e.LOGIN_FAILURES_PER_IP,
      signupsPerIpHour: e.SIGNUPS_PER_IP_HOUR,
      treeMaxNodes: e.TREE_MAX_NODES,
      treeMaxBytes: e.TREE_MAX_BYTES,
    },
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    iconApiUrl: e.ICON_API_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
  };
}
