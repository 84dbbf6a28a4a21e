import type { Review, UserSummary } from '@arbor/contract';
import { avatarUrlOf } from '../../lib/avatars/avatars.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { reviewAbilities } from './reviews.policy.ts';
import type { ReviewRow } from '../shares/index.ts';

export interface ReviewPresentContext {
  baseUrl: string;
  authors: Map<number, UserSummary>;
  /** the reviews the caller marked helpful */
  helpful: Set<number>;
  viewer: AuthUser | null;
  /** the reviewed template's author (undefined: gone) */
  shareAuthorId: number | undefined;
}

/** Row → the contract's `Review`. */
export function presentReview(row: ReviewRow, ctx: ReviewPresentContext): Review {
  return {
    id: row.id,
    share: row.share_id,
    author: ctx.authors.get(row.user_id) ?? {
      id: row.user_id,
      username: 'deleted',
      avatar_url: avatarUrlOf(ctx.baseUrl, null),
    },
    rating: row.score,
    body: row.body,
    helpful_count: row.helpful_count,
    my_helpful: ctx.helpful.has(row.id),
    reply:
      row.reply_body === null
        ? null
        : {
            body: row.reply_body,
            created_at: row.reply_created_at ?? row.updated_at,
            updated_at: row.reply_updated_at ?? row.updated_at,
          },
    abilities: reviewAbilities(ctx.viewer, row, ctx.shareAuthorId),
    created_at: row.created_at,
    updated_at: row.updated_at,
    // Only its author and admins are ever shown a hidden review.
    ...(row.hidden === 1 ? { hidden: true } : {}),
  };
}
