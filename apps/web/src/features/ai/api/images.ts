import type { GenerateImageRequest, GenerateImageResponse, GenerateImagesBatchResponse } from '@arbor/contract';
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
interface StoredImage {
  id: number;
  url: string;
}

export const isStoredImage = (image: { url: string; id?: unknown }): image is StoredImage =>
  typeof image.id === 'number';
