import { z } from 'zod';

/** Node ids: 1–64 of `[A-Za-z0-9_-]`, so they are safe in URLs, field paths and DOM ids. */
export const NODE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const DEFAULT_TREE_LIMITS = { maxNodes: 5000, maxBytes: 5 * 1024 * 1024 } as const;
export interface TreeLimits {
  maxNodes: number;
  maxBytes: number;
}

export const NodeId = z.string().regex(NODE_ID_PATTERN, 'Node ids are 1–64 letters, digits, "_" or "-".');

const httpUrl = z
  .string()
  .max(2000)
  .refine((value) => {
    try {
      const { protocol } = new URL(value);
      return protocol === 'http:' || protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Resource links must be http(s) URLs.');

export const NodeResource = z.object({
  title: z.string().max(200).default(''),
  url: httpUrl,
});
export type NodeResource = z.infer<typeof NodeResource>;

export const NodePosition = z.object({ x: z.number().finite(), y: z.number().finite() });

/** One node of the flat node list; only `id`, `parent_id` and `title` are required, the rest defaults. */
export const TreeNode = z.object({
  id: NodeId,
  parent_id: NodeId.nullable(),
  title: z.string().min(1, 'A title is required.').max(200, 'Titles are at most 200 characters.'),
  summary: z.string().max(1000, 'Summaries are at most 1,000 characters.').default(''),
  content: z.string().max(100_000, 'Content is at most 100,000 characters.').default(''),
  icon: z.string().max(100).nullable().default(null),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Colours are #rrggbb.')
    .nullable()
    .default(null),
  image_id: z.number().int().positive().nullable().default(null),
  resources: z.array(NodeResource).max(50, 'At most 50 resources per node.').default([]),
  collapsed: z.boolean().default(false),
  position: NodePosition.nullable().default(null),
  estimate_minutes: z
    .number()
    .int('Estimates are whole minutes.')
    .min(0, 'Estimates are 0 to 100,000 minutes.')
    .max(100_000, 'Estimates are 0 to 100,000 minutes.')
    .nullable()
    .default(null)
    .describe('minutes to learn this node; null when unknown (plans count 60)'),
});
export type TreeNode = z.infer<typeof TreeNode>;
/** What a caller may give for a node: only `id`, `parent_id` and `title` are required. */
export type TreeNodeInput = z.input<typeof TreeNode>;

export const LinkKind = z.enum(['prerequisite', 'related']);
export const TreeLink = z.object({
  source: NodeId,
  target: NodeId,
  kind: LinkKind.default('related'),
});
export type TreeLink = z.infer<typeof TreeLink>;

export const LayoutDirection = z.enum(['TB', 'LR', 'RADIAL']);
export type LayoutDirection = z.infer<typeof LayoutDirection>;
export const TreeLayout = z.object({ direction: LayoutDirection.default('TB') });

/** What a node waits for before it unlocks: its incoming prerequisite links, or those and its parent. */
export const UnlockMode = z.enum(['links', 'parent']);
export type UnlockMode = z.infer<typeof UnlockMode>;

/**
 * The tree document (`data` of a tree or version): a flat, ordered node list (siblings keep array
 * order) plus extra links. The schema checks each field; `validateTreeDocument` adds the structural
 * rules (one root, parents exist, no cycles, unique ids, limits).
 */
export const TreeDocument = z
  .object({
    format: z.literal(1).default(1),
    layout: TreeLayout.default({ direction: 'TB' }),
    nodes: z.array(TreeNode).min(1, 'A tree has at least its root node.'),
    links: z.array(TreeLink).default([]),
    unlock: UnlockMode.default('links'),
  })
  .meta({ id: 'TreeDocument' });
export type TreeDocument = z.infer<typeof TreeDocument>;
export type TreeDocumentInput = z.input<typeof TreeDocument>;

/** Every node field that `updateNode` may change (id and parent are structural). */
export type NodeFields = Omit<TreeNode, 'id' | 'parent_id'>;
export const NODE_FIELDS = [
  'title',
  'summary',
  'content',
  'icon',
  'color',
  'image_id',
  'resources',
  'collapsed',
  'position',
  'estimate_minutes',
] as const satisfies readonly (keyof NodeFields)[];

/** A node with every default filled in. */
export function createNode(fields: TreeNodeInput): TreeNode {
  return TreeNode.parse(fields);
}

/** A new one-node document whose root has the given title. */
export function createTreeDocument(rootTitle: string, rootId = 'root'): TreeDocument {
  return {
    format: 1,
    layout: { direction: 'TB' },
    nodes: [createNode({ id: rootId, parent_id: null, title: rootTitle })],
    links: [],
    unlock: 'links',
  };
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh random node id (10 chars) not used in `taken`. */
export function createNodeId(taken?: { has(id: string): boolean }): string {
  for (;;) {
    const bytes = new Uint8Array(10);
    globalThis.crypto.getRandomValues(bytes);
    let id = 'n';
    for (const byte of bytes.subarray(1)) id += ID_ALPHABET[byte % ID_ALPHABET.length];
    if (!taken?.has(id)) return id;
  }
}
/** What a caller may give for a link: `kind` defaults to `related`. */
export type TreeLinkInputFields = z.input<typeof TreeLink>;
