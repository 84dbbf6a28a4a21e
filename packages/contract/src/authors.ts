import { z } from 'zod';
import { UserSummary } from './common.ts';
import { Share } from './community.ts';

/** Authors, following, the feed and collections (API.md "Authors, following, collections, notifications"). */

export const Author = z
  .object({
    id: z.number().int(),
    username: z.string(),
    nickname: z.string(),
    avatar_url: z.string(),
    bio: z.string(),
    date_joined: z.string(),
    shares_count: z.number().int(),
    followers_count: z.number().int(),
    following_count: z.number().int(),
    likes_received: z.number().int().describe("likes on the author's templates"),
    followed: z.boolean().describe('whether the caller follows this author'),
  })
  .meta({ id: 'Author' });
export type Author = z.infer<typeof Author>;

export const UsernameParam = z.object({
  username: z.string().min(1).max(150),
});

export const FollowBody = z.object({
  following: z.boolean({ error: 'Say whether to follow: true or false.' }),
});
export const FollowResponse = z.object({ following: z.boolean(), followers_count: z.number().int() });

export const FEED_KINDS = ['shared', 'revised'] as const;
export const FeedEntry = z
  .object({
    kind: z.enum(FEED_KINDS),
    share: Share,
    revision: z
      .number()
      .int()
      .nullable()
      .describe('1 for the first sharing, then one more for each re-share; null when not known'),
    message: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'FeedEntry' });
export type FeedEntry = z.infer<typeof FeedEntry>;

export const COLLECTION_VISIBILITIES = ['public', 'private'] as const;
const TITLE_MESSAGE = 'A title is 1 to 100 characters.';
const DESCRIPTION_MESSAGE = 'A description is at most 1,000 characters.';
const VISIBILITY_MESSAGE = 'Visibility is "public" or "private".';

export const CollectionBody = z.object({
  title: z.string({ error: TITLE_MESSAGE }).trim().min(1, TITLE_MESSAGE).max(100, TITLE_MESSAGE),
  description: z.string({ error: DESCRIPTION_MESSAGE }).max(1000, DESCRIPTION_MESSAGE).optional(),
  visibility: z.enum(COLLECTION_VISIBILITIES, { error: VISIBILITY_MESSAGE }),
});
export type CollectionBody = z.infer<typeof CollectionBody>;
export const CollectionUpdateBody = CollectionBody.partial();
export type CollectionUpdateBody = z.infer<typeof CollectionUpdateBody>;

export const CollectionAbilities = z
  .object({
    update: z.boolean().describe('change its title, description and visibility (its owner)'),
    delete: z.boolean().describe('delete it (its owner)'),
    manage_items: z.boolean().describe('add, remove, reorder and annotate its templates (its owner)'),
  })
  .meta({ id: 'CollectionAbilities' })
  .describe("what the caller may do with this collection, computed by the server's policy");
export type CollectionAbilities = z.infer<typeof CollectionAbilities>;

export const Collection = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    title: z.string(),
    description: z.string(),
    visibility: z.enum(COLLECTION_VISIBILITIES),
    owner: UserSummary,
    items_count: z.number().int(),
    abilities: CollectionAbilities,
    created_at: z.string(),
    updated_at: z.string(),
    has_share: z
      .boolean()
      .optional()
      .describe('whether the collection holds the template named by `?share=` (only when the list is asked with it)'),
  })
  .meta({ id: 'Collection' });
export type Collection = z.infer<typeof Collection>;

export const CollectionItem = z
  .object({ share: Share, note: z.string(), added_at: z.string() })
  .meta({ id: 'CollectionItem' });
export type CollectionItem = z.infer<typeof CollectionItem>;

export const CollectionWithItems = Collection.extend({ items: z.array(CollectionItem) }).meta({
  id: 'CollectionWithItems',
});
export type CollectionWithItems = z.infer<typeof CollectionWithItems>;

const SHARE_REF = /^(\d{1,12}|[0-9a-f-]{36})$/i;

export const CollectionListQuery = z.object({
  owner: z.string().max(150).optional().describe("a username: that user's public collections"),
  share: z
    .string()
    .regex(SHARE_REF, 'Give a numeric id or a uuid.')
    .optional()
    .describe('a template (id or uuid): each collection then says in `has_share` whether it holds it'),
});

const ITEM_SHARE_MESSAGE = 'Give the template as a numeric id or a uuid.';
const NOTE_MESSAGE = 'A note is at most 1,000 characters.';
export const CollectionItemBody = z.object({
  share: z.union([z.number().int().positive().max(2_147_483_647), z.string().regex(/^[0-9a-f-]{36}$/i)], {
    error: ITEM_SHARE_MESSAGE,
  }),
  note: z.string({ error: NOTE_MESSAGE }).max(1000, NOTE_MESSAGE).optional(),
});
export type CollectionItemBody = z.infer<typeof CollectionItemBody>;

export const CollectionParams = z.object({
  id: z.string().regex(SHARE_REF, 'Give a numeric id or a uuid.'),
});
export const CollectionItemParams = CollectionParams.extend({
  share: z.string().regex(SHARE_REF, 'Give a numeric id or a uuid.'),
});

const POSITION_MESSAGE = 'A position is a whole number from 0.';
export const CollectionItemUpdateBody = z.object({
  note: z.string({ error: NOTE_MESSAGE }).max(1000, NOTE_MESSAGE).optional(),
  position: z
    .number({ error: POSITION_MESSAGE })
    .int(POSITION_MESSAGE)
    .min(0, POSITION_MESSAGE)
    .max(100_000, POSITION_MESSAGE)
    .optional()
    .describe('where the item goes in the collection, 0 first; a position past the end puts it last'),
});
export type CollectionItemUpdateBody = z.infer<typeof CollectionItemUpdateBody>;
