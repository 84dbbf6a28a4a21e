import type { Suggestion, UserSummary } from '@arbor/contract';
import { avatarUrlOf } from '../../lib/avatars/avatars.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { suggestionAbilities } from './suggestions.policy.ts';
import type { SuggestionMetaRow } from './suggestions.repository.ts';

export interface SuggestionContext {
  baseUrl: string;
  users: Map<number, UserSummary>;
  viewer: AuthUser | null;
  /** the author of the template the suggestions are made to */
  shareAuthorId: number;
}

const userOf = (ctx: SuggestionContext, id: number): UserSummary =>
  ctx.users.get(id) ?? { id, username: 'deleted', avatar_url: avatarUrlOf(ctx.baseUrl, null) };

/** Row → the contract's `Suggestion` (without its document). */
export function presentSuggestion(row: SuggestionMetaRow, ctx: SuggestionContext): Suggestion {
  return {
    id: row.id,
    share: row.share_id,
    author: userOf(ctx, row.author_id),
    title: row.title,
    message: row.message,
    status: row.status,
    base_revision: row.base_revision,
    changes: { added: row.added, removed: row.removed, changed: row.changed, moved: row.moved },
    reason: row.reason,
    created_at: row.created_at,
    decided_at: row.decided_at,
    decided_by: row.decided_by === null ? null : userOf(ctx, row.decided_by),
    abilities: suggestionAbilities(ctx.viewer, row, ctx.shareAuthorId),
  };
}
