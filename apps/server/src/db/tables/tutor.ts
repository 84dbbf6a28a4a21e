import type { Generated } from 'kysely';

/** A learner's conversation with the tutor on one subject (API.md "Tutor"); private to them. */
export interface TutorConversationsTable {
  id: Generated<number>;
  uuid: string;
  user_id: number;
  subject_kind: 'tree' | 'share';
  subject_id: number;
  /** the node it was opened on, null for the whole tree */
  node_id: string | null;
  title: string;
  created_at: string;
  updated_at: string;
}

export interface TutorMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  role: 'user' | 'assistant';
  /** Markdown */
  content: string;
  /** JSON array of {node_id, title} */
  citations: string;
  created_at: string;
}

export interface TutorTables {
  tutor_conversations: TutorConversationsTable;
  tutor_messages: TutorMessagesTable;
}
