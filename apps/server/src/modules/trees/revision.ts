import { MAX_ID } from '@arbor/contract';
import { AppError } from '../../lib/http-errors.ts';

/** The `ETag` of a tree at a revision. */
export const revisionEtag = (revision: number) => `"${revision}"`;

/**
 * The revision a write is based on: `If-Match: "<revision>"` (weak tags accepted, `*` means any),
 * else `base_revision` from the body. A tag that is not a revision number can never match.
 */
export function expectedRevision(
  ifMatch: string | string[] | undefined,
  baseRevision: number | undefined,
): number | undefined {
  const header = (Array.isArray(ifMatch) ? ifMatch[0] : ifMatch)?.trim();
  if (header && header !== '*') {
    const match = /^(?:W\/)?"?(\d{1,15})"?$/.exec(header);
    // A number no revision can reach never matches either (and must not reach the query).
    return match && Number(match[1]) <= MAX_ID ? Number(match[1]) : -1;
  }
  return baseRevision;
}

/** 412 with the current revision, so the client can reload and merge; nothing was written. */
export function staleRevision(current: number): AppError {
  return new AppError(
    412,
    'precondition_failed',
    `The tree has changed since the revision you edited; the current revision is ${current}.`,
    undefined,
    { revision: current },
    { etag: revisionEtag(current) },
  );
}
