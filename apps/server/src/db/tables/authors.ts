import type { Generated } from 'kysely';

/** `follower_id` follows `followee_id`. */
export interface AuthorFollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: string;
}

/** A user's follow counts, kept exact by the follow and unfollow transactions (absent: both 0). */
export interface AuthorCountersTable {
  user_id: number;
  followers_count: Generated<number>;
  following_count: Generated<number>;
}

export interface CollectionsTable {
  id: Generated<number>;
  uuid: string;
  owner_id: number;
  title: string;
  description: Generated<string>;
  /** `public` or `private` */
  visibility: string;
  items_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CollectionItemsTable {
  id: Generated<number>;
  collection_id: number;
  share_id: number;
  note: Generated<string>;
  added_at: string;
  /** the owner's order: ascending, then the last added first */
  position: Generated<number>;
}

export interface AuthorsTables {
  author_follows: AuthorFollowsTable;
  author_counters: AuthorCountersTable;
  collections: CollectionsTable;
  collection_items: CollectionItemsTable;
}
