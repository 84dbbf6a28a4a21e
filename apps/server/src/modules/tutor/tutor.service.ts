import { randomUUID } from 'node:crypto';
import type { Locale, TutorAnswer, TutorAskBody, TutorConversation, TutorConversationSummary } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { invalidField, notFound } from '../../lib/http-errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Trx } from '../../db/connection.ts';
import { allInOrder } from '../../lib/all-in-order.ts';
import { composeChat, loadChatSetup, runChat, type PreparedChat } from '../ai/index.ts';
import {
  learnerGrounding,
  resolveSubject,
  resolveSubjectById,
  type ResolvedSubject,
  type SubjectRefInput,
} from '../learning/index.ts';
import { resolveCitations, type TutorReply } from './citations.ts';
import { HISTORY_MESSAGES, tutorPrompt } from './tutor-context.ts';
import { presentConversation, presentMessage, presentSummary } from './tutor.presenter.ts';
import * as repo from './tutor.repository.ts';

const CONVERSATIONS_LISTED = 100;
const TITLE_MAX = 100;

/** A tutor turn whose every precondition held (subject, conversation, node, provider, model, quota). */
export interface PreparedTurn {
  user: AuthUser;
  resolved: ResolvedSubject;
  conversation: repo.ConversationRow | undefined;
  nodeId: string | null;
  message: string;
  chat: PreparedChat;
}

/** The caller's own conversation on this subject, else 404 (another learner's, or another subject's). */
function ownConversationOn(resolved: ResolvedSubject, row: repo.ConversationRow | undefined) {
  if (!row || row.subject_kind !== resolved.key.kind || row.subject_id !== resolved.key.subjectId) throw notFound();
  return row;
}

/** The subject, the conversation going on (if any), the node and the caller's grounding of a turn. */
async function readTurnContext(deps: Deps, user: AuthUser, body: TutorAskBody) {
  const [resolved, found] = await allInOrder([
    resolveSubject(deps, user, body),
    body.conversation ? repo.findOwnConversation(deps.db, user.id, body.conversation) : Promise.resolve(undefined),
  ]);
  const conversation = body.conversation ? ownConversationOn(resolved, found) : undefined;
  if (body.node_id !== undefined && !resolved.graph.indexOf.has(body.node_id))
    throw invalidField('node_id', 'This node is not in the tree.');
  // A conversation goes on about its node while that node is still in the document.
  const kept = conversation?.node_id ?? null;
  const nodeId = body.node_id ?? (kept !== null && resolved.graph.indexOf.has(kept) ? kept : null);
  const [grounding, earlier] = await Promise.all([
    learnerGrounding(deps, user, resolved, nodeId),
    conversation ? repo.findMessages(deps.db, conversation.id, HISTORY_MESSAGES) : [],
  ]);
  return { resolved, conversation, nodeId, grounding, earlier };
}

/**
 * Checks everything a tutor turn needs and builds its prompt from the caller's own grounding; every
 * refusal (400, 404, 429, 503) is thrown here, before any upstream call or stream. The provider,
 * model, quota and prompt are read while the subject and grounding are (the subject's refusals first).
 */
export async function prepareTutorTurn(
  deps: Deps,
  user: AuthUser,
  body: TutorAskBody,
  language: Locale,
): Promise<PreparedTurn> {
  const [context, setup] = await allInOrder([
    readTurnContext(deps, user, body),
    loadChatSetup(deps, user, { kind: 'tutor', promptKey: 'tutor', language, model: body.model }),
  ]);
  const { resolved, conversation, nodeId, grounding, earlier } = context;
  const { values, history } = tutorPrompt({
    resolved,
    grounding,
    nodeId,
    mode: body.mode ?? 'chat',
    message: body.message,
    language,
    history: earlier.map((m) => ({ role: m.role, content: m.content })),
  });
  const chat = composeChat(setup, { values, history });
  return { user, resolved, conversation, nodeId, message: body.message, chat };
}

/** Keeps the learner's message and the answer (a new conversation with them) in the answer's log transaction. */
async function keepTurn(trx: Trx, turn: PreparedTurn, value: TutorReply, now: string) {
  let conversation = turn.conversation;
  if (conversation) await repo.touchConversation(trx, conversation.id, now);
  else {
    const row = {
      uuid: randomUUID(),
      user_id: turn.user.id,
      subject_kind: turn.resolved.key.kind,
      subject_id: turn.resolved.key.subjectId,
      node_id: turn.nodeId,
      title: turn.message.replace(/\s+/g, ' ').slice(0, TITLE_MAX),
      created_at: now,
      updated_at: now,
    };
    conversation = { ...row, id: await repo.insertConversation(trx, row) };
  }
  const inserted = await repo.insertMessages(trx, [
    { conversation_id: conversation.id, role: 'user', content: turn.message, citations: '[]', created_at: now },
    {
      conversation_id: conversation.id,
      role: 'assistant',
      content: value.content,
      citations: JSON.stringify(value.citations),
      created_at: now,
    },
  ]);
  return {
    conversation: conversation.uuid,
    message: presentMessage(inserted.find((row) => row.role === 'assistant')!),
  };
}

/**
 * Runs a prepared turn, whole or streamed, and only once the model answered keeps the learner's
 * message and the answer (a new conversation with them), in the transaction that logs the call: a
 * failed or cancelled call leaves nothing half-written, and is logged by the AI module like every call.
 */
export async function runTutorTurn(
  deps: Deps,
  turn: PreparedTurn,
  options: { signal?: AbortSignal; onDelta?: (text: string) => void } = {},
): Promise<TutorAnswer> {
  const { document, graph } = turn.resolved;
  const titleOf = (id: string) => document.nodes[graph.indexOf.get(id) ?? -1]?.title;
  const { value, logId } = await runChat(deps, turn.chat, (answer) => resolveCitations(answer.text, titleOf), {
    ...options,
    keep: (trx, reply) => keepTurn(trx, turn, reply, deps.clock.nowIso()),
  });
  return { ...value, request_log: logId };
}

/** The caller's conversations on a subject they may read, newest first. */
export async function listConversations(
  deps: Deps,
  user: AuthUser,
  ref: SubjectRefInput,
): Promise<TutorConversationSummary[]> {
  const resolved = await resolveSubject(deps, user, ref);
  const rows = await repo.listOwnConversations(deps.db, resolved.key, CONVERSATIONS_LISTED);
  return rows.map((row) => presentSummary(row, resolved.subject));
}

/** The caller's own conversation whose subject they may still read; else 404. */
async function readableOwnConversation(deps: Deps, user: AuthUser, uuid: string) {
  const row = await repo.findOwnConversation(deps.db, user.id, uuid);
  const resolved = row && (await resolveSubjectById(deps, user, row.subject_kind, row.subject_id));
  if (!row || !resolved) throw notFound();
  return { row, resolved };
}

export async function getConversation(deps: Deps, user: AuthUser, uuid: string): Promise<TutorConversation> {
  const { row, resolved } = await readableOwnConversation(deps, user, uuid);
  return presentConversation(row, resolved.subject, await repo.findMessages(deps.db, row.id));
}

export async function deleteConversation(deps: Deps, user: AuthUser, uuid: string): Promise<void> {
  const row = await repo.findOwnConversation(deps.db, user.id, uuid);
  if (!row) throw notFound();
  await deps.db.transaction().execute((trx) => repo.deleteConversation(trx, row.id));
}
