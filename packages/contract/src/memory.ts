import { z } from 'zod';
import { Subject } from './learning.ts';

/** API.md "Memory on the tree": retention per node and subject, the workload forecast, personal FSRS. */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31.');

export const MemoryNode = z.object({
  retention: z.number().min(0).max(1).nullable(),
  cards: z.number().int(),
  due: z.number().int(),
  stability_days: z.number().nullable().describe('median of the node’s cards'),
  last_review: z.string().nullable(),
});
export type MemoryNode = z.infer<typeof MemoryNode>;

export const Memory = z
  .object({
    subject: Subject,
    as_of: z.string(),
    nodes: z.record(z.string(), MemoryNode).describe('only nodes with cards'),
    summary: z.object({
      retention: z.number().nullable(),
      at_risk: z.array(z.string()).describe('node ids under the learner’s request_retention, lowest first'),
      due_today: z.number().int(),
    }),
  })
  .meta({ id: 'Memory' });
export type Memory = z.infer<typeof Memory>;

export const MemoryQueryFields = { at: isoDate.optional().describe('today … +365 days') };

export const WorkloadDay = z.object({ date: z.string(), reviews: z.number().int(), new: z.number().int() });
export type WorkloadDay = z.infer<typeof WorkloadDay>;

export const Workload = z
  .object({ retention: z.number(), days: z.array(WorkloadDay), total_reviews: z.number().int() })
  .meta({ id: 'Workload' });
export type Workload = z.infer<typeof Workload>;

export const OptimizeQueued = z.object({ status: z.literal('queued') }).meta({ id: 'OptimizeQueued' });
export type OptimizeQueued = z.infer<typeof OptimizeQueued>;

/** Settings' read-only `fsrs`: the learner's parameters and the figures of the last optimisation. */
export const FsrsFigures = z
  .object({
    parameters: z.array(z.number()).nullable(),
    trained_on: z.number().int(),
    trained_at: z.string().nullable(),
    log_loss_before: z.number().nullable(),
    log_loss_after: z.number().nullable(),
    rmse_before: z.number().nullable(),
    rmse_after: z.number().nullable(),
  })
  .meta({ id: 'FsrsFigures' });
export type FsrsFigures = z.infer<typeof FsrsFigures>;

/** The memory settings API.md "Memory on the tree" adds to `Settings`. */
export interface MemorySettings {
  fsrs: FsrsFigures;
  auto_optimize: boolean;
  implicit_credit: boolean;
  maximum_interval: number;
  learning_steps: string[];
  relearning_steps: string[];
  load_balance: boolean;
  easy_days: number[];
}

/** A node a review also strengthened through implicit credit (the review answer's `also_strengthened`). */
export const StrengthenedNode = z.object({ node_id: z.string(), title: z.string() });
export type StrengthenedNode = z.infer<typeof StrengthenedNode>;
