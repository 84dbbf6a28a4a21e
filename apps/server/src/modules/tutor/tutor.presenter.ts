import type { Subject, TutorConversation, TutorConversationSummary, TutorMessage } from '@arbor/contract';
import type { ConversationRow, MessageRow } from './tutor.repository.ts';

export function presentMessage(row: MessageRow): TutorMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    citations: JSON.parse(row.citations) as TutorMessage['citations'],
    created_at: row.created_at,
  };
}

export function presentSummary(row: ConversationRow, subject: Subject): TutorConversationSummary {
  return { uuid: row.uuid, subject, node_id: row.node_id, title: row.title, updated_at: row.updated_at };
}

export function presentConversation(row: ConversationRow, subject: Subject, messages: MessageRow[]): TutorConversation {
  return { uuid: row.uuid, subject, node_id: row.node_id, messages: messages.map(presentMessage) };
}
