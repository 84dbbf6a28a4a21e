import { z } from 'zod';
import { Id, UserSummary } from './common.ts';
import { ChangeCounts } from './community-history.ts';
import { TreeDocumentBody } from './trees.ts';

/** Suggested edits of templates (API.md "Template history and suggestions"). */

export const SUGGESTION_STATUSES = ['open', 'accepted', 'rejected', 'withdrawn'] as const;
export const SuggestionStatus = z.enum(SUGGESTION_STATUSES);
export type SuggestionStatus = z.infer<typeof SuggestionStatus>;

export const SuggestionAbilities = z
  .object({
    accept: z.boolean().describe("merge it into the template (the template's author, while it is open)"),
    reject: z.boolean().describe("turn it down with a reason (the template's author, while it is open)"),
    withdraw: z.boolean().describe('take it back (its author, while it is open)'),
  })
  .meta({ id: 'SuggestionAbilities' })
  .describe("what the caller may do with this suggestion, computed by the server's policy");
export type SuggestionAbilities = z.infer<typeof SuggestionAbilities>;

export const Suggestion = z
  .object({
    id: z.number().int(),
    share: z.number().int().describe('id of the template it suggests changes to'),
    author: UserSummary,
    title: z.string(),
    message: z.string().describe("what the suggester says about it ('' when nothing)"),
    status: SuggestionStatus,
    base_revision: z.number().int().describe("the template's revision it was made against"),
    changes: ChangeCounts.describe('against its base revision'),
    reason: z.string().nullable().describe("why the template's author rejected it"),
    created_at: z.string(),
    decided_at: z.string().nullable().describe('when it was accepted, rejected or withdrawn'),
    decided_by: UserSummary.nullable().describe('who accepted, rejected or withdrew it'),
    abilities: SuggestionAbilities,
  })
  .meta({ id: 'Suggestion' });
export type Suggestion = z.infer<typeof Suggestion>;

export const SuggestionWithData = Suggestion.extend({
  data: z.unknown().describe('the proposed template document'),
  diff: z.unknown().describe('the tree-core diff from its base revision to the proposal'),
}).meta({ id: 'SuggestionWithData' });
export type SuggestionWithData = z.infer<typeof SuggestionWithData>;

export const SuggestionListQuery = z.object({
  status: SuggestionStatus.optional().describe('only suggestions of this status'),
});

const TITLE_MESSAGE = 'A suggestion title is 1 to 200 characters.';
const MESSAGE_MESSAGE = 'A suggestion message is at most 5,000 characters.';
const SOURCE_MESSAGE = 'Send the proposed document as data, or the id of one of your trees as tree.';

/** POST: a suggestion with its proposed document (`data`), or the working copy of one's own tree (`tree`). */
export const SuggestionCreateBody = z
  .object({
    title: z.string({ error: TITLE_MESSAGE }).trim().min(1, TITLE_MESSAGE).max(200, TITLE_MESSAGE),
    message: z.string({ error: MESSAGE_MESSAGE }).max(5000, MESSAGE_MESSAGE).optional(),
    data: TreeDocumentBody.optional(),
    tree: Id.optional().describe('one of your trees whose working copy is the proposal'),
  })
  .refine((body) => (body.data === undefined) !== (body.tree === undefined), {
    message: SOURCE_MESSAGE,
    path: ['data'],
  });
export type SuggestionCreateBody = z.infer<typeof SuggestionCreateBody>;

/** POST accept: a side picked per conflicting node. */
export const SuggestionAcceptBody = z.object({
  resolve: z
    .record(z.string(), z.enum(['mine', 'theirs']))
    .optional()
    .describe("node id → `mine` (the source tree's working copy) or `theirs` (the suggestion)"),
});
export type SuggestionAcceptBody = z.infer<typeof SuggestionAcceptBody>;

const REASON_MESSAGE = 'A reason is 1 to 1,000 characters.';
/** POST reject: why. */
export const SuggestionRejectBody = z.object({
  reason: z.string({ error: REASON_MESSAGE }).trim().min(1, REASON_MESSAGE).max(1000, REASON_MESSAGE),
});
export type SuggestionRejectBody = z.infer<typeof SuggestionRejectBody>;

/** A node the three-way merge could not settle (the 409 of accept): the same shape as a sync's. */
export { MergeConflictNode as SuggestionConflict } from './tree-upstream.ts';
