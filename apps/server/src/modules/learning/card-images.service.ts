import { randomBytes } from 'node:crypto';
import { CARD_IMAGE_MAX_BYTES, type CardImage } from '@arbor/contract';
import type { Executor } from '../../db/connection.ts';
import type { Deps } from '../../deps.ts';
import { safeEqual } from '../../lib/crypto/keys.ts';
import { invalid, notFound } from '../../lib/http-errors.ts';
import { processImage } from '../../lib/images.ts';
import { safeError } from '../../lib/safe-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import {
  deleteCardImageRows,
  findCardImage,
  findOwnCardImage,
  findUnusedCardImages,
  insertCardImage,
  type CardImageRow,
} from './card-images.repository.ts';

/**
 * Card images (API.md "Cards people already have"): private to their owner. A browser loads them with
 * a plain `<img>` (in an occlusion card, or Markdown in any card), which sends no bearer token, so each
 * image has a capability URL: `/api/learn/card-images/<id>/<secret>.webp`, the secret 128 random bits
 * made when it is stored. Only its owner is ever given the URL (every call naming the image answers
 * others 404), it is served `private` with no referrer, and deleting the image ends it.
 */

/** Card images are shown inside a card on a screen: 2000 px keeps labels of a diagram readable. */
const CARD_IMAGE_FIT = 2000;
/** Largest accepted source side; refusing larger ones before decoding keeps pixel bombs out. */
const CARD_IMAGE_MAX_SIDE = 10_000;
const SECRET_SHAPE = /^[0-9a-f]{32}$/;

export const cardImageUrl = (baseUrl: string, row: Pick<CardImageRow, 'id' | 'secret'>) =>
  `${baseUrl}/api/learn/card-images/${row.id}/${row.secret}.webp`;

export function presentCardImage(row: CardImageRow, baseUrl: string): CardImage {
  return { id: row.id, url: cardImageUrl(baseUrl, row), width: row.width, height: row.height };
}

/** An image's file, sniffed, re-encoded and stored; its row is written by `insertCardImageIn`. */
export interface StoredCardImage {
  storage_key: string;
  width: number;
  height: number;
  bytes: number;
  content_type: string;
}

/**
 * Sniffs and re-encodes an upload (PNG, JPEG, WebP or GIF, ≤ 10 MB) and stores the WebP. The caller
 * writes the row (`insertCardImageIn`) and, when its transaction fails, deletes the file
 * (`deleteCardImageFiles`): the Anki importer stores many in one transaction it owns.
 */
export async function storeCardImageFile(deps: Pick<Deps, 'storage'>, upload: Buffer): Promise<StoredCardImage> {
  const image = await processImage(
    upload,
    { maxBytes: CARD_IMAGE_MAX_BYTES, maxSide: CARD_IMAGE_MAX_SIDE },
    { fit: CARD_IMAGE_FIT },
  );
  const key = `card-images/${randomBytes(16).toString('hex')}.webp`;
  await deps.storage.put(key, image.body, image.contentType);
  return {
    storage_key: key,
    width: image.width,
    height: image.height,
    bytes: image.body.length,
    content_type: image.contentType,
  };
}

/** Writes the row of a stored card image of `userId`, with a fresh secret for its URL. */
export function insertCardImageIn(
  trx: Executor,
  userId: number,
  stored: StoredCardImage,
  now: string,
): Promise<CardImageRow> {
  return insertCardImage(trx, { user_id: userId, ...stored, secret: randomBytes(16).toString('hex'), created_at: now });
}

/** Deletes stored files whose rows are gone (or never came); a failure only leaves a file behind, logged. */
export async function deleteCardImageFiles(deps: Pick<Deps, 'storage' | 'log'>, keys: readonly string[]) {
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  for (const result of results) {
    if (result.status === 'rejected')
      deps.log.warn({ err: safeError(result.reason) }, 'could not delete a stored card image');
  }
}

/** `POST /api/learn/card-images/`: stores an image of the caller's. */
export async function createCardImage(deps: Deps, viewer: AuthUser, upload: Buffer | null): Promise<CardImage> {
  if (!upload) throw invalid('No image was submitted.', { file: ['No file was submitted.'] });
  const stored = await storeCardImageFile(deps, upload);
  try {
    const row = await insertCardImageIn(deps.db, viewer.id, stored, deps.clock.nowIso());
    return presentCardImage(row, deps.config.publicBaseUrl);
  } catch (error) {
    await deleteCardImageFiles(deps, [stored.storage_key]);
    throw error;
  }
}

/** One of the caller's card images (others' answer 404). */
export async function getOwnCardImage(deps: Deps, viewer: AuthUser, id: number): Promise<CardImage> {
  const row = await findOwnCardImage(deps.db, viewer.id, id);
  if (!row) throw notFound();
  return presentCardImage(row, deps.config.publicBaseUrl);
}

/**
 * Deletes the images of `ids` that no card uses any more (the cards that used them were just deleted
 * in `trx`); answers the files to delete once it commits.
 */
export async function dropUnusedCardImagesIn(trx: Executor, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const unused = await findUnusedCardImages(trx, ids);
  await deleteCardImageRows(
    trx,
    unused.map((row) => row.id),
  );
  return unused.map((row) => row.storage_key);
}

/**
 * `GET /api/learn/card-images/<id>/<secret>.webp`: the image's bytes to whoever holds its capability URL;
 * anything else (no such image, a wrong secret) 404, the same answer either way.
 */
export async function readCardImageFile(
  deps: Deps,
  id: number,
  file: string,
): Promise<{ body: Buffer; contentType: string }> {
  const secret = file.endsWith('.webp') ? file.slice(0, -5) : '';
  if (!SECRET_SHAPE.test(secret)) throw notFound();
  const row = await findCardImage(deps.db, id);
  if (!row || !safeEqual(row.secret, secret)) throw notFound();
  const object = await deps.storage.get(row.storage_key);
  if (!object) throw notFound();
  return object;
}

/** The bytes of one of a learner's card images (the Anki export reads them), or null when not theirs. */
export async function readOwnCardImageBytes(
  deps: Pick<Deps, 'db' | 'storage'>,
  userId: number,
  id: number,
): Promise<{ row: CardImageRow; body: Buffer } | null> {
  const row = await findOwnCardImage(deps.db, userId, id);
  if (!row) return null;
  const object = await deps.storage.get(row.storage_key);
  return object ? { row, body: object.body } : null;
}
