import { randomBytes } from 'node:crypto';
import type { GenerateImageRequest, GenerateImageResponse, GenerateImagesBatchResponse } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { AppError, invalidField } from '../../lib/http-errors.ts';
import { processImage, type ProcessedImage } from '../../lib/images.ts';
import { mediaPath } from '../../lib/storage/storage.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { activeProvider } from './ai-runtime.ts';
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
async function storeLoose(deps: Deps, image: ProcessedImage): Promise<{ url: string }> {
  const key = `node-images/${randomBytes(16).toString('hex')}.webp`;
  await deps.storage.put(key, image.body, image.contentType);
  return { url: `${deps.config.publicBaseUrl}${mediaPath(key)}` };
}

/**
 * Generates one image and stores it: as a node image of the caller's tree when `tree` and `node_id`
 * are given, else as a file. Throws 503 (no provider/model), 429 (quota), 404/403 (tree), 502 (upstream).
 */
export async function generateImage(
  deps: Deps,
  user: AuthUser,
  body: GenerateImageRequest,
  signal?: AbortSignal,
): Promise<GenerateImageResponse> {
  if (body.tree !== undefined && body.node_id === undefined)
    throw invalidField('node_id', 'Give the node the image is for.');
  if (body.tree !== undefined) await assertCanAttachImage(deps, user, body.tree);
  const { config, client, apiKey } = await activeProvider(deps);
  const model = await pickModel(deps, config.id, 'image', body.model);
  await assertWithinDailyQuota(deps, user);
  const template = await resolvePrompt(deps, 'node_image', 'en-US');
  const request = {
    model: model.name,
    prompt: renderTemplate(template.template, { prompt: body.prompt }),
    size: body.size ?? DEFAULT_SIZE,
  };
  // An unreadable image is the provider's failure (502), so decoding happens inside the logged call.
  const { value: image, logId } = await runUpstreamCall(
    deps,
    { user, kind: 'image', model: model.name, request, secrets: [apiKey] },
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
      ? await saveAsNodeImage(deps, user, { tree: body.tree, nodeId: body.node_id }, image.body)
      : await storeLoose(deps, image);
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
  deps: Deps,
  user: AuthUser,
  items: GenerateImageRequest[],
  signal?: AbortSignal,
): Promise<GenerateImagesBatchResponse> {
  // A missing provider fails the whole batch at once rather than ten times.
  await activeProvider(deps);
  const results = await mapWithConcurrency(items, BATCH_CONCURRENCY, async (item, index) => {
    try {
      const { image, request_log } = await generateImage(deps, user, item, signal);
      return { index, image, request_log };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { index, error: { detail: error.detail, code: error.code } };
    }
  });
  return { results };
}
