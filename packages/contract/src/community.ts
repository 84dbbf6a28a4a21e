import { TreeDocument } from '@arbor/tree-core';
import { z } from 'zod';
import { Id, UserSummary } from './common.ts';

/** A tag as written by its author: trimmed, 1–30 characters; matching is case-insensitive. */
export const ShareTag = z.string().trim().min(1, 'Tags must not be empty.').max(30, 'Tags are at most 30 characters.');
export const ShareTags = z.array(ShareTag).min(1, 'Give at least one tag.').max(10, 'At most 10 tags.');

export const SHARE_ORDERINGS = [
  '-created_at',
  '-likes_count',
  '-rating_avg',
  '-views_count',
  '-uses_count',
  '-hot',
] as const;
export const ShareOrdering = z.enum(SHARE_ORDERINGS);

export const ShareAbilities = z
  .object({
    update: z.boolean().describe('edit the title, description and tags'),
    delete: z.boolean().describe('withdraw the template (its author or an admin)'),
    like: z.boolean(),
    rate: z.boolean(),
    use: z.boolean().describe('fork it into a tree of ones own'),
    review: z.boolean().describe('write a review (signed in, not its author)'),
    comment: z.boolean().describe('post in its discussion (signed in)'),
    delete_comments: z.boolean().describe("delete anyone's comment in its discussion (its author or an admin)"),
    report: z.boolean().describe('report it to the moderators (signed in, not its author)'),
    suggest: z.boolean().describe('suggest edits to it (signed in, not its author)'),
  })
  .meta({ id: 'ShareAbilities' })
  .describe("what the caller may do with this template, computed by the server's policy");
export type ShareAbilities = z.infer<typeof ShareAbilities>;

export const Share = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    tree: z.number().int().nullable().describe('source tree id; only shown to the author'),
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    cover_url: z.string().nullable(),
    author: UserSummary,
    node_count: z.number().int(),
    likes_count: z.number().int(),
    rating_avg: z.number(),
    rating_count: z.number().int(),
    views_count: z.number().int(),
    uses_count: z.number().int(),
    liked: z.boolean(),
    my_rating: z.number().int().min(1).max(5).nullable(),
    abilities: ShareAbilities,
    revision: z.number().int().describe('number of the current revision: 1 on the first share, one more per re-share'),
    contributors: z.array(UserSummary).describe('authors of accepted suggestions'),
    created_at: z.string(),
    updated_at: z.string(),
    hidden: z.boolean().optional().describe('true when hidden by a moderator; only sent to its author and admins'),
  })
  .meta({ id: 'Share' });
export type Share = z.infer<typeof Share>;

export const ShareWithData = Share.extend({
  data: TreeDocument,
  images: z
    .record(z.string(), z.string())
    .describe("node id → URL of the node's image (the source tree's images the snapshot points at)"),
}).meta({ id: 'ShareWithData' });
export type ShareWithData = z.infer<typeof ShareWithData>;

export const ShareTreeAnswer = ShareWithData.extend({
  unchanged: z
    .boolean()
    .optional()
    .describe(
      'true on a re-share whose document equals the current revision: no revision was recorded (title, description, tags and cover were still updated)',
    ),
}).meta({ id: 'ShareTreeAnswer' });
export type ShareTreeAnswer = z.infer<typeof ShareTreeAnswer>;

export const ShareListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  tags: z.string().max(400).optional().describe('comma-separated; every tag must match'),
  author: z.string().max(64).optional().describe('author id or username'),
  ordering: ShareOrdering.optional(),
});

export const ShareTreeBody = z.object({
  tree: Id,
  version: Id.optional(),
  title: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(2000).optional(),
  tags: ShareTags.optional(),
  cover: z.string().max(2_000_000).optional().describe('a PNG/JPEG/WebP data URL of the canvas'),
  message: z
    .string()
    .trim()
    .max(500, 'A revision message is at most 500 characters.')
    .optional()
    .describe('the changelog line of this revision'),
});
export type ShareTreeBody = z.infer<typeof ShareTreeBody>;

export const ShareUpdateBody = z.object({
  title: z.string().trim().min(1).max(200).optional(),
  description: z.string().max(2000).optional(),
  tags: ShareTags.optional(),
});

export const LikeBody = z.object({ liked: z.boolean().optional() });
export const LikeResponse = z.object({ liked: z.boolean(), likes_count: z.number().int() });

export const RateBody = z.object({
  score: z
    .number({ error: 'Score must be a whole number from 1 to 5.' })
    .int('Score must be a whole number from 1 to 5.')
    .min(1, 'Score must be a whole number from 1 to 5.')
    .max(5, 'Score must be a whole number from 1 to 5.'),
});
export const RateResponse = z.object({
  my_rating: z.number().int(),
  rating_avg: z.number(),
  rating_count: z.number().int(),
});

export const ViewResponse = z.object({ views_count: z.number().int() });
export const UseTreeBody = z.object({ title: z.string().trim().min(1).max(200).optional() });

export const HotTagsQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });
export const HotTag = z.object({ tag: z.string(), count: z.number().int() });
export const HotTagsResponse = z.array(HotTag);
