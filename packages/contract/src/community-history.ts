import { z } from 'zod';

/** A template's revisions and their comparison (API.md "Template history and suggestions"). */

export const ChangeCounts = z
  .object({
    added: z.number().int(),
    removed: z.number().int(),
    changed: z.number().int(),
    moved: z.number().int(),
  })
  .meta({ id: 'ChangeCounts' })
  .describe('nodes added, removed, changed and moved');
export type ChangeCounts = z.infer<typeof ChangeCounts>;

export const ShareRevision = z
  .object({
    revision: z.number().int(),
    message: z.string().describe("the revision's changelog line ('' when none was given)"),
    node_count: z.number().int(),
    changes: ChangeCounts.describe('against the revision before (revision 1: every node added)'),
    created_at: z.string(),
  })
  .meta({ id: 'ShareRevision' });
export type ShareRevision = z.infer<typeof ShareRevision>;

export const ShareRevisionWithData = ShareRevision.extend({
  data: z.unknown().describe('the template document of that revision'),
}).meta({ id: 'ShareRevisionWithData' });
export type ShareRevisionWithData = z.infer<typeof ShareRevisionWithData>;

const REVISION_MESSAGE = 'A revision is a positive whole number.';
/** A revision number in a path or query string. */
export const RevisionNumber = z
  .string({ error: REVISION_MESSAGE })
  .regex(/^\d{1,9}$/, REVISION_MESSAGE)
  .transform(Number)
  .refine((n) => n >= 1, REVISION_MESSAGE);

export const CompareQuery = z.object({ from: RevisionNumber, to: RevisionNumber });

export const CompareResponse = z
  .object({
    changes: ChangeCounts,
    diff: z.unknown().describe('the tree-core diff from `from` to `to`'),
  })
  .meta({ id: 'ShareCompare' });
export type CompareResponse = z.infer<typeof CompareResponse>;
