/*
 * A tree made from a template (`use_tree`) gets its own copy of every image of the template's source
 * tree its document shows: a new file and a `node_images` row of the new tree and its owner that
 * records the source image in `copied_from`. The editor only shows a tree's own images, and the copy
 * outlives the author's image. A template sync compares the fork with the template in the template's
 * image ids (`withSourceImages`) and turns the merge's back into the fork's copies (`withForkImages`),
 * so copies never look like changes of the fork's owner.
 */
import type { TreeDocument } from '@arbor/tree-core';
import type { Executor, Trx } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { findTreeImagesByIds, findTreeImagesOrCopies, insertNodeImage } from './node-images.repository.ts';
import { storeNodeImageFile } from './stored-files.ts';

/** Where images are copied: from the template's source tree (null when it was deleted) to a tree of `ownerId`. */
export interface ImageCopyTarget {
  from: number | null;
  to: number;
  ownerId: number;
}

/** The distinct image ids `document` references. */
function imageIdsOf(document: TreeDocument): number[] {
  return [...new Set(document.nodes.flatMap((node) => (node.image_id === null ? [] : [node.image_id])))];
}

/** `document` with each image id replaced by `imageId`'s answer; the same object when none changes. */
function withImageIds(document: TreeDocument, imageId: (id: number) => number | null): TreeDocument {
  let changed = false;
  const nodes = document.nodes.map((node) => {
    if (node.image_id === null) return node;
    const id = imageId(node.image_id);
    if (id === node.image_id) return node;
    changed = true;
    return { ...node, image_id: id };
  });
  return changed ? { ...document, nodes } : document;
}

/**
 * Copies the images of tree `target.from` among `ids` into tree `target.to` (file and row, inside
 * `trx`); ids of other trees, and images whose file is missing, are skipped. Each new file's key is
 * pushed onto `stored` once written, for the caller to delete should the transaction fail. Returns
 * source id → copy id.
 */
async function copyImages(
  deps: Deps,
  trx: Trx,
  target: ImageCopyTarget,
  ids: number[],
  stored: string[],
): Promise<Map<number, number>> {
  const copies = new Map<number, number>();
  if (target.from === null) return copies;
  for (const source of await findTreeImagesByIds(trx, target.from, ids)) {
    const file = await deps.storage.get(source.storage_key);
    if (!file) continue;
    const key = await storeNodeImageFile(deps.storage, file.body, file.contentType);
    stored.push(key);
    const copy = await insertNodeImage(trx, {
      tree_id: target.to,
      owner_id: target.ownerId,
      node_id: source.node_id,
      storage_key: key,
      width: source.width,
      height: source.height,
      bytes: source.bytes,
      content_type: source.content_type,
      created_at: deps.clock.nowIso(),
      copied_from: source.id,
    });
    copies.set(source.id, copy.id);
  }
  return copies;
}

/**
 * The document of a new tree `target.to` made from a snapshot of tree `target.from`: the images of
 * that tree it references are copied (see `copyImages`) and point at their copies; every other
 * reference becomes null.
 */
export async function copyDocumentImages(
  deps: Deps,
  trx: Trx,
  target: ImageCopyTarget,
  document: TreeDocument,
  stored: string[],
): Promise<TreeDocument> {
  const copies = await copyImages(deps, trx, target, imageIdsOf(document), stored);
  return withImageIds(document, (id) => copies.get(id) ?? null);
}

/**
 * A fork's `document` as its template names its images: the id of each of the tree's copies becomes
 * the id of the image it was copied from (a fork's copies all come from its template's source tree,
 * see `copyImages`); other ids stay.
 */
export async function withSourceImages(db: Executor, treeId: number, document: TreeDocument): Promise<TreeDocument> {
  const ids = imageIdsOf(document);
  const sources = new Map<number, number>();
  for (const row of await findTreeImagesByIds(db, treeId, ids)) {
    if (row.copied_from !== null) sources.set(row.id, row.copied_from);
  }
  return withImageIds(document, (id) => sources.get(id) ?? id);
}

/**
 * The reverse of `withSourceImages` for a merge of a fork (tree `target.to`) with its template: an
 * id of a source image becomes the fork's copy of it, copied now (inside `trx`, as `copyImages` does)
 * when the fork has none yet (a node the template added, or whose image it changed); the fork's own
 * images stay; any other id becomes null.
 */
export async function withForkImages(
  deps: Deps,
  trx: Trx,
  target: ImageCopyTarget,
  merged: TreeDocument,
  stored: string[],
): Promise<TreeDocument> {
  const ids = imageIdsOf(merged);
  const wanted = new Set(ids);
  const resolved = new Map<number, number>();
  for (const row of await findTreeImagesOrCopies(trx, target.to, ids)) {
    if (wanted.has(row.id)) resolved.set(row.id, row.id);
    if (row.copied_from !== null && wanted.has(row.copied_from) && !resolved.has(row.copied_from)) {
      resolved.set(row.copied_from, row.id);
    }
  }
  const missing = ids.filter((id) => !resolved.has(id));
  const copies = await copyImages(deps, trx, target, missing, stored);
  return withImageIds(merged, (id) => resolved.get(id) ?? copies.get(id) ?? null);
}
