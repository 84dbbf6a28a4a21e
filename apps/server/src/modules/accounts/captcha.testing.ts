import { call } from '../../testing/call.ts';
import type { FastifyInstance } from 'fastify';

/** Fetches a challenge and solves it through the dev solver: a ready `altcha` payload for tests. */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const challenge = (await call(app, null, 'GET', '/api/captcha/challenge/')).json();
  const { challenge: text, salt, algorithm } = challenge;
  const solution = (
    await call(app, null, 'POST', '/api/captcha/solve_challenge/', { challenge: text, salt, algorithm })
  ).json();
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
