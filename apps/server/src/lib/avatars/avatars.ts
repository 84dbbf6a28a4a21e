import { DEFAULT_AVATAR_PATH } from '@arbor/contract';
import type { DB } from '../../db/connection.ts';
import { mediaPath } from '../storage/storage.ts';

/** Absolute URL of an avatar storage key (from `profiles.avatar_key`), or of the default avatar. */
export const avatarUrlOf = (baseUrl: string, key: string | null | undefined): string =>
  `${baseUrl}${key ? mediaPath(key) : DEFAULT_AVATAR_PATH}`;

/** Absolute avatar URL of each user id, for `{id, username, avatar_url}` summaries of other features. */
export async function avatarUrlsOf(db: DB, baseUrl: string, userIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  const rows = ids.length ? await db.selectFrom('profiles').select(['user_id', 'avatar_key']).where('user_id', 'in', ids).execute() : [];
  const keys = new Map(rows.map((r) => [r.user_id, r.avatar_key]));
  return new Map(ids.map((id) => [id, avatarUrlOf(baseUrl, keys.get(id))]));
}
