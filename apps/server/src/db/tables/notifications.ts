import type { Generated } from 'kysely';

/** A notification of what `actor_id` did, for `recipient_id`. */
export interface NotificationsTable {
  id: Generated<number>;
  recipient_id: number;
  kind: string;
  /** null once the actor's account is gone */
  actor_id: number | null;
  target_kind: string;
  target_id: number;
  target_uuid: string | null;
  target_title: string;
  /** the template's node it is about (a comment on a node's thread), or null */
  target_node: string | null;
  /** which of the kind's sentences (report_resolved: the action taken); null when it has one */
  detail: string | null;
  /** 0/1 */
  read: Generated<number>;
  created_at: string;
}

export interface NotificationsTables {
  notifications: NotificationsTable;
}
