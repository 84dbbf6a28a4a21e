import { randomUUID } from 'node:crypto';
import { MAX_ID } from '@arbor/contract';
import type {
  Collection,
  CollectionBody,
  CollectionItem,
  CollectionItemBody,
  CollectionItemUpdateBody,
  CollectionUpdateBody,
  CollectionWithItems,
} from '@arbor/contract';
import type { Trx } from '../../db/connection.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import type { Deps } from '../../deps.ts';
import { conflict, invalidField, notAuthenticated, notFound } from '../../lib/http-errors.ts';
import type { PageWindow } from '../../lib/pagination.ts';
import { loadUserSummaries } from '../../lib/user-summaries.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { findAuthorByName } from './authors.repository.ts';
import { authorizeCollectionChange, canSeeCollection } from './collections.policy.ts';
import { presentCollection, presentItem } from './collections.presenter.ts';
import * as repo from './collections.repository.ts';
import { findShareRef, hiddenScopeOf, presentSharesById, visibleShareIds } from '../shares/index.ts';

/**
 * How many items of each of `collectionIds` are templates `viewer` may not see (hidden ones): the
 * items' templates are checked through the shares surface, by ids, in one query.
 */
async function unseenItemCounts(
  deps: Deps,
  viewer: AuthUser | null,
  collectionIds: number[],
): Promise<Map<number, number>> {
  if (hiddenScopeOf(viewer) === 'all') return new Map();
  const items = await repo.itemsOf(deps.db, collectionIds);
  const visible = await visibleShareIds(deps, viewer, [...new Set(items.map((i) => i.share_id))]);
  const unseen = new Map<number, number>();
  for (const { collection_id, share_id } of items) {
    if (!visible.has(share_id)) unseen.set(collection_id, (unseen.get(collection_id) ?? 0) + 1);
  }
  return unseen;
}

/** Collections as `viewer` sees them: their item counts leave out hidden templates the viewer may not see. */
async function present(deps: Deps, viewer: AuthUser | null, rows: repo.CollectionRow[]): Promise<Collection[]> {
  const [owners, unseen] = await Promise.all([
    loadUserSummaries(
      deps.db,
      deps.config.publicBaseUrl,
      rows.map((r) => r.owner_id),
    ),
    unseenItemCounts(
      deps,
      viewer,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((r) =>
    presentCollection(
      { ...r, items_count: r.items_count - (unseen.get(r.id) ?? 0) },
      owners,
      deps.config.publicBaseUrl,
      viewer,
    ),
  );
}

/** A collection the viewer may see: public ones to everyone, private ones to their owner (404 to others). */
async function visibleCollection(deps: Deps, viewer: AuthUser | null, idOrUuid: string): Promise<repo.CollectionRow> {
  const row = await repo.findCollection(deps.db, idOrUuid);
  if (!row || !canSeeCollection(viewer, row)) throw notFound('No such collection.');
  return row;
}

/** A collection the user owns: 404 when they cannot see it, 403 when they see but do not own it. */
async function ownCollection(deps: Deps, user: AuthUser, idOrUuid: string): Promise<repo.CollectionRow> {
  const row = await visibleCollection(deps, user, idOrUuid);
  authorizeCollectionChange(user, row);
  return row;
}

/** The caller's own collections, or `owner`'s public ones; with `share`, each says whether it holds that template. */
export async function listCollections(
  deps: Deps,
  viewer: AuthUser | null,
  { owner, share }: { owner?: string | undefined; share?: string | undefined },
  window: PageWindow,
): Promise<{ count: number; results: Collection[] }> {
  let ownerId: number;
  if (owner !== undefined) {
    const author = await findAuthorByName(deps.db, owner);
    if (!author) return { count: 0, results: [] };
    ownerId = author.id;
  } else {
    if (!viewer) throw notAuthenticated();
    ownerId = viewer.id;
  }
  const page = { offset: window.offset, limit: window.pageSize };
  const { count, rows } = await repo.listCollections(deps.db, ownerId, ownerId === viewer?.id, page);
  const results = await present(deps, viewer, rows);
  if (share === undefined) return { count, results };
  const shareId = await shareIdOf(deps, share);
  const holding =
    shareId === undefined
      ? new Set<number>()
      : await repo.collectionsHolding(
          deps.db,
          rows.map((r) => r.id),
          shareId,
        );
  return { count, results: results.map((c) => ({ ...c, has_share: holding.has(c.id) })) };
}

/** One collection with its items (templates still listed), last added first. */
export async function getCollection(
  deps: Deps,
  viewer: AuthUser | null,
  idOrUuid: string,
): Promise<CollectionWithItems> {
  const row = await visibleCollection(deps, viewer, idOrUuid);
  const items = await repo.listItems(deps.db, row.id);
  const [[collection], shares] = await Promise.all([
    present(deps, viewer, [row]),
    presentSharesById(
      deps,
      viewer,
      items.map((i) => i.share_id),
    ),
  ]);
  return {
    ...collection!,
    items: items.flatMap((item) => {
      const share = shares.get(item.share_id);
      return share ? [presentItem(item, share)] : [];
    }),
  };
}

export async function createCollection(deps: Deps, user: AuthUser, body: CollectionBody): Promise<CollectionWithItems> {
  const now = deps.clock.nowIso();
  const id = await repo.insertCollection(deps.db, {
    uuid: randomUUID(),
    owner_id: user.id,
    title: body.title,
    description: body.description ?? '',
    visibility: body.visibility,
    created_at: now,
    updated_at: now,
  });
  return getCollection(deps, user, String(id));
}

export async function updateCollection(
  deps: Deps,
  user: AuthUser,
  idOrUuid: string,
  body: CollectionUpdateBody,
): Promise<CollectionWithItems> {
  const row = await ownCollection(deps, user, idOrUuid);
  await repo.updateCollection(deps.db, row.id, { ...body, updated_at: deps.clock.nowIso() });
  return getCollection(deps, user, String(row.id));
}

export async function deleteCollection(deps: Deps, user: AuthUser, idOrUuid: string): Promise<void> {
  const row = await ownCollection(deps, user, idOrUuid);
  await deps.db.transaction().execute((trx) => repo.deleteCollection(trx, row.id));
}

/** Adds a template (by id or uuid) to a collection; the same template twice → 409. */
export async function addItem(
  deps: Deps,
  user: AuthUser,
  idOrUuid: string,
  body: CollectionItemBody,
): Promise<CollectionItem> {
  const row = await ownCollection(deps, user, idOrUuid);
  const share = await findShareRef(deps.db, String(body.share));
  const shown = share ? (await presentSharesById(deps, user, [share.id])).get(share.id) : undefined;
  if (!share || !shown) throw invalidField('share', 'No such template.');
  const now = deps.clock.nowIso();
  const note = body.note ?? '';
  try {
    await deps.db.transaction().execute(async (trx) => {
      const added = await repo.insertItem(trx, { collection_id: row.id, share_id: share.id, note, added_at: now });
      if (!added) throw conflict('This template is already in the collection.');
      await repo.addToItemsCount(trx, row.id, 1, now);
    });
  } catch (error) {
    // the collection was deleted meanwhile
    if (isForeignKeyViolation(error)) throw notFound('No such collection.');
    throw error;
  }
  return presentItem({ note, added_at: now }, shown);
}

/** A template's id from its id or uuid (undefined for an unknown uuid). */
async function shareIdOf(deps: Deps, shareRef: string): Promise<number | undefined> {
  if (!/^\d+$/.test(shareRef)) return (await findShareRef(deps.db, shareRef))?.id;
  // Past the largest id a row can have: no template (and no out-of-range integer for the database).
  return Number(shareRef) > MAX_ID ? undefined : Number(shareRef);
}

/** Changes an item's note or moves it to `position` (0 first; past the end: last). */
export async function updateItem(
  deps: Deps,
  user: AuthUser,
  idOrUuid: string,
  shareRef: string,
  body: CollectionItemUpdateBody,
): Promise<CollectionWithItems> {
  const row = await ownCollection(deps, user, idOrUuid);
  const shareId = await shareIdOf(deps, shareRef);
  const missing = () => notFound('This template is not in the collection.');
  if (shareId === undefined) throw missing();
  await deps.db.transaction().execute(async (trx) => {
    const order = (await repo.listItems(trx, row.id)).map((i) => i.share_id);
    if (!order.includes(shareId)) throw missing();
    if (body.note !== undefined) await repo.updateItemNote(trx, row.id, shareId, body.note);
    if (body.position !== undefined) {
      const rest = order.filter((id) => id !== shareId);
      rest.splice(Math.min(body.position, rest.length), 0, shareId);
      await repo.writeItemOrder(trx, row.id, rest);
    }
    await repo.updateCollection(trx, row.id, { updated_at: deps.clock.nowIso() });
  });
  return getCollection(deps, user, String(row.id));
}

/** Takes a template (by id or uuid) out of a collection. */
export async function removeItem(deps: Deps, user: AuthUser, idOrUuid: string, shareRef: string): Promise<void> {
  const row = await ownCollection(deps, user, idOrUuid);
  const shareId = await shareIdOf(deps, shareRef);
  if (shareId === undefined) throw notFound('This template is not in the collection.');
  const removed = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteItem(trx, row.id, shareId))) return false;
    await repo.addToItemsCount(trx, row.id, -1, deps.clock.nowIso());
    return true;
  });
  if (!removed) throw notFound('This template is not in the collection.');
}

/** A withdrawn template leaves every collection (in the withdrawing transaction). */
export async function withdrawShareFromCollections(trx: Trx, shareId: number): Promise<void> {
  await repo.removeShareFromCollections(trx, shareId);
}

/** A deleted account's collections go with it. */
export async function withdrawCollections(trx: Trx, userId: number): Promise<void> {
  await repo.deleteCollectionsOf(trx, userId);
}
