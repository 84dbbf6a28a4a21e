import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { baseURL, dataDir } from './browser.ts';
import type { ApiTokens } from './session.ts';

async function post<T>(pathname: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL()}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${pathname} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A solved ALTCHA payload, through the server's development solver (CAPTCHA_DEV_SOLVER=1 in e2e). */
export async function solvedCaptcha(): Promise<string> {
  const challenge = (await (await fetch(`${baseURL()}/api/captcha/challenge/`)).json()) as Record<string, string>;
  const solution = await post<{ number: number }>('/api/captcha/solve_challenge/', {
    challenge: challenge.challenge,
    salt: challenge.salt,
    algorithm: challenge.algorithm,
  });
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** The newest one-time code sent to `to` (read from the file transport's outbox). */
export function latestCode(to: string): string {
  const dir = path.join(dataDir(), 'outbox');
  const messages = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; text: string; created_at: string })
    .filter((m) => m.to === to)
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Signs a new account up through the real email-code flow of the API; returns its tokens. */
export async function signUpByEmail(
  username: string,
  password = 'correct-horse-battery-42',
): Promise<ApiTokens & { username: string; email: string }> {
  const email = `${username.toLowerCase()}@example.test`;
  await post('/api/ses/send/signup/', { email, altcha: await solvedCaptcha() });
  const answer = await post<ApiTokens>('/api/auth/ses/signup/', {
    email,
    code: latestCode(email),
    password,
    username,
    altcha: await solvedCaptcha(),
  });
  return { access: answer.access, refresh: answer.refresh, username, email };
}
