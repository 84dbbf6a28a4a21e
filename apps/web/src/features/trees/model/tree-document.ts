// The document types come from tree-core (one schema for server and web); re-exported so the
// editor's modules import them from one place.
import type { TreeLink } from '@arbor/tree-core';

export type { LayoutDirection, NodeResource as TreeResource, TreeDocument, TreeLink, TreeNode } from '@arbor/tree-core';
/** tree-core exports the kinds as a schema only; the type is read off the link. */
export type LinkKind = TreeLink['kind'];
