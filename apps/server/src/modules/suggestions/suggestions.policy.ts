import type { SuggestionAbilities } from '@arbor/contract';
import type { AuthUser } from '../../plugins/auth.ts';
import { invalid, permissionDenied } from '../../lib/http-errors.ts';

/** Suggestions are public to read. A template's author edits it directly and suggests nothing to it. */
export function authorizeSuggest(user: AuthUser, share: { author_id: number }): void {
  if (share.author_id === user.id) throw invalid('You cannot suggest edits to your own template.');
}

/** The template's author (and nobody else, not even an admin) accepts or rejects its suggestions. */
export function authorizeDecide(user: AuthUser, share: { author_id: number }): void {
  if (share.author_id !== user.id)
    throw permissionDenied("Only the template's author may accept or reject its suggestions.");
}

/** Only its author withdraws a suggestion. */
export function authorizeWithdraw(user: AuthUser, suggestion: { author_id: number }): void {
  if (suggestion.author_id !== user.id) throw permissionDenied('Only the author of this suggestion may withdraw it.');
}

/** What `viewer` may do with a suggestion to a template by `shareAuthorId`: sent with every `Suggestion`. */
export function suggestionAbilities(
  viewer: AuthUser | null,
  suggestion: { author_id: number; status: string },
  shareAuthorId: number,
): SuggestionAbilities {
  const open = suggestion.status === 'open' && viewer !== null;
  const decides = open && viewer.id === shareAuthorId;
  return { accept: decides, reject: decides, withdraw: open && viewer.id === suggestion.author_id };
}
