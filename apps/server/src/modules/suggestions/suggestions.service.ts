import type { Locale, Suggestion, SuggestionCreateBody, SuggestionStatus, SuggestionWithData } from '@arbor/contract';
import { formatMessage } from '../../lib/messages/index.ts';
import {
  applyDiff,
  countChanges,
  diffDocuments,
  isEmptyDiff,
  mergeDocuments,
  type MergeResolution,
  type TreeDiff,
  type TreeDocument,
} from '@arbor/tree-core';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { reserveEvents } from '../../lib/throttle/throttle.ts';
import { loadUserSummaries } from '../../lib/user-summaries.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  addContributor,
  checkProposedDocument,
  conflictNodes,
  dropForeignImages,
  findShare,
  findShareRef,
  requireVisibleShare,
  type ShareRef,
  lockSourceWorkingCopy,
  noteSharesChanged,
  readRevisionDocument,
  readTreeProposal,
  reviseShareIn,
  saveSourceVersion,
} from '../shares/index.ts';
import { authorizeDecide, authorizeSuggest, authorizeWithdraw } from './suggestions.policy.ts';
import { presentSuggestion } from './suggestions.presenter.ts';
import * as repo from './suggestions.repository.ts';

/*
 * Suggested edits of templates (API.md "Template history and suggestions"). A suggestion is made
 * against the template's current revision and keeps its proposal as a diff from that revision's
 * document. Accepting it merges the proposal into the source tree's working copy (three-way, the
 * base revision as the common ancestor), saves the result as a new version of the tree and re-shares
 * it as the template's next revision, all in one transaction.
 */

/** API.md: 10 suggestions a day per user (every one posted counts, withdrawn ones too). */
export const SUGGESTIONS_PER_USER_DAY = 10;

const SOURCE_GONE = "The template's source tree was deleted: the suggestion cannot be merged into it.";
const NOT_OPEN = 'This suggestion was already accepted, rejected or withdrawn.';

/** A suggestion with its template; 404 when either is gone, or the template is hidden from `viewer`. */
async function requireSuggestion(
  deps: Deps,
  viewer: AuthUser | null,
  id: number,
): Promise<{ row: repo.SuggestionRow; share: ShareRef }> {
  const row = await repo.findSuggestion(deps.db, id);
  if (!row) throw notFound('No such suggestion.');
  return { row, share: await requireVisibleShare(deps.db, viewer, String(row.share_id), 'No such suggestion.') };
}

/** Suggestions to one template (by `shareAuthorId`) as `viewer` sees them. */
async function present(
  deps: Deps,
  viewer: AuthUser | null,
  shareAuthorId: number,
  rows: repo.SuggestionMetaRow[],
): Promise<Suggestion[]> {
  const ids = rows.flatMap((r) => (r.decided_by === null ? [r.author_id] : [r.author_id, r.decided_by]));
  const users = await loadUserSummaries(deps.db, deps.config.publicBaseUrl, ids);
  const context = { baseUrl: deps.config.publicBaseUrl, users, viewer, shareAuthorId };
  return rows.map((row) => presentSuggestion(row, context));
}

async function presentOne(deps: Deps, viewer: AuthUser, shareAuthorId: number, id: number): Promise<Suggestion> {
  const row = await repo.findSuggestion(deps.db, id);
  if (!row) throw notFound('No such suggestion.');
  const [suggestion] = await present(deps, viewer, shareAuthorId, [row]);
  return suggestion!;
}

/** The document of a template's revision, which a suggestion was made against. */
async function baseDocument(db: Executor, shareId: number, revision: number): Promise<TreeDocument> {
  const document = await readRevisionDocument(db, shareId, revision);
  if (!document) throw notFound('No such revision.');
  return document;
}

/** The base revision's document and the proposed one of a suggestion. */
async function documentsOf(
  db: Executor,
  row: repo.SuggestionRow,
): Promise<{ base: TreeDocument; diff: TreeDiff; proposal: TreeDocument }> {
  const base = await baseDocument(db, row.share_id, row.base_revision);
  const diff = JSON.parse(row.proposal) as TreeDiff;
  return { base, diff, proposal: applyDiff(base, diff) };
}

/** A template's suggestions, newest first, of one status or all. */
export async function listSuggestions(
  deps: Deps,
  viewer: AuthUser | null,
  idOrUuid: string,
  status: SuggestionStatus | undefined,
  window: PageWindow,
): Promise<{ count: number; results: Suggestion[] }> {
  const share = await requireVisibleShare(deps.db, viewer, idOrUuid);
  const { count, rows } = await repo.listSuggestions(
    deps.db,
    { shareId: share.id, status },
    { offset: window.offset, limit: window.pageSize },
  );
  return { count, results: await present(deps, viewer, share.author_id, rows) };
}

/** One suggestion with its proposed document and the diff from its base revision. */
export async function getSuggestion(deps: Deps, viewer: AuthUser | null, id: number): Promise<SuggestionWithData> {
  const { row, share } = await requireSuggestion(deps, viewer, id);
  const [[suggestion], { diff, proposal }] = await Promise.all([
    present(deps, viewer, share.author_id, [row]),
    documentsOf(deps.db, row),
  ]);
  return { ...suggestion!, data: proposal, diff };
}

/**
 * Suggests edits to someone else's template: the proposal is `data` (checked as any save of a tree)
 * or the working copy of one of the caller's trees, made against the template's current revision.
 * A proposal that changes nothing is refused; 10 a day per user. The template's author hears of it
 * (`suggestion.posted`).
 */
export async function createSuggestion(
  deps: Deps,
  user: AuthUser,
  idOrUuid: string,
  body: SuggestionCreateBody,
): Promise<Suggestion> {
  const share = await requireVisibleShare(deps.db, user, idOrUuid);
  authorizeSuggest(user, share);
  const proposal =
    body.tree !== undefined ? await readTreeProposal(deps, user.id, body.tree) : checkProposedDocument(deps, body.data);
  const base = await baseDocument(deps.db, share.id, share.revision);
  const diff = diffDocuments(base, proposal);
  if (isEmptyDiff(diff)) throw invalid('The suggestion changes nothing in the template.');
  const release = await reserveEvents(
    deps,
    [[`suggestions:${user.id}`, { limit: SUGGESTIONS_PER_USER_DAY, seconds: 24 * 3600 }]],
    'Too many suggestions: at most 10 a day.',
  );
  try {
    const id = await deps.events.transaction(deps.db, async (trx, publish) => {
      const id = await repo.insertSuggestion(trx, {
        share_id: share.id,
        author_id: user.id,
        title: body.title,
        message: body.message ?? '',
        status: 'open',
        base_revision: share.revision,
        proposal: JSON.stringify(diff),
        ...countChanges(diff),
        reason: null,
        created_at: deps.clock.nowIso(),
        decided_at: null,
        decided_by: null,
      });
      await publish('suggestion.posted', {
        suggestionId: id,
        shareId: share.id,
        shareAuthorId: share.author_id,
        authorId: user.id,
      });
      return id;
    });
    return await presentOne(deps, user, share.author_id, id);
  } catch (error) {
    // Nothing was written: the attempt does not count against the limit.
    await release();
    throw error;
  }
}

/**
 * Accepts an open suggestion (the template's author only): merges it three-way into the source
 * tree's working copy (base: the revision it was made against; mine: the working copy; theirs: the
 * proposal, `resolve` picking a side per conflicting node), saves the result as a new version
 * "Suggestion #id: title" in `locale`, the author's language (without references to images the source tree does not own, such as the
 * suggester's), re-shares it as the template's next revision with the suggestion's title
 * as its changelog line, credits the suggester and marks the suggestion accepted, in one
 * transaction. Unresolved conflicts answer 409 with `conflicts`, and nothing is written; so does a
 * deleted source tree.
 */
export async function acceptSuggestion(
  deps: Deps,
  user: AuthUser,
  id: number,
  resolve: MergeResolution = {},
  locale: Locale = 'en-US',
): Promise<Suggestion> {
  const { row, share } = await requireSuggestion(deps, user, id);
  authorizeDecide(user, share);
  if (row.status !== 'open') throw conflict(NOT_OPEN);
  const { base, proposal } = await documentsOf(deps.db, row);
  const now = deps.clock.nowIso();
  await deps.events.transaction(deps.db, async (trx, publish) => {
    const source = await findShareRef(trx, String(share.id));
    if (!source) throw notFound('No such suggestion.');
    if (source.tree_id === null) throw conflict(SOURCE_GONE);
    const treeId = source.tree_id;
    const mine = await lockSourceWorkingCopy(trx, treeId);
    if (!mine) throw conflict(SOURCE_GONE);
    const locked = await repo.lockSuggestion(trx, deps.dialect, id);
    if (!locked || locked.status !== 'open') throw conflict(NOT_OPEN);
    const merged = mergeDocuments(base, mine.document, proposal, resolve);
    if (merged.conflicts.length > 0) {
      throw new AppError(
        409,
        'conflict',
        'The suggestion conflicts with changes made since: pick a side for each conflicting node.',
        undefined,
        { conflicts: conflictNodes(merged.conflicts) },
      );
    }
    const document = await dropForeignImages(trx, treeId, merged.document, mine.document);
    const saved = await saveSourceVersion(deps, trx, treeId, document, {
      message: formatMessage('Suggestion #{id}: {title}', locale, { id: String(id), title: row.title }),
      createdBy: user.id,
    });
    // The share as it is under the source tree's lock (a concurrent re-share went first).
    const current = (await findShare(trx, String(share.id)))!;
    await reviseShareIn(trx, publish, current, saved.document, { message: row.title, now });
    await addContributor(trx, share.id, row.author_id, now);
    await repo.decideSuggestion(trx, id, { status: 'accepted', decided_at: now, decided_by: user.id });
    await publish('suggestion.decided', {
      suggestionId: id,
      shareId: share.id,
      suggesterId: row.author_id,
      deciderId: user.id,
      status: 'accepted',
    });
  });
  await noteSharesChanged(deps);
  return presentOne(deps, user, share.author_id, id);
}

/** Rejects an open suggestion with a reason (the template's author only); the suggester hears of it. */
export async function rejectSuggestion(deps: Deps, user: AuthUser, id: number, reason: string): Promise<Suggestion> {
  const { row, share } = await requireSuggestion(deps, user, id);
  authorizeDecide(user, share);
  await deps.events.transaction(deps.db, async (trx, publish) => {
    const locked = await repo.lockSuggestion(trx, deps.dialect, id);
    if (!locked || locked.status !== 'open') throw conflict(NOT_OPEN);
    await repo.decideSuggestion(trx, id, {
      status: 'rejected',
      reason,
      decided_at: deps.clock.nowIso(),
      decided_by: user.id,
    });
    await publish('suggestion.decided', {
      suggestionId: id,
      shareId: share.id,
      suggesterId: row.author_id,
      deciderId: user.id,
      status: 'rejected',
    });
  });
  return presentOne(deps, user, share.author_id, id);
}

/** Withdraws one's own open suggestion. */
export async function withdrawSuggestion(deps: Deps, user: AuthUser, id: number): Promise<Suggestion> {
  const { row, share } = await requireSuggestion(deps, user, id);
  authorizeWithdraw(user, row);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await repo.lockSuggestion(trx, deps.dialect, id);
    if (!locked || locked.status !== 'open') throw conflict(NOT_OPEN);
    await repo.decideSuggestion(trx, id, { status: 'withdrawn', decided_at: deps.clock.nowIso(), decided_by: user.id });
  });
  return presentOne(deps, user, share.author_id, id);
}
