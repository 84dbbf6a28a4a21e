import { NodeId } from '@arbor/tree-core';
import { z } from 'zod';
import { Id, Locale } from './common.ts';
import { ModelRef } from './ai.ts';
import { exactlyOneSubject, oneSubjectIssue, Subject, subjectFields } from './learning.ts';

/** API.md "Tutor": an AI tutor grounded in the tree and in what the learner knows, private to them. */

export const TUTOR_MESSAGE_MAX = 4_000;
export const TUTOR_MODES = ['chat', 'explain', 'quiz', 'next'] as const;
export const TutorMode = z.enum(TUTOR_MODES);
export type TutorMode = z.infer<typeof TutorMode>;

export const TutorCitation = z.object({ node_id: z.string(), title: z.string() });
export type TutorCitation = z.infer<typeof TutorCitation>;

export const TutorMessage = z
  .object({
    id: z.number().int(),
    role: z.enum(['user', 'assistant']),
    content: z.string().describe('Markdown; citations stay as [[node:<id>]] for nodes of the document'),
    citations: z.array(TutorCitation),
    created_at: z.string(),
  })
  .meta({ id: 'TutorMessage' });
export type TutorMessage = z.infer<typeof TutorMessage>;

export const TutorAskBody = z
  .object({
    ...subjectFields,
    node_id: NodeId.optional(),
    conversation: z.uuid('Not a conversation id.').optional(),
    message: z.string().trim().min(1, 'Write a message.').max(TUTOR_MESSAGE_MAX, 'At most 4,000 characters.'),
    mode: TutorMode.optional().describe('chat (default), explain, quiz or next'),
    language: Locale.optional().describe("the answer's language; Accept-Language's when absent"),
    model: ModelRef.optional(),
  })
  .refine(exactlyOneSubject, oneSubjectIssue);
export type TutorAskBody = z.infer<typeof TutorAskBody>;

export const TutorAnswer = z
  .object({ conversation: z.string(), message: TutorMessage, request_log: Id })
  .meta({ id: 'TutorAnswer' });
export type TutorAnswer = z.infer<typeof TutorAnswer>;

export const TutorConversationQuery = z.object(subjectFields).refine(exactlyOneSubject, oneSubjectIssue);

export const TutorConversationSummary = z
  .object({
    uuid: z.string(),
    subject: Subject,
    node_id: z.string().nullable(),
    title: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'TutorConversationSummary' });
export type TutorConversationSummary = z.infer<typeof TutorConversationSummary>;

export const TutorConversation = z
  .object({
    uuid: z.string(),
    subject: Subject,
    node_id: z.string().nullable(),
    messages: z.array(TutorMessage),
  })
  .meta({ id: 'TutorConversation' });
export type TutorConversation = z.infer<typeof TutorConversation>;

/** Any text: an id that is not a uuid is simply not found (404), like one of another learner. */
export const TutorConversationParam = z.object({ uuid: z.string().max(64) });
