import { z } from 'zod';
import { exactlyOneSubject, oneSubjectIssue, Subject, subjectFields } from './learning.ts';

/** API.md "Memory on the tree": retention on the tree and the workload forecast. */

export const MEMORY_AT_MAX_DAYS = 365;

export const MemoryQuery = z
  .object({
    ...subjectFields,
    at: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.')
      .optional()
      .describe('YYYY-MM-DD, today … +365 days in the learner’s time zone: retention predicted for that day'),
  })
  .refine(exactlyOneSubject, oneSubjectIssue);
export type MemoryQuery = z.infer<typeof MemoryQuery>;

export const NodeMemory = z.object({
  retention: z.number().min(0).max(1).nullable().describe('mean retrievability of the node’s reviewed cards'),
  cards: z.number().int(),
  due: z.number().int().describe('cards due (not new) at `as_of`'),
  stability_days: z.number().nullable().describe('median stability of the reviewed cards'),
  last_review: z.string().nullable(),
});
export type NodeMemory = z.infer<typeof NodeMemory>;

export const Memory = z
  .object({
    subject: Subject,
    as_of: z.string().describe('the instant retention is read at'),
    nodes: z.record(z.string(), NodeMemory).describe('only nodes with cards'),
    summary: z.object({
      retention: z.number().nullable(),
      at_risk: z.array(z.string()).describe('node ids under the learner’s request_retention, lowest first'),
      due_today: z.number().int(),
    }),
  })
  .meta({ id: 'Memory' });
export type Memory = z.infer<typeof Memory>;

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n >= min && n <= max, message);

export const WorkloadQuery = z.object({
  retention: z
    .string()
    .regex(/^\d*\.?\d+$/, 'retention is from 0.70 to 0.99.')
    .transform(Number)
    .refine((n) => n >= 0.7 && n <= 0.99, 'retention is from 0.70 to 0.99.')
    .optional()
    .describe('0.70–0.99 (the learner’s request_retention)'),
  days: wholeNumber('days is a whole number from 1 to 365.', 1, 365).optional().describe('1–365 (30)'),
});
export type WorkloadQuery = z.infer<typeof WorkloadQuery>;

export const Workload = z
  .object({
    retention: z.number(),
    days: z.array(z.object({ date: z.string(), reviews: z.number().int(), new: z.number().int() })),
    total_reviews: z.number().int(),
  })
  .meta({ id: 'Workload' });
export type Workload = z.infer<typeof Workload>;
