import type { Generated } from 'kysely';

export interface SharesTable {
  id: Generated<number>;
  uuid: string;
  /** the source tree; null once that tree is deleted (the share stays as a snapshot) */
  tree_id: number | null;
  author_id: number;
  title: string;
  description: string;
  /** JSON array of tags as their author wrote them */
  tags: string;
  /** lower-cased title, description and tags: what search matches against */
  search_text: string;
  node_count: number;
  cover_key: string | null;
  likes_count: Generated<number>;
  rating_sum: Generated<number>;
  rating_count: Generated<number>;
  rating_avg: Generated<number>;
  views_count: Generated<number>;
  uses_count: Generated<number>;
  hot_score: Generated<number>;
  /** 0/1: hidden by a moderator (seen only by its author and admins) */
  hidden: Generated<number>;
  /** number of the current revision (the one in `share_snapshots`); 1 on the first share */
  revision: Generated<number>;
  created_at: string;
  updated_at: string;
}

/**
 * One revision of a template (its first share or a re-share), stored as a forward delta chain like
 * tree versions (`lib/delta-chain.ts`), with change counts against the revision before.
 */
export interface ShareRevisionsTable {
  id: Generated<number>;
  share_id: number;
  revision: number;
  /** the changelog line, '' when none was given */
  message: string;
  node_count: number;
  added: number;
  removed: number;
  changed: number;
  moved: number;
  created_at: string;
  /** `snapshot`: payload is the whole document; `delta`: a TreeDiff against the previous revision of its chain */
  storage: 'snapshot' | 'delta';
  /** for deltas, the id of the snapshot their chain starts from */
  snapshot_id: number | null;
  payload: string;
  payload_bytes: number;
}

/** A user credited on a template (the author of an accepted suggestion). */
export interface ShareContributorsTable {
  share_id: number;
  user_id: number;
  created_at: string;
}

export type SuggestionStatus = 'open' | 'accepted' | 'rejected' | 'withdrawn';

/** A suggested edit of a template: the proposed document as a `TreeDiff` from its base revision. */
export interface ShareSuggestionsTable {
  id: Generated<number>;
  share_id: number;
  author_id: number;
  title: string;
  message: string;
  status: SuggestionStatus;
  /** the template's revision the suggestion was made against */
  base_revision: number;
  /** a tree-core `TreeDiff` (JSON) from the base revision's document to the proposed one */
  proposal: string;
  added: number;
  removed: number;
  changed: number;
  moved: number;
  /** why the template's author rejected it; null otherwise */
  reason: string | null;
  created_at: string;
  /** when it was accepted, rejected or withdrawn */
  decided_at: string | null;
  /** who accepted, rejected or withdrew it (null while open, or once that account is gone) */
  decided_by: number | null;
}

/** The shared snapshot (a TreeDocument as JSON), apart from `shares` so list queries never read it. */
export interface ShareSnapshotsTable {
  share_id: number;
  data: string;
}

export interface ShareTagsTable {
  share_id: number;
  /** lower-cased for matching */
  tag: string;
  display: string;
  /** copy of the share's created_at: hot tags weigh recent shares more without a join */
  created_at: string;
}

export interface ShareLikesTable {
  share_id: number;
  user_id: number;
  created_at: string;
}

/**
 * A user's rating of a template; with a `body` it is their review (API.md "Community review"), so a
 * rating and a review are one row and `rating_avg` counts each user once.
 */
export interface ShareRatingsTable {
  id: Generated<number>;
  share_id: number;
  user_id: number;
  score: number;
  /** the review's Markdown; null for a rating without a text (not listed as a review) */
  body: string | null;
  helpful_count: Generated<number>;
  /** the template author's reply */
  reply_body: string | null;
  reply_created_at: string | null;
  reply_updated_at: string | null;
  /** 0/1: hidden by a moderator; a hidden review's rating is out of the share's rating counters */
  hidden: Generated<number>;
  /** when the review was written (or the rating given, while there is no text) */
  created_at: string;
  updated_at: string;
}

/** "This review was helpful": one vote per user and review. */
export interface ReviewHelpfulVotesTable {
  review_id: number;
  user_id: number;
  created_at: string;
}

export interface ShareViewsTable {
  share_id: number;
  /** `u:<user id>` or `a:<hash of the anonymous client>` */
  viewer_key: string;
  viewed_at: string;
}

export interface CommunityTables {
  shares: SharesTable;
  share_snapshots: ShareSnapshotsTable;
  share_revisions: ShareRevisionsTable;
  share_contributors: ShareContributorsTable;
  share_suggestions: ShareSuggestionsTable;
  share_tags: ShareTagsTable;
  share_likes: ShareLikesTable;
  share_ratings: ShareRatingsTable;
  review_helpful_votes: ReviewHelpfulVotesTable;
  share_views: ShareViewsTable;
}
