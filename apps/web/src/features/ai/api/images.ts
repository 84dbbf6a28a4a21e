import type { GenerateImageRequest, GenerateImageResponse, GenerateImagesBatchResponse } from '@arbor/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';

export function generateImage(input: GenerateImageRequest, signal?: AbortSignal) {
  return api<GenerateImageResponse>('/api/llm/image-generation/generate_image/', {
    method: 'POST',
    body: input,
    signal,
  });
}

export function generateImagesBatch(items: GenerateImageRequest[], signal?: AbortSignal) {
  return api<GenerateImagesBatchResponse>('/api/llm/image-generation/generate_images_batch/', {
    method: 'POST',
    body: { items },
    signal,
  });
}

/** A generated node image as the API returns it when a tree and node were given. */
export interface StoredImage {
  id: number;
  url: string;
}

export const isStoredImage = (image: { url: string; id?: unknown }): image is StoredImage =>
  typeof image.id === 'number';

/**
 * Puts a new image into the editor's id → URL map so the canvas and the panel show it at once.
 * The key mirrors `treeKeys.images` of the trees feature, which is not part of its public surface
 * (see the report: trees could export a `rememberNodeImage` helper instead).
 */
export function useRememberNodeImage(treeId: number) {
  const client = useQueryClient();
  return useCallback(
    (image: StoredImage) =>
      client.setQueryData<Map<number, string>>(['trees', 'images', treeId], (old) =>
        new Map(old ?? []).set(image.id, image.url),
      ),
    [client, treeId],
  );
}
