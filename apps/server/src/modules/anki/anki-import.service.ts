import { randomBytes, randomUUID } from 'node:crypto';
import type { AnkiImportAccepted, AnkiImportFields, AnkiImportJob, AnkiImportResult } from '@arbor/contract';
import { CARD_IMAGE_MAX_BYTES } from '@arbor/contract';
import type { Deps } from '../../deps.ts';
import { invalid, notFound } from '../../lib/http-errors.ts';
import type { Locale } from '@arbor/contract';
import { formatMessage } from '../../lib/messages/index.ts';
import { safeError } from '../../lib/safe-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { deleteCardImageFiles, readSettings, schedulerFor, storeCardImageFile } from '../learning/index.ts';
import { findOwnTreeByUuid } from '../trees/index.ts';
import { readAnkiCollection, type AnkiCollection } from './anki-collection.ts';
import { imageNamesOf } from './anki-html.ts';
import { AnkiFileError, openAnkiPackage, type AnkiPackage } from './anki-package.ts';
import { findImport, findOwnImport, insertImport, updateImport } from './anki-import.repository.ts';
import { writeImport, type StoredMedia } from './anki-import.writer.ts';

/**
 * Anki import (API.md "Cards people already have"): the request stores the upload and queues a job;
 * the job reads the package, stores its images, then writes the tree's new nodes, the cards, their
 * schedules and history in one transaction (`anki-import.writer.ts`), deleting the stored images if it
 * fails: all or nothing. Progress is written between the steps, never inside the transaction (on
 * SQLite another write would wait for it). A file that is not an Anki deck fails the job with a
 * reason, which `GET` answers in the caller's language.
 */

declare module '../../lib/jobs/jobs.ts' {
  interface JobMap {
    /** an uploaded Anki package to import (anki) */
    'anki.import': { job: string };
  }
}

export const IMPORT_FAILED = 'The import failed. Nothing was changed; try again later.';
/** Images are stored this many at a time: the package is unzipped once a batch. */
const MEDIA_BATCH = 50;

/** `POST /api/learn/import/anki/`: stores the upload, queues its import and answers its job's uuid. */
export async function startAnkiImport(
  deps: Deps,
  viewer: AuthUser,
  upload: Buffer | null,
  fields: AnkiImportFields,
): Promise<AnkiImportAccepted> {
  if (!upload || upload.length === 0)
    throw invalid('No file was submitted.', { file: ['Choose an .apkg or .colpkg file.'] });
  // The target is checked now, so that a tree that is not the caller's answers 404 at once.
  if (fields.tree !== undefined) await findOwnTreeByUuid(deps, viewer, fields.tree);
  const uuid = randomUUID();
  const key = `anki-imports/${randomBytes(16).toString('hex')}.apkg`;
  await deps.storage.put(key, upload, 'application/zip');
  const now = deps.clock.nowIso();
  try {
    await insertImport(deps.db, {
      uuid,
      user_id: viewer.id,
      status: 'queued',
      percent: 0,
      upload_key: key,
      tree_uuid: fields.tree ?? null,
      title: fields.title ?? null,
      result: null,
      error: null,
      error_values: null,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  await deps.jobs.enqueue('anki.import', { job: uuid });
  return { job: uuid };
}

/** `GET /api/learn/import/{job}/`: the caller's own import (others 404), its error in `locale`. */
export async function getAnkiImport(
  deps: Deps,
  viewer: AuthUser,
  uuid: string,
  locale: Locale,
): Promise<AnkiImportJob> {
  const row = await findOwnImport(deps.db, viewer.id, uuid);
  if (!row) throw notFound();
  const values = row.error_values ? (JSON.parse(row.error_values) as Record<string, string>) : {};
  return {
    status: row.status,
    percent: row.percent,
    result: row.result ? (JSON.parse(row.result) as AnkiImportResult) : null,
    error: row.error ? formatMessage(row.error, locale, values) : null,
  };
}

/** Stores the images the notes show, a batch at a time; answers them by media name. */
async function storeMedia(
  deps: Deps,
  pkg: AnkiPackage,
  collection: AnkiCollection,
  progress: (fraction: number) => Promise<void>,
  stored: StoredMedia,
): Promise<void> {
  const wanted = new Set<string>();
  for (const note of collection.notes)
    for (const field of note.fields) for (const name of imageNamesOf(field)) if (pkg.media.has(name)) wanted.add(name);
  const names = [...wanted];
  for (let start = 0; start < names.length; start += MEDIA_BATCH) {
    const batch = names.slice(start, start + MEDIA_BATCH);
    const bytes = pkg.readMedia(
      batch.map((name) => pkg.media.get(name)!),
      CARD_IMAGE_MAX_BYTES,
    );
    for (const name of batch) {
      const data = bytes.get(pkg.media.get(name)!);
      if (!data) continue;
      try {
        stored.images.set(name, await storeCardImageFile(deps, Buffer.from(data.buffer, data.byteOffset, data.length)));
      } catch {
        // Not an image this app takes (audio, SVG, a broken file): the notes show it as missing.
      }
    }
    await progress((start + batch.length) / names.length);
  }
}

/** The `anki.import` job: runs a queued (or interrupted) import once; every failure ends it `failed`. */
export async function runAnkiImport(deps: Deps, payload: { job: string }): Promise<void> {
  const row = await findImport(deps.db, payload.job);
  if (!row || (row.status !== 'queued' && row.status !== 'running') || !row.upload_key) return;
  const uuid = row.uuid;
  const set = (changes: Parameters<typeof updateImport>[2]) =>
    updateImport(deps.db, uuid, { ...changes, updated_at: deps.clock.nowIso() });
  const stored: StoredMedia = { images: new Map() };
  try {
    await set({ status: 'running', percent: 5 });
    const object = await deps.storage.get(row.upload_key);
    if (!object) throw new AnkiFileError(IMPORT_FAILED);
    const pkg = openAnkiPackage(object.body);
    const collection = readAnkiCollection(pkg.collection);
    await set({ percent: 20 });
    await storeMedia(deps, pkg, collection, (done) => set({ percent: 20 + Math.round(done * 50) }), stored);
    await set({ percent: 75 });
    const viewer: AuthUser = { id: row.user_id, role: 'user' };
    const settings = await readSettings(deps.db, row.user_id);
    const target = row.tree_uuid
      ? { tree: await findOwnTreeByUuid(deps, viewer, row.tree_uuid) }
      : { title: row.title ?? 'Anki' };
    const result = await writeImport(deps, {
      userId: row.user_id,
      target,
      collection,
      media: stored,
      scheduler: schedulerFor(settings, { fuzz: false }),
    });
    await set({ status: 'done', percent: 100, result: JSON.stringify(result), upload_key: null });
  } catch (error) {
    await deleteCardImageFiles(
      deps,
      [...stored.images.values()].map((image) => image.storage_key),
    );
    const known = error instanceof AnkiFileError;
    if (!known) deps.log.warn({ err: safeError(error), job: 'anki.import' }, 'an Anki import failed');
    await set({
      status: 'failed',
      error: known ? error.message : IMPORT_FAILED,
      error_values: known ? JSON.stringify(error.values) : null,
      upload_key: null,
    });
  }
  await deps.storage.delete(row.upload_key).catch(() => undefined);
}
