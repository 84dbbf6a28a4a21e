import { unzipSync, type UnzipFileInfo } from 'fflate';
import { decompress } from 'fzstd';
import { firstNumber, firstString, readMessage } from './protobuf.ts';

/**
 * An Anki package (`.apkg` or `.colpkg`) opened: a zip holding the collection and its media. Three
 * layouts exist (Anki's `PackageMetadata`): `collection.anki2` (legacy 1) and `collection.anki21`
 * (legacy 2), SQLite files with a JSON media map `{"0": "name.jpg"}`; and `collection.anki21b`
 * (latest), the SQLite file compressed with zstd, the media map a zstd-compressed protobuf
 * `MediaEntries` and every media file compressed with zstd too. The newest collection present wins:
 * newer Anki versions keep a stub `collection.anki2` beside `collection.anki21b` for old readers.
 */

/** A file that cannot be imported; `message` is English (translated where it is shown). */
export class AnkiFileError extends Error {
  constructor(
    message: string,
    readonly values: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const NOT_A_PACKAGE = 'This file is not an Anki deck (.apkg or .colpkg).';
export const DAMAGED = 'The Anki collection inside this file is damaged.';

/** Largest collection read (uncompressed); a bigger one is refused before it is inflated. */
const MAX_COLLECTION_BYTES = 1024 * 1024 * 1024;
const SQLITE_MAGIC = 'SQLite format 3\0';

export interface AnkiPackage {
  format: 'legacy' | 'latest';
  /** the collection's SQLite bytes */
  collection: Uint8Array;
  /** media file name (as notes name it) → zip entry */
  media: Map<string, string>;
  /** the bytes of some media entries, uncompressed (entries larger than `maxBytes` are left out) */
  readMedia(entries: readonly string[], maxBytes: number): Map<string, Uint8Array>;
}

const COLLECTIONS = [
  { entry: 'collection.anki21b', format: 'latest' },
  { entry: 'collection.anki21', format: 'legacy' },
  { entry: 'collection.anki2', format: 'legacy' },
] as const;

function unzipSome(bytes: Uint8Array, keep: (file: UnzipFileInfo) => boolean): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, { filter: keep });
  } catch {
    throw new AnkiFileError(NOT_A_PACKAGE);
  }
}

function unzstd(bytes: Uint8Array): Uint8Array {
  try {
    return decompress(bytes);
  } catch {
    throw new AnkiFileError(DAMAGED);
  }
}

/** The media map of the latest format: entry `i` holds the file named by the i-th `MediaEntry`. */
function latestMediaMap(bytes: Uint8Array): Map<string, string> {
  const map = new Map<string, string>();
  const entries = readMessage(unzstd(bytes)).get(1) ?? [];
  entries.forEach((entry, index) => {
    if (!(entry instanceof Uint8Array)) return;
    const fields = readMessage(entry);
    const name = firstString(fields, 1);
    if (name) map.set(name, String(firstNumber(fields, 255) ?? index));
  });
  return map;
}

function legacyMediaMap(bytes: Uint8Array): Map<string, string> {
  const map = new Map<string, string>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new AnkiFileError(DAMAGED);
  }
  if (parsed && typeof parsed === 'object')
    for (const [entry, name] of Object.entries(parsed)) if (typeof name === 'string') map.set(name, entry);
  return map;
}

/** Opens a package, reading its collection and media map (media files are read later, in batches). */
export function openAnkiPackage(bytes: Uint8Array): AnkiPackage {
  const names = new Set<string>();
  const heads = unzipSome(bytes, (file) => {
    names.add(file.name);
    if (file.name === 'media') return true;
    const collection = COLLECTIONS.find((c) => c.entry === file.name);
    if (collection && file.originalSize > MAX_COLLECTION_BYTES) throw new AnkiFileError(DAMAGED);
    return collection !== undefined;
  });
  const found = COLLECTIONS.find((c) => heads[c.entry] !== undefined);
  if (!found) throw new AnkiFileError(NOT_A_PACKAGE);
  const latest = found.format === 'latest';
  const collection = latest ? unzstd(heads[found.entry]!) : heads[found.entry]!;
  if (new TextDecoder().decode(collection.subarray(0, 16)) !== SQLITE_MAGIC) throw new AnkiFileError(DAMAGED);
  const mapBytes = heads['media'];
  const media =
    !mapBytes || mapBytes.length === 0 ? new Map() : latest ? latestMediaMap(mapBytes) : legacyMediaMap(mapBytes);
  for (const [name, entry] of media) if (!names.has(entry)) media.delete(name);
  return {
    format: found.format,
    collection,
    media,
    readMedia(entries, maxBytes) {
      const wanted = new Set(entries);
      const files = unzipSome(bytes, (file) => wanted.has(file.name) && file.originalSize <= maxBytes * 4 + 1024);
      const out = new Map<string, Uint8Array>();
      for (const [entry, data] of Object.entries(files)) {
        const plain = latest ? unzstd(data) : data;
        if (plain.length <= maxBytes) out.set(entry, plain);
      }
      return out;
    },
  };
}
