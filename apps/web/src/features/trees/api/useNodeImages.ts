import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { treeKeys, type NodeImage } from './types.ts';

type ImageList = NodeImage[] | { results: NodeImage[] };

/** GET /api/tree/node_image/?tree=: every image of the tree, as an id → URL map for the canvas. */
export function useNodeImages(treeId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: treeKeys.images(treeId ?? 0),
    enabled: Boolean(treeId) && enabled,
    queryFn: async ({ signal }) => {
      const answer = await api<ImageList>('/api/tree/node_image/', { query: { tree: treeId, page_size: 100 }, signal });
      const list = Array.isArray(answer) ? answer : answer.results;
      return new Map(list.map((image) => [image.id, image.url]));
    },
  });
}

/** POST /api/tree/node_image/ (multipart): stores an image for one node. */
export function useUploadNodeImage(treeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ nodeId, file }: { nodeId: string; file: Blob }) => {
      const form = new FormData();
      form.set('tree', String(treeId));
      form.set('node_id', nodeId);
      form.set('image', file, file instanceof File ? file.name : 'image.png');
      return api<NodeImage>('/api/tree/node_image/', { method: 'POST', body: form });
    },
    onSuccess: (image) => {
      client.setQueryData<Map<number, string>>(treeKeys.images(treeId), (old) =>
        new Map(old ?? []).set(image.id, image.url),
      );
    },
  });
}
