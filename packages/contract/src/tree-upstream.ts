import { z } from 'zod';
import { ChangeCounts } from './community-history.ts';
import { Tree, Version, VersionMessage } from './trees.ts';

/** A fork and its template's newer revisions (API.md "Template updates for forks"). */

export const MergeConflictNode = z
  .object({
    node_id: z.string(),
    fields: z
      .array(z.string())
      .describe('what both sides changed differently: node fields, `parent_id` (moves), `presence`, `links`'),
  })
  .meta({ id: 'MergeConflictNode' });
export type MergeConflictNode = z.infer<typeof MergeConflictNode>;

export const UpstreamPreview = z
  .object({
    base_revision: z.number().int(),
    latest_revision: z.number().int(),
    upstream_changes: ChangeCounts.describe("the template's changes from the base revision to the latest"),
    local_changes: ChangeCounts.describe("this tree's changes since the base revision"),
    conflicts: z.array(MergeConflictNode).describe('nodes a sync cannot merge without a `resolve` choice'),
  })
  .meta({ id: 'UpstreamPreview' });
export type UpstreamPreview = z.infer<typeof UpstreamPreview>;

export const SyncUpstreamBody = z
  .object({
    resolve: z
      .record(z.string().max(64), z.enum(['mine', 'theirs']))
      .optional()
      .describe('per conflicting node id, which side to keep'),
    message: VersionMessage.optional().describe('message of the version the sync records'),
  })
  .nullish();
export type SyncUpstreamBody = z.infer<typeof SyncUpstreamBody>;

export const SyncUpstreamResponse = z
  .object({
    tree: Tree,
    version: Version.nullable().describe('the version recorded, or null when the sync changed nothing'),
    applied: ChangeCounts.describe('what the sync changed in the working copy'),
  })
  .meta({ id: 'SyncUpstreamResponse' });
export type SyncUpstreamResponse = z.infer<typeof SyncUpstreamResponse>;
