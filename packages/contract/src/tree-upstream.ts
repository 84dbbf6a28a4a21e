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

/** One node a side changed since the base revision, by its title, and how. */
export const ChangedNode = z
  .object({
    node_id: z.string(),
    title: z.string().describe("the node's title on that side (the base's for a removed node)"),
    changes: z.array(z.enum(['added', 'removed', 'changed', 'moved'])).min(1),
  })
  .meta({ id: 'ChangedNode' });
export type ChangedNode = z.infer<typeof ChangedNode>;

/** How many changed nodes a preview names per side (the counts are always whole). */
export const CHANGED_NODES_LISTED = 100;

export const UpstreamPreview = z
  .object({
    base_revision: z.number().int(),
    latest_revision: z.number().int(),
    upstream_changes: ChangeCounts.describe("the template's changes from the base revision to the latest"),
    local_changes: ChangeCounts.describe("this tree's changes since the base revision"),
    upstream_nodes: z
      .array(ChangedNode)
      .describe('the nodes the template changed, in its document order (at most CHANGED_NODES_LISTED)'),
    local_nodes: z.array(ChangedNode).describe('the nodes this tree changed, in its document order (as many)'),
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
