import { NodeId } from '@arbor/tree-core';
import { z } from 'zod';
import { Id, idQuery, UserSummary } from './common.ts';
import { PageQuery } from './pagination.ts';

/** API.md "Community review", **Comments**: threads on a template, optionally anchored to a node. */

export const COMMENT_MAX_LENGTH = 5000;

/** Markdown as written (stored untrimmed), 1–5,000 characters with something besides spaces. */
export const CommentText = z
  .string()
  .max(COMMENT_MAX_LENGTH, 'A comment is at most 5,000 characters.')
  .refine((body) => body.trim().length > 0, 'Write something in the comment.');

export const CommentAbilities = z
  .object({
    reply: z.boolean().describe('answer in its thread (signed in; a deleted top-level comment still takes replies)'),
    update: z.boolean().describe('edit its text (its author)'),
    delete: z.boolean().describe("remove it (its author, the template's author or an admin)"),
    report: z.boolean().describe('report it to the moderators (signed in, not its author)'),
  })
  .meta({ id: 'CommentAbilities' })
  .describe(
    "what the caller may do with this comment, computed by the server's policy; a deleted comment or one a moderator hid takes no changes",
  );
export type CommentAbilities = z.infer<typeof CommentAbilities>;

export const Comment = z
  .object({
    id: z.number().int(),
    share: z.number().int(),
    node_id: z.string().nullable().describe('the node of the snapshot the thread is about, or null'),
    parent: z.number().int().nullable().describe("the thread's top-level comment; null on a top-level comment"),
    author: UserSummary.nullable().describe('null once deleted'),
    body: z.string().describe('Markdown; empty once deleted'),
    created_at: z.string(),
    edited_at: z.string().nullable(),
    deleted: z.boolean().describe('a deleted top-level comment kept for its replies'),
    replies_count: z.number().int(),
    abilities: CommentAbilities,
    hidden: z.boolean().optional().describe('true when hidden by a moderator; only sent to its author and admins'),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof Comment>;

export const CommentCreateBody = z.object({
  body: CommentText,
  node_id: NodeId.optional(),
  parent: Id.optional().describe('a comment of this template; a reply to a reply joins its thread'),
});
export type CommentCreateBody = z.infer<typeof CommentCreateBody>;

export const CommentUpdateBody = z.object({ body: CommentText });
export type CommentUpdateBody = z.infer<typeof CommentUpdateBody>;

export const CommentListQuery = PageQuery.extend({
  node_id: NodeId.optional().describe('only the threads on this node'),
  parent: idQuery('parent').optional().describe("a top-level comment: lists that thread's replies, oldest first"),
});
export type CommentListQuery = z.infer<typeof CommentListQuery>;

export const CommentNodeCounts = z
  .record(z.string(), z.number().int())
  .describe('node id → comments on it (replies included, deleted ones not)');
export type CommentNodeCounts = z.infer<typeof CommentNodeCounts>;
