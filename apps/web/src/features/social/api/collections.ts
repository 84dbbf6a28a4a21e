import type { Collection, CollectionBody, CollectionItem, CollectionWithItems, Paginated } from '@arbor/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { socialKeys } from './keys.ts';
import { writeAnswer } from '../../../lib/write-answer.ts';

const LIST = '/api/community/collections/';
const collectionPath = (id: string, rest = '') => `${LIST}${encodeURIComponent(id)}/${rest}`;
export const COLLECTIONS_PAGE_SIZE = 20;
/** The add-to-collection menu lists this many of my collections (the last changed first). */
export const MENU_COLLECTIONS = 100;

/** GET /api/community/collections/ — mine; with `share`, each says in `has_share` whether it holds it. */
export const useMyCollections = (
  page: number,
  options: { share?: string; pageSize?: number; enabled?: boolean } = {},
) =>
  useQuery({
    queryKey: socialKeys.mine(page, options.share),
    queryFn: ({ signal }) =>
      api<Paginated<Collection>>(LIST, {
        signal,
        query: {
          page: page > 1 ? page : undefined,
          page_size: options.pageSize ?? COLLECTIONS_PAGE_SIZE,
          share: options.share,
        },
      }),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });

/** GET …/collections/?owner= — someone's public collections (public). */
export const useCollectionsOf = (username: string) =>
  useQuery({
    queryKey: socialKeys.ofOwner(username),
    queryFn: ({ signal }) => api<Paginated<Collection>>(LIST, { signal, query: { owner: username, page_size: 100 } }),
  });

/** GET …/collections/{uuid}/ — with its items (public when the collection is). */
export const useCollection = (id: string) =>
  useQuery({
    queryKey: socialKeys.collection(id),
    queryFn: ({ signal }) => api<CollectionWithItems>(collectionPath(id), { signal }),
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });

/** Every write to a collection refreshes the lists that show it (counts, membership, order). */
function useRefreshCollections() {
  const client = useQueryClient();
  return (changed?: CollectionWithItems) => {
    if (changed) {
      writeAnswer(client, socialKeys.collection(changed.uuid), changed);
      void client.invalidateQueries({
        queryKey: socialKeys.collections(),
        predicate: (q) => q.queryKey[3] !== changed.uuid,
      });
    } else void client.invalidateQueries({ queryKey: socialKeys.collections() });
  };
}

/** POST …/collections/ */
export function useCreateCollection() {
  const refresh = useRefreshCollections();
  return useMutation({
    mutationFn: (body: CollectionBody) => api<CollectionWithItems>(LIST, { method: 'POST', body }),
    onSuccess: (created) => refresh(created),
  });
}

/** PATCH …/collections/{uuid}/ (owner). */
export function useUpdateCollection(id: string) {
  const refresh = useRefreshCollections();
  return useMutation({
    mutationFn: (body: Partial<CollectionBody>) =>
      api<CollectionWithItems>(collectionPath(id), { method: 'PATCH', body }),
    onSuccess: (changed) => refresh(changed),
  });
}

/** DELETE …/collections/{uuid}/ (owner). */
export function useDeleteCollection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>(collectionPath(id), { method: 'DELETE' }),
    onSuccess: () => {
      client.removeQueries({ queryKey: socialKeys.collection(id) });
      void client.invalidateQueries({ queryKey: socialKeys.collections() });
    },
  });
}

/** POST …/{uuid}/items/ or DELETE …/{uuid}/items/{share}/: puts a template in a collection or takes it out. */
export function useToggleItem() {
  const refresh = useRefreshCollections();
  return useMutation({
    mutationFn: async ({ collection, share, add }: { collection: string; share: string; add: boolean }) => {
      if (add) await api<CollectionItem>(collectionPath(collection, 'items/'), { method: 'POST', body: { share } });
      else await api<void>(collectionPath(collection, `items/${encodeURIComponent(share)}/`), { method: 'DELETE' });
    },
    onSuccess: () => refresh(),
  });
}

/** PATCH …/{uuid}/items/{share}/ — an item's note or its place (0 first). */
export function useUpdateItem(id: string) {
  const refresh = useRefreshCollections();
  return useMutation({
    mutationFn: ({ share, ...body }: { share: number; note?: string; position?: number }) =>
      api<CollectionWithItems>(collectionPath(id, `items/${share}/`), { method: 'PATCH', body }),
    onSuccess: (changed) => refresh(changed),
  });
}
