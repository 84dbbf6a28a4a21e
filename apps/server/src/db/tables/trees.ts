import type { ColumnType, Generated } from 'kysely';

export type TreeVisibilityValue = 'private' | 'unlisted' | 'public';

export interface TreesTable {
  id: Generated<number>;
  uuid: string;
  owner_id: number;
  title: string;
  description: string;
  /** JSON array of tags as written */
  tags: string;
  /** `|tag|tag|` lower-cased, so "has every tag" is a LIKE per tag on both dialects */
  tag_key: string;
  /** lower-cased title, description and tags: what `?search=` matches */
  search_text: string;
  visibility: TreeVisibilityValue;
  /** the working copy: a TreeDocument as JSON */
  data: string;
  node_count: number;
  /** grows by one with every save of `data` (optimistic concurrency, ETag) */
  revision: number;
  /** number of the newest version; numbers are allocated from here under the tree's row lock */
  latest_version: number | null;
  created_at: string;
  updated_at: string;
  /** the template this tree was forked from (`use_tree`); no foreign key: the template may be withdrawn */
  upstream_share_id: number | null;
  /** that template's uuid and title as last seen (shown when it is gone) */
  upstream_share_uuid: string | null;
  upstream_title: string | null;
  /** the template's revision this tree's working copy was last merged with (forked from, or synced to) */
  upstream_base_revision: number | null;
}

export interface TreeVersionsTable {
  id: Generated<number>;
  tree_id: number;
  number: number;
  message: string;
  node_count: number;
  created_by: number | null;
  created_at: string;
  /** `snapshot`: payload is the whole document; `delta`: a TreeDiff against the previous version of its chain */
  storage: 'snapshot' | 'delta';
  /** for deltas, the id of the snapshot their chain starts from */
  snapshot_id: number | null;
  payload: string;
  payload_bytes: number;
}

export interface NodeImagesTable {
  id: Generated<number>;
  tree_id: number;
  owner_id: number;
  node_id: string;
  storage_key: string;
  width: number;
  height: number;
  bytes: number;
  content_type: string;
  created_at: string;
  /** the image this one is a copy of (a fork's copy of its template's image; no foreign key), null for an upload */
  copied_from: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface TreesTables {
  trees: TreesTable;
  tree_versions: TreeVersionsTable;
  node_images: NodeImagesTable;
}
