import { z } from 'zod';
import { UserSummary } from './common.ts';

/** Community review (API.md "Community review"; not the recall reviews of recall.ts): a review is its author's rating of a template, with a text. */

export const REVIEW_ORDERINGS = ['-helpful_count', '-created_at', '-rating', 'rating'] as const;
export const ReviewOrdering = z.enum(REVIEW_ORDERINGS);

const REVIEW_BODY_MESSAGE = 'A review is 1 to 5,000 characters.';
/** Markdown as written (stored unchanged), not blank. */
export const ReviewText = z
  .string({ error: REVIEW_BODY_MESSAGE })
  .min(1, REVIEW_BODY_MESSAGE)
  .max(5000, REVIEW_BODY_MESSAGE)
  .refine((text) => text.trim().length > 0, REVIEW_BODY_MESSAGE);

const RATING_MESSAGE = 'Rating must be a whole number from 1 to 5.';
export const ReviewScore = z
  .number({ error: RATING_MESSAGE })
  .int(RATING_MESSAGE)
  .min(1, RATING_MESSAGE)
  .max(5, RATING_MESSAGE);

export const ReviewReply = z
  .object({ body: z.string(), created_at: z.string(), updated_at: z.string() })
  .meta({ id: 'ReviewReply' })
  .describe("the template author's answer to a review");
export type ReviewReply = z.infer<typeof ReviewReply>;

export const ReviewAbilities = z
  .object({
    update: z.boolean().describe('change its rating and text (its author)'),
    delete: z.boolean().describe('remove it (its author or an admin)'),
    mark_helpful: z.boolean().describe('mark it helpful or take the mark back (signed in, not its author)'),
    reply: z.boolean().describe("write, change or remove the template author's reply (the template's author)"),
    report: z.boolean().describe('report it to the moderators (signed in, not its author)'),
  })
  .meta({ id: 'ReviewAbilities' })
  .describe(
    "what the caller may do with this review, computed by the server's policy; a review a moderator hid takes no changes",
  );
export type ReviewAbilities = z.infer<typeof ReviewAbilities>;

export const Review = z
  .object({
    id: z.number().int(),
    share: z.number().int().describe('id of the reviewed template'),
    author: UserSummary,
    rating: z.number().int().min(1).max(5),
    body: z.string(),
    helpful_count: z.number().int(),
    my_helpful: z.boolean().describe('whether the caller marked this review helpful'),
    reply: ReviewReply.nullable(),
    abilities: ReviewAbilities,
    created_at: z.string(),
    updated_at: z.string(),
    hidden: z.boolean().optional().describe('true when hidden by a moderator; only sent to its author and admins'),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

export const ReviewListQuery = z.object({
  ordering: ReviewOrdering.optional(),
  rating: z
    .string()
    .regex(/^[1-5]$/, RATING_MESSAGE)
    .transform(Number)
    .optional()
    .describe('only reviews with this rating'),
  author: z.string().max(64).optional().describe("only this user's review (author id or username)"),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

/**
 * How the template's ratings spread over the stars, 5 first: every rating the average counts
 * (star-only ratings as well as written reviews; none a moderator hid).
 */
export const RatingHistogram = z
  .object({
    buckets: z.array(z.object({ stars: z.number().int().min(1).max(5), count: z.number().int() })).length(5),
    rating_count: z.number().int().describe('every counted rating, as `rating_count` on the template'),
    written_count: z.number().int().describe('those with a written review (the listed ones)'),
  })
  .meta({ id: 'RatingHistogram' });
export type RatingHistogram = z.infer<typeof RatingHistogram>;

/** POST: writes the caller's review of a template, replacing an earlier one. */
export const ReviewPostBody = z.object({ rating: ReviewScore, body: ReviewText });
export type ReviewPostBody = z.infer<typeof ReviewPostBody>;

/** PATCH: changes the rating, the text or both of one's own review. */
export const ReviewUpdateBody = z.object({ rating: ReviewScore.optional(), body: ReviewText.optional() });
export type ReviewUpdateBody = z.infer<typeof ReviewUpdateBody>;

export const HelpfulBody = z.object({ helpful: z.boolean({ error: 'Say whether the review is helpful.' }) });
export const HelpfulResponse = z.object({ helpful: z.boolean(), helpful_count: z.number().int() });

const REPLY_MESSAGE = 'A reply is at most 5,000 characters.';
/** The template author's reply; an empty (or blank) body removes it. */
export const ReviewReplyBody = z.object({
  body: z.string({ error: 'Write the reply, or send an empty one to remove it.' }).max(5000, REPLY_MESSAGE),
});
