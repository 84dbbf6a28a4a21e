import type { Author } from '@arbor/contract';
import { avatarUrlOf } from '../../lib/avatars/avatars.ts';
import type { AuthorRow } from './authors.repository.ts';

/** Row and figures → the contract's `Author`. */
export function presentAuthor(
  row: AuthorRow,
  baseUrl: string,
  stats: { shares_count: number; likes_received: number } | undefined,
  followed: boolean,
): Author {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname ?? '',
    avatar_url: avatarUrlOf(baseUrl, row.avatar_key),
    bio: row.bio ?? '',
    date_joined: row.date_joined,
    shares_count: stats?.shares_count ?? 0,
    followers_count: row.followers_count ?? 0,
    following_count: row.following_count ?? 0,
    likes_received: stats?.likes_received ?? 0,
    followed,
  };
}
