import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Polls `check` until it answers true (a condition, not a sleep), failing after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface OwnServer {
  baseURL: string;
  /** Runs `node apps/server/dist/cli.js …args` against this server's data (e.g. create-user). */
  cli(...args: string[]): void;
  stop(): Promise<void>;
}

/**
 * A second instance of the compiled product (built by global setup's `npm start`), on its own port
 * and data folder, with `env` on top: for what the shared server must not change for every spec
 * (a short access-token lifetime, say).
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arbor-e2e-own-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const fullEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    MAIL_TRANSPORT: 'file',
    SMS_TRANSPORT: 'file',
    ...env,
  };
  const server: ChildProcess = spawn('node', [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: fullEnv,
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await until(async () => {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      return fetch(`${baseURL}/api/health/`).then(
        (res) => res.ok,
        () => false,
      );
    }, 'the server is healthy');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseURL,
    cli(...args) {
      const run = spawnSync('node', [path.join(root, 'apps/server/dist/cli.js'), ...args], { env: fullEnv });
      if (run.status !== 0) throw new Error(`cli ${args[0]} failed: ${String(run.stderr)}`);
    },
    stop,
  };
}
