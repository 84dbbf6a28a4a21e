import { randomBytes } from 'node:crypto';
import type { GenerateImageRequest, GenerateImageResponse, GenerateImagesBatchResponse } from '@arbor/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, invalidField } from '../../lib/http-errors.ts';
import { processImage, type ProcessedImage } from '../../lib/images.ts';
import { mediaPath } from '../../lib/storage/storage.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { activeProvider, storedApiKey } from './ai-runtime.ts';
import { pickModel } from './models.service.ts';
import { renderTemplate, resolvePrompt } from './prompts.service.ts';
import { assertCanAttachImage, saveAsNodeImage } from './tree-access.ts';
import { assertWithinDailyQuota, runUpstreamCall } from './upstream-call.ts';

const DEFAULT_SIZE = '1024x1024';
const BATCH_CONCURRENCY = 3;
const IMAGE_LIMITS = { maxBytes: 20 * 1024 * 1024, maxSide: 4096 };
const STORED_SIDE = 1024;

/** A generated image is decoded and re-encoded (WebP, fitted in 1024 px) before it is kept anywhere. */
const normalise = (bytes: Buffer) => processImage(bytes, IMAGE_LIMITS, { fit: STORED_SIDE });

/** Without a tree the image is only a file under `node-images/`; the caller gets its URL. */
async function storeLoose(app: FastifyInstance, image: ProcessedImage): Promise<{ url: string }> {
  const key = `node-images/${randomBytes(16).toString('hex')}.webp`;
  await app.storage.put(key, image.body, image.contentType);
  return { url: `${app.config.publicBaseUrl}${mediaPath(key)}` };
}

/**
 * Generates one image and stores it: as a node image of the caller's tree when `tree` and `node_id`
 * are given, else as a file. Throws 503 (no provider/model), 429 (quota), 404/403 (tree), 502 (upstream).
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
  // An unreadable image is the provider's failure (502), so decoding happens inside the logged call.
  const { value: image, logId } = await runUpstreamCall(
    app,
    { user, kind: 'image', model: model.name, request, secrets: [storedApiKey(app, config)] },
    async () => {
      const processed = await normalise(await client.generateImage(request, signal));
      return {
        value: processed,
        usage: { promptTokens: 0, completionTokens: 0 },
        responseText: `image ${processed.width}×${processed.height}, ${processed.body.length} bytes`,
      };
    },
  );
  const stored =
    body.tree !== undefined && body.node_id !== undefined
      ? await saveAsNodeImage(app, user, { tree: body.tree, nodeId: body.node_id }, image.body)
      : await storeLoose(app, image);
  return { image: stored, request_log: logId };
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
