import { randomBytes } from 'node:crypto';
import type { GenerateImageRequest, GenerateImageResponse, GenerateImagesBatchResponse } from '@arbor/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, invalidField } from '../../lib/http-errors.ts';
import { processImage } from '../../lib/images.ts';
import { mediaPath } from '../../lib/storage/storage.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { activeProvider, storedApiKey } from './ai-runtime.ts';
import { pickModel } from './models.service.ts';
import { renderTemplate, resolvePrompt } from './prompts.service.ts';
import { assertCanAttachImage, attachNodeImage, type StoredImage } from './tree-access.ts';
import { assertWithinDailyQuota, runUpstreamCall } from './upstream-call.ts';

const DEFAULT_SIZE = '1024x1024';
const BATCH_CONCURRENCY = 3;
const IMAGE_LIMITS = { maxBytes: 20 * 1024 * 1024, maxSide: 4096 };
const STORED_SIDE = 1024;

/** Decodes, re-encodes and stores a generated image under `node-images/`. */
async function storeGenerated(app: FastifyInstance, bytes: Buffer): Promise<StoredImage> {
  const image = await processImage(bytes, IMAGE_LIMITS, { fit: STORED_SIDE });
  const key = `node-images/${randomBytes(16).toString('hex')}.webp`;
  await app.storage.put(key, image.body, image.contentType);
  return {
    key,
    url: `${app.config.publicBaseUrl}${mediaPath(key)}`,
    width: image.width,
    height: image.height,
    bytes: image.body.length,
    contentType: image.contentType,
  };
}

/**
 * Generates one image, stores it, and attaches it to the node when `tree` and `node_id` are given.
 * Throws 503 (no provider/model), 429 (quota), 404 (tree), 502 (upstream).
 */
export async function generateImage(
  app: FastifyInstance,
  user: AuthUser,
  body: GenerateImageRequest,
  signal?: AbortSignal,
): Promise<GenerateImageResponse> {
  if (body.tree !== undefined && body.node_id === undefined)
    throw invalidField('node_id', 'Give the node the image is for.');
  if (body.tree !== undefined) await assertCanAttachImage(app, user, body.tree);
  const { config, client } = await activeProvider(app);
  const model = await pickModel(app, config.id, 'image', body.model);
  await assertWithinDailyQuota(app, user);
  const template = await resolvePrompt(app, 'node_image', 'en-US');
  const request = {
    model: model.name,
    prompt: renderTemplate(template.template, { prompt: body.prompt }),
    size: body.size ?? DEFAULT_SIZE,
  };
  const { value: stored, logId } = await runUpstreamCall(
    app,
    { user, kind: 'image', model: model.name, request, secrets: [storedApiKey(app, config)] },
    async () => {
      const bytes = await client.generateImage(request, signal);
      const image = await storeGenerated(app, bytes);
      return {
        value: image,
        usage: { promptTokens: 0, completionTokens: 0 },
        responseText: `stored ${image.key} (${image.width}×${image.height})`,
      };
    },
  );
  if (body.tree === undefined || body.node_id === undefined) return { image: { url: stored.url }, request_log: logId };
  try {
    return {
      image: await attachNodeImage(app, user, { tree: body.tree, nodeId: body.node_id }, stored),
      request_log: logId,
    };
  } catch (error) {
    // The tree went away meanwhile: no orphan file is left behind.
    await app.storage.delete(stored.key);
    throw error;
  }
}

/** Runs `work` over `items` with at most `limit` in flight, keeping results in input order. */
async function mapWithConcurrency<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Generates up to ten images, three at a time; each item succeeds or fails on its own. */
export async function generateImagesBatch(
  app: FastifyInstance,
  user: AuthUser,
  items: GenerateImageRequest[],
  signal?: AbortSignal,
): Promise<GenerateImagesBatchResponse> {
  // A missing provider fails the whole batch at once rather than ten times.
  await activeProvider(app);
  const results = await mapWithConcurrency(items, BATCH_CONCURRENCY, async (item, index) => {
    try {
      const { image, request_log } = await generateImage(app, user, item, signal);
      return { index, image, request_log };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { index, error: { detail: error.detail, code: error.code } };
    }
  });
  return { results };
}
