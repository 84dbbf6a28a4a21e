import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

/** `page`: the page-session cookie's token (modules/accounts/page-session.ts), never accepted by the API. */
export type TokenType = 'access' | 'refresh' | 'page';

export interface TokenClaims {
  sub: string;
  token_type: TokenType;
  jti: string;
  exp: number;
  iat: number;
  /** refresh-token family: every rotation keeps it, reuse revokes it */
  fam?: string;
  /** access tokens: the user's `session_version` when issued (absent on older tokens: 0) */
  sv?: number;
}

type Sign = (payload: Record<string, unknown>) => string;
type Verify = (token: string) => Record<string, unknown>;

/**
 * fast-jwt's synchronous HS256 signer and verifier for a secret, built once per secret (one per app in
 * practice). Issue 29: jose's `jwtVerify` goes through WebCrypto and cost 160–310 µs per signed-in request
 * where an HMAC is ~10 µs. The tokens are the same bytes as jose wrote (header `{"alg":"HS256","typ":"JWT"}`,
 * the claims in the same order), so tokens issued before stay valid.
 */
const codecs = new Map<string, { sign: Sign; verify: Verify }>();

function codecFor(secret: string) {
  let codec = codecs.get(secret);
  if (!codec) {
    codec = {
      // `iat` and `exp` come in the payload (fast-jwt keeps a given `iat`, and `exp` without `expiresIn`).
      sign: createSigner({ key: secret, algorithm: 'HS256' }) as Sign,
      // HS256 only (alg "none" and every other algorithm refused), a signature required, no clock tolerance,
      // no cache; `exp`, `iat`, `jti` and `sub` must be there (and `exp` and `nbf` be numbers).
      verify: createVerifier({
        key: secret,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'jti', 'sub'],
        clockTolerance: 0,
      }) as Verify,
    };
    if (codecs.size >= 16) codecs.clear();
    codecs.set(secret, codec);
  }
  return codec;
}

/** Signs an HS256 token of the given type for a user id. */
export async function signToken(
  secret: string,
  type: TokenType,
  userId: number,
  ttlSeconds: number,
  extra: { jti?: string; fam?: string; sv?: number } = {},
): Promise<{ token: string; jti: string; expiresAt: Date }> {
  const jti = extra.jti ?? randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = { token_type: type };
  if (extra.fam) payload.fam = extra.fam;
  if (extra.sv !== undefined) payload.sv = extra.sv;
  Object.assign(payload, { sub: String(userId), jti, iat: now, exp: now + ttlSeconds });
  const token = codecFor(secret).sign(payload);
  return { token, jti, expiresAt: new Date((now + ttlSeconds) * 1000) };
}

/**
 * Verifies signature (HS256 only), expiry (a token without one never passes; one whose `exp` is this second
 * or earlier is expired), the claims' types and token type; null for any bad token.
 */
export async function verifyToken(secret: string, token: string, type: TokenType): Promise<TokenClaims | null> {
  let payload: Record<string, unknown>;
  try {
    payload = codecFor(secret).verify(token);
  } catch (error) {
    if (error instanceof TokenError || error instanceof TypeError) return null;
    throw error;
  }
  if (typeof payload.exp !== 'number' || payload.exp <= Math.floor(Date.now() / 1000)) return null;
  if (typeof payload.iat !== 'number') return null;
  if (payload.token_type !== type || typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
  if (!/^\d+$/.test(payload.sub)) return null;
  if (payload.sv !== undefined && !Number.isSafeInteger(payload.sv)) return null;
  return payload as unknown as TokenClaims;
}
