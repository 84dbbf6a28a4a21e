import { TreeDocument, type TreeDocumentInput } from '@arbor/tree-core';
import { z } from 'zod';
import { Id, idQuery, MAX_ID, UserSummary } from './common.ts';
import { PageQuery } from './pagination.ts';

export { TreeDocument };

/**
 * A tree document as sent by a client. The server checks it with `validateTreeDocument` so that
 * every error names the node (`fields["data.nodes.<id>.parent_id"]`), which a plain schema
 * validation (array indexes) could not; oversize documents answer 413.
 */
export const TreeDocumentBody = z
  .custom<TreeDocumentInput>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'data must be a tree document object.',
  )
  .describe('TreeDocument: see the TreeDocument schema; only id, parent_id and title are required per node');

export const TreeVisibility = z.enum(['private', 'unlisted', 'public']);
export type TreeVisibility = z.infer<typeof TreeVisibility>;

export const TreeTag = z.string().trim().min(1, 'Tags must not be empty.').max(30, 'Tags are at most 30 characters.');
/** Tags of a tree: at most 10, each 1–30 characters (an empty list clears them). */
export const TreeTags = z.array(TreeTag).max(10, 'At most 10 tags.');

export const TREE_ORDERINGS = ['-updated_at', 'updated_at', 'title', '-title', 'created_at', '-created_at'] as const;
export const TreeOrdering = z.enum(TREE_ORDERINGS);

export const TreeAbilities = z
  .object({
    update: z.boolean().describe('change the title, description, tags, visibility and document'),
    delete: z.boolean(),
    share: z.boolean().describe('publish it (or re-publish it) as a community template'),
    manage_versions: z.boolean().describe('save, roll back and delete versions'),
    generate: z.boolean().describe('ask AI for content, children or images on its nodes'),
  })
  .meta({ id: 'TreeAbilities' })
  .describe("what the caller may do with this tree, computed by the server's policy");
export type TreeAbilities = z.infer<typeof TreeAbilities>;

/** Where a forked tree came from (API.md "Template updates for forks"); null for a tree not made by `use_tree`. */
export const TreeUpstream = z
  .object({
    share: z.string().describe("the template's uuid"),
    title: z.string().describe("the template's title (as last seen when it is gone)"),
    base_revision: z
      .number()
      .int()
      .describe('the revision of the template this tree was forked from or last synced to'),
    latest_revision: z.number().int().describe("the template's current revision (the base when it is gone)"),
    behind: z.boolean().describe('the template has a newer revision than the base (false when it is not available)'),
    available: z.boolean().describe('false when the template was withdrawn or hidden by a moderator'),
  })
  .meta({ id: 'TreeUpstream' });
export type TreeUpstream = z.infer<typeof TreeUpstream>;

export const Tree = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    visibility: TreeVisibility,
    cover_url: z.string().nullable(),
    owner: UserSummary,
    node_count: z.number().int(),
    revision: z
      .number()
      .int()
      .describe('grows by one with every save of data; send it back as If-Match or base_revision'),
    latest_version: z.number().int().nullable().describe('number of the newest version'),
    abilities: TreeAbilities,
    upstream: TreeUpstream.nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Tree' });
export type Tree = z.infer<typeof Tree>;

export const TreeWithData = Tree.extend({ data: TreeDocument }).meta({ id: 'TreeWithData' });
export type TreeWithData = z.infer<typeof TreeWithData>;

const treeFields = {
  title: z.string().trim().min(1, 'A title is required.').max(200, 'Titles are at most 200 characters.'),
  description: z.string().max(2000, 'Descriptions are at most 2,000 characters.'),
  tags: TreeTags,
  visibility: TreeVisibility,
  data: TreeDocumentBody,
};

export const TreeCreateBody = z.object({
  title: treeFields.title,
  description: treeFields.description.optional(),
  tags: treeFields.tags.optional(),
  visibility: treeFields.visibility.optional(),
  data: treeFields.data.optional(),
  message: z.string().max(500).optional().describe('message of version 1'),
});
export type TreeCreateBody = z.infer<typeof TreeCreateBody>;

export const BaseRevision = z
  .number()
  .int()
  .nonnegative()
  .max(MAX_ID)
  .describe('the revision this write is based on (like If-Match)');

export const TreeUpdateBody = z.object({
  title: treeFields.title.optional(),
  description: treeFields.description.optional(),
  tags: treeFields.tags.optional(),
  visibility: treeFields.visibility.optional(),
  data: treeFields.data.optional(),
  base_revision: BaseRevision.optional(),
});
export type TreeUpdateBody = z.infer<typeof TreeUpdateBody>;

export const TreeListQuery = PageQuery.extend({
  search: z.string().trim().max(200).optional().describe('matches title, description and tags'),
  tags: z.string().max(400).optional().describe('comma-separated; every tag must match'),
  ordering: TreeOrdering.optional(),
});
export type TreeListQuery = z.infer<typeof TreeListQuery>;

export const TreeUuidQuery = z.object({ uuid: z.uuid('Not a valid uuid.') });
export const VersionByUuidQuery = TreeUuidQuery.extend({
  version: z
    .string()
    .regex(/^\d+$/, 'version must be a positive whole number')
    .transform(Number)
    .refine((n) => n <= MAX_ID, 'version must be a positive whole number')
    .optional()
    .describe('version number; the latest when absent'),
});

/** The 412 answer: the error shape plus the revision the caller should merge with. */
export const PreconditionFailedBody = z
  .object({ detail: z.string(), code: z.literal('precondition_failed'), revision: z.number().int() })
  .meta({ id: 'PreconditionFailed' });

export const Version = z
  .object({
    id: z.number().int(),
    tree: z.number().int(),
    number: z.number().int(),
    message: z.string(),
    node_count: z.number().int(),
    created_by: z.number().int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Version' });
export type Version = z.infer<typeof Version>;

export const VersionWithData = Version.extend({ data: TreeDocument }).meta({ id: 'VersionWithData' });
export type VersionWithData = z.infer<typeof VersionWithData>;

export const VersionListQuery = PageQuery.extend({
  tree: idQuery('tree'),
});

export const VersionMessage = z.string().max(500, 'Messages are at most 500 characters.');

export const VersionCreateBody = z.object({
  tree: Id,
  message: VersionMessage.optional(),
  data: TreeDocumentBody.optional(),
  base_revision: BaseRevision.optional(),
});
export type VersionCreateBody = z.infer<typeof VersionCreateBody>;

export const VersionUpdateBody = z.object({ message: VersionMessage });
export const RollbackBody = z.object({ message: VersionMessage.optional() });

export const NodeImage = z
  .object({
    id: z.number().int(),
    tree: z.number().int(),
    node_id: z.string(),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int(),
    content_type: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'NodeImage' });
export type NodeImage = z.infer<typeof NodeImage>;

export const NodeImageListQuery = PageQuery.extend({
  tree: idQuery('tree').optional(),
  node_id: z.string().max(64).optional(),
});

/** Largest accepted node image upload. */
export const NODE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
