import { NodeId } from '@arbor/tree-core';
import { z } from 'zod';
import { PageQuery } from './pagination.ts';

/** API.md "Learning": progress, notes and goal paths, private to their learner. */

const Uuid = z.string().trim().min(1).max(64);

export const LEARNING_STATUSES = ['todo', 'learning', 'done', 'skipped'] as const;
export const LearningStatusValue = z.enum(LEARNING_STATUSES);
export type LearningStatusValue = z.infer<typeof LearningStatusValue>;

export const SubjectKind = z.enum(['tree', 'share']);
export type SubjectKind = z.infer<typeof SubjectKind>;

/** A subject is named by exactly one of `tree` (a tree uuid) or `share` (a share uuid); neither or both gives 400. */
export const subjectFields = { tree: Uuid.optional(), share: Uuid.optional() };
export const exactlyOneSubject = <T extends { tree?: string; share?: string }>(s: T) =>
  (s.tree === undefined) !== (s.share === undefined);
export const oneSubjectIssue = { message: 'Name exactly one of tree or share.', path: ['tree'] };
export const atMostOneSubject = <T extends { tree?: string; share?: string }>(s: T) =>
  s.tree === undefined || s.share === undefined;
export const atMostOneSubjectIssue = { message: 'Name at most one of tree or share.', path: ['tree'] };

export const Subject = z
  .object({ kind: SubjectKind, uuid: z.string(), title: z.string() })
  .meta({ id: 'LearningSubject' });
export type Subject = z.infer<typeof Subject>;

export const NodeProgress = z.object({
  status: LearningStatusValue,
  mastery: z.number().int().min(0).max(3),
  updated_at: z.string(),
});
export type NodeProgress = z.infer<typeof NodeProgress>;

export const Progress = z
  .object({
    subject: Subject,
    nodes: z.record(z.string(), NodeProgress).describe('only nodes whose status is not todo'),
    locked: z.array(z.string()).describe('nodes waiting for one that is neither done nor skipped'),
    summary: z.object({
      counted: z.number().int(),
      done: z.number().int(),
      learning: z.number().int(),
      skipped: z.number().int(),
      percent: z.number().int(),
    }),
  })
  .meta({ id: 'Progress' });
export type Progress = z.infer<typeof Progress>;

export const ProgressQuery = z.object(subjectFields).refine(exactlyOneSubject, oneSubjectIssue);

export const ProgressUpdateBody = z
  .object({
    ...subjectFields,
    node_id: NodeId,
    status: LearningStatusValue,
    with_prerequisites: z
      .boolean()
      .optional()
      .describe(
        'with done: also marks done all the node waits for (every status is in the answer); of the automatic ' +
          'cards this makes, one request writes at most 500 itself and a background job writes the rest moments later',
      ),
  })
  .refine(exactlyOneSubject, oneSubjectIssue);
export type ProgressUpdateBody = z.infer<typeof ProgressUpdateBody>;

export const ProgressBulkBody = z
  .object({
    ...subjectFields,
    items: z
      .array(z.object({ node_id: NodeId, status: LearningStatusValue }))
      .min(1, 'Give at least one item.')
      .max(500, 'At most 500 items.'),
  })
  .refine(exactlyOneSubject, oneSubjectIssue);
export type ProgressBulkBody = z.infer<typeof ProgressBulkBody>;

export const PathQuery = z.object({ ...subjectFields, target: NodeId }).refine(exactlyOneSubject, oneSubjectIssue);

export const LearningPath = z
  .object({
    target: z.string(),
    steps: z.array(
      z.object({
        node_id: z.string(),
        title: z.string(),
        status: LearningStatusValue,
        estimate_minutes: z.number().int().nullable(),
      }),
    ),
    total_minutes: z.number().int(),
  })
  .meta({ id: 'LearningPath' });
export type LearningPath = z.infer<typeof LearningPath>;

/** A group's assignment of a subject, as `/api/learn/subjects/` shows it to the member. */
export const SubjectAssignment = z.object({
  group: z.object({ uuid: z.string(), name: z.string() }),
  due_date: z.string().nullable(),
});
export type SubjectAssignment = z.infer<typeof SubjectAssignment>;

export const LearningSubjectSummary = z
  .object({
    kind: SubjectKind,
    uuid: z.string(),
    title: z.string(),
    summary: Progress.shape.summary,
    due_cards: z.number().int(),
    retention: z
      .number()
      .nullable()
      .describe(
        'the mean retention of the subject’s nodes now (GET /api/learn/memory/ summary.retention); null with no reviewed cards',
      ),
    last_activity_at: z.string(),
    assignments: z
      .array(SubjectAssignment)
      .describe('the groups that assigned this subject to the caller (API.md "Groups"); empty when none'),
  })
  .meta({ id: 'LearningSubjectSummary' });
export type LearningSubjectSummary = z.infer<typeof LearningSubjectSummary>;

export const SubjectsQuery = PageQuery;

export const ActivityQuery = z.object({
  days: z
    .string()
    .regex(/^\d+$/, 'days must be a whole number from 1 to 366')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 366, 'days must be a whole number from 1 to 366')
    .optional(),
});

export const Activity = z
  .object({
    timezone: z.string(),
    days: z.array(z.object({ date: z.string(), progress: z.number().int(), reviews: z.number().int() })),
    streak: z.object({ current: z.number().int(), longest: z.number().int() }),
  })
  .meta({ id: 'LearningActivity' });
export type Activity = z.infer<typeof Activity>;

export const NOTE_MAX_CHARS = 20_000;

export const Note = z
  .object({ node_id: z.string(), content: z.string(), updated_at: z.string() })
  .meta({ id: 'LearningNote' });
export type Note = z.infer<typeof Note>;

/** 409 of `PUT /api/learn/notes/` with `base_updated_at`: the stored note, newer than the client's base. */
export const NoteConflict = z
  .object({ code: z.literal('conflict'), detail: z.string(), note: Note })
  .meta({ id: 'LearningNoteConflict' });
export type NoteConflict = z.infer<typeof NoteConflict>;

export const NoteBody = z
  .object({
    ...subjectFields,
    node_id: NodeId,
    content: z.string().max(NOTE_MAX_CHARS, 'Notes are at most 20,000 characters.'),
    /** The `updated_at` the client edited from (an offline edit): a newer stored note answers 409 (API.md "Offline"). */
    base_updated_at: z.iso
      .datetime({ offset: true, message: 'base_updated_at must be an ISO 8601 date-time.' })
      .optional(),
  })
  .refine(exactlyOneSubject, oneSubjectIssue);
export type NoteBody = z.infer<typeof NoteBody>;

export const NoteSearchQuery = z.object({
  q: z.string().trim().min(2, 'Search for at least 2 characters.').max(200),
});

export const NoteSearchHit = z
  .object({
    subject: Subject,
    node_id: z.string(),
    node_title: z.string(),
    snippet: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'LearningNoteSearchHit' });
export type NoteSearchHit = z.infer<typeof NoteSearchHit>;
