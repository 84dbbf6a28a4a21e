import type { Generated } from 'kysely';

/** A comment on a template: a top-level comment (`parent_id` null) or a reply in its thread. */
export interface ShareCommentsTable {
  id: Generated<number>;
  share_id: number;
  /** the node of the snapshot the thread is about; a reply carries its thread's */
  node_id: string | null;
  parent_id: number | null;
  /** null once deleted */
  author_id: number | null;
  body: string;
  created_at: string;
  edited_at: string | null;
  /** 0/1: a deleted top-level comment kept for its replies */
  deleted: Generated<number>;
  /** the thread's replies (on top-level comments) */
  replies_count: Generated<number>;
  /** 0/1: hidden by a moderator (seen only by its author and admins; out of every count) */
  hidden: Generated<number>;
}

export interface CommentsTables {
  share_comments: ShareCommentsTable;
}
