import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type TokenType = 'access' | 'refresh';

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

const encoder = new TextEncoder();

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
  const token = await new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(jti)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(encoder.encode(secret));
  return { token, jti, expiresAt: new Date((now + ttlSeconds) * 1000) };
}

/** Verifies signature (HS256 only), expiry (a token without one never passes) and token type; null for any bad token. */
export async function verifyToken(secret: string, token: string, type: TokenType): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'jti', 'sub'],
    });
    if (payload.token_type !== type || typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
    if (!/^\d+$/.test(payload.sub)) return null;
    if (payload.sv !== undefined && !Number.isSafeInteger(payload.sv)) return null;
    return payload as unknown as TokenClaims;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
