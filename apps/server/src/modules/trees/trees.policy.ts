import type { TreeAbilities } from '@arbor/contract';
import type { AuthUser } from '../../plugins/auth.ts';
import { notFound, permissionDenied } from '../../lib/http-errors.ts';

interface OwnedTree {
  owner_id: number;
  visibility: 'private' | 'unlisted' | 'public';
}

/** The owner sees a tree; others only when it is not private (unlisted trees are reachable by link). */
function canViewTree(viewer: AuthUser | null, tree: OwnedTree): boolean {
  return tree.visibility !== 'private' || viewer?.id === tree.owner_id;
}

/** Only the owner changes a tree, its versions and its images. */
function canEditTree(viewer: AuthUser | null, tree: OwnedTree): boolean {
  return viewer?.id === tree.owner_id;
}

/** 404 for a tree the viewer may not see (never reveal that it exists). */
export function authorizeViewTree<T extends OwnedTree>(viewer: AuthUser | null, tree: T | undefined): T {
  if (!tree || !canViewTree(viewer, tree)) throw notFound();
  return tree;
}

/** 404 when the viewer may not see the tree, 403 when they see it but do not own it. */
export function authorizeEditTree<T extends OwnedTree>(viewer: AuthUser | null, tree: T | undefined): T {
  authorizeViewTree(viewer, tree);
  if (!canEditTree(viewer, tree!)) throw permissionDenied();
  return tree!;
}

/** 404 unless the viewer owns the tree: for what only its owner may even learn about (its version list, say). */
export function authorizeOwnTree<T extends OwnedTree>(viewer: AuthUser | null, tree: T | undefined): T {
  if (!tree || !canEditTree(viewer, tree)) throw notFound();
  return tree;
}

/** A node image is its owner's alone: 404 for anyone else. */
export function authorizeOwnNodeImage<T extends { owner_id: number }>(
  viewer: AuthUser | null,
  image: T | undefined,
): T {
  if (!image || viewer?.id !== image.owner_id) throw notFound();
  return image;
}

/** What `viewer` may do with a tree: sent with every `Tree`, so that clients never re-derive the rules. */
export function treeAbilities(viewer: AuthUser | null, tree: OwnedTree): TreeAbilities {
  const owns = canEditTree(viewer, tree);
  return { update: owns, delete: owns, share: owns, manage_versions: owns, generate: owns };
}
