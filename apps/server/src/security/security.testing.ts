// Shared helpers of the hostile-input suites in this folder: database snapshots, multipart bodies,
// token forging and the error-shape check.
import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/schema.ts';

export type TableName = keyof Database & string;

/** Every row of the given tables, ordered, as one string: compare before and after an attack. */
export async function snapshot(app: FastifyInstance, tables: TableName[]): Promise<string> {
  const rows = await Promise.all(
    tables.map((table) =>
      app.db
        .selectFrom(table)
        .selectAll()
        .execute()
        .then((r) => r.map((row) => JSON.stringify(row)).sort()),
    ),
  );
  return JSON.stringify(Object.fromEntries(tables.map((table, i) => [table, rows[i]])));
}

/** The tables a request of an attacker could change (not the throttle log, which is meant to grow). */
export const CONTENT_TABLES: TableName[] = [
  'users',
  'profiles',
  'email_addresses',
  'phone_numbers',
  'refresh_tokens',
  'trees',
  'tree_versions',
  'node_images',
  'shares',
  'ai_configs',
];

/** Asserts the contract's error body `{detail, code, fields?}` with the given status and code. */
export function expectError(res: LightMyRequestResponse, status: number, code?: string): Record<string, unknown> {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(typeof body.detail).toBe('string');
  expect(typeof body.code).toBe('string');
  if (code) expect(body.code).toBe(code);
  if ('fields' in body) expect(typeof body.fields).toBe('object');
  // Nothing of the server's insides reaches a response.
  expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+|SELECT |INSERT |sqlite|postgres|node_modules/i);
  return body;
}

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  body: Buffer;
}

/** A multipart/form-data request body with text fields and files, ready for `app.inject`. */
export function multipart(
  fields: Record<string, string>,
  files: FilePart[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----arbor${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
        'latin1',
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A JWT with any header and payload, HS256-signed with `secret`, or unsigned when `secret` is null. */
export function forgeJwt(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string | null,
): string {
  const head = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  const signature = secret === null ? '' : createHmac('sha256', secret).update(head).digest('base64url');
  return `${head}.${signature}`;
}

/** The claims of a token (no check): to copy and tamper with. */
export const jwtClaims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
