import type { NodeImage } from '@arbor/contract';
import { mediaPath } from '../../lib/storage/storage.ts';
import type { NodeImageRow } from './node-images.repository.ts';

/** Row → the contract's `NodeImage` with an absolute URL. */
export function presentNodeImage(row: NodeImageRow, baseUrl: string): NodeImage {
  return {
    id: row.id,
    tree: row.tree_id,
    node_id: row.node_id,
    url: `${baseUrl}${mediaPath(row.storage_key)}`,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    content_type: row.content_type,
    created_at: row.created_at,
  };
}
