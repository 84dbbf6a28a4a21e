import type { UserSummary } from '@arbor/contract';
import type { DB } from '../db/connection.ts';
import { avatarUrlOf } from './avatars/avatars.ts';
import { findUserSummaryRows } from './user-summaries.repository.ts';

/**
 * `{id, username, avatar_url}` of each user, for content shown with its owner (trees, shares).
 * One query for any number of users; unknown ids are simply absent from the map.
 */
export async function loadUserSummaries(db: DB, baseUrl: string, ids: number[]): Promise<Map<number, UserSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await findUserSummaryRows(db, unique);
  return new Map(
    rows.map((r) => [r.id, { id: r.id, username: r.username, avatar_url: avatarUrlOf(baseUrl, r.avatar_key) }]),
  );
}
