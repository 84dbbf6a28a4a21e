import type { Generated } from 'kysely';

/** A user's report of a template, review, comment or user. */
export interface ModerationReportsTable {
  id: Generated<number>;
  /** null once the reporter's account is gone */
  reporter_id: number | null;
  target_kind: 'share' | 'review' | 'comment' | 'user';
  target_id: number;
  reason: 'spam' | 'abuse' | 'copyright' | 'other';
  details: Generated<string>;
  status: Generated<'open' | 'resolved'>;
  action: string | null;
  created_at: string;
  resolved_at: string | null;
}

/** What an admin did, and to what. */
export interface ModerationLogTable {
  id: Generated<number>;
  admin_id: number | null;
  action: string;
  target_kind: 'share' | 'review' | 'comment' | 'user';
  target_id: number;
  report_id: number | null;
  note: Generated<string>;
  created_at: string;
}

/** A tree whose hidden template was withdrawn: its next template starts hidden. */
export interface WithheldTreesTable {
  tree_id: number;
  created_at: string;
}

export interface ModerationTables {
  moderation_reports: ModerationReportsTable;
  moderation_log: ModerationLogTable;
  withheld_trees: WithheldTreesTable;
}
