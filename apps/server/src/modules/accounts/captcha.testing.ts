import type { FastifyInstance } from 'fastify';

/** Fetches a challenge and solves it through the dev solver: a ready `altcha` payload for tests. */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/api/captcha/challenge/' })).json();
  const solution = (
    await app.inject({
      method: 'POST',
      url: '/api/captcha/solve_challenge/',
      payload: { challenge: challenge.challenge, salt: challenge.salt, algorithm: challenge.algorithm },
    })
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
