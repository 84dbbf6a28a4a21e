// The document types come from tree-core (one schema for server and web); re-exported so the
// editor's modules import them from one place.
export type { LayoutDirection, NodeResource as TreeResource, TreeDocument, TreeLink, TreeNode } from '@arbor/tree-core';
export type LinkKind = 'prerequisite' | 'related';
