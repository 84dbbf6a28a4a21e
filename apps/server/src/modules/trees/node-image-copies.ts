/*
 * A tree made from a template (`use_tree`) gets its own copy of every image of the template's source
 * tree its document shows: a new file and a `node_images` row of the new tree and its owner that
 * records the source image in `copied_from`. The editor only shows a tree's own images, and the copy
 * outlives the author's image.
 */
import type { TreeDocument } from '@arbor/tree-core';
import type { Trx } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { findTreeImagesByIds, insertNodeImage } from './node-images.repository.ts';
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
