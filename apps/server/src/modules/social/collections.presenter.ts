import type { Collection, CollectionItem, Share, UserSummary } from '@arbor/contract';
import { avatarUrlOf } from '../../lib/avatars/avatars.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { collectionAbilities } from './collections.policy.ts';
import type { CollectionRow } from './collections.repository.ts';

/** Row → the contract's `Collection` as `viewer` sees it. */
export function presentCollection(
  row: CollectionRow,
  owners: Map<number, UserSummary>,
  baseUrl: string,
  viewer: AuthUser | null,
): Collection {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    description: row.description,
    visibility: row.visibility === 'public' ? 'public' : 'private',
    owner: owners.get(row.owner_id) ?? {
      id: row.owner_id,
      username: 'deleted',
      avatar_url: avatarUrlOf(baseUrl, null),
    },
    items_count: row.items_count,
    abilities: collectionAbilities(viewer, row),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** An item whose template is still listed → `CollectionItem` (the `Share` comes from the community presenter). */
export function presentItem(item: { note: string; added_at: string }, share: Share): CollectionItem {
  return { share, note: item.note, added_at: item.added_at };
}
