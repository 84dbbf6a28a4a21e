/**
 * Just enough of the protobuf wire format to read the few messages of an Anki package (the media map,
 * a note type's config): each field of a message by number, as a varint or as bytes. Anki's messages
 * are small, so nothing is streamed.
 */

export class ProtobufError extends Error {}

export type ProtoValue = number | Uint8Array;

/** A varint at `offset`: its value (exact up to 2^53) and the offset after it. */
function readVarint(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let at = offset; at < bytes.length && at < offset + 10; at++) {
    const byte = bytes[at]!;
    value += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) return [value, at + 1];
    scale *= 128;
  }
  throw new ProtobufError('truncated varint');
}

/** The fields of one message, by field number, in their order (repeated fields have several). */
export function readMessage(bytes: Uint8Array): Map<number, ProtoValue[]> {
  const fields = new Map<number, ProtoValue[]>();
  let offset = 0;
  while (offset < bytes.length) {
    const [key, afterKey] = readVarint(bytes, offset);
    const field = Math.floor(key / 8);
    const wire = key % 8;
    let value: ProtoValue;
    if (wire === 0) [value, offset] = readVarint(bytes, afterKey);
    else if (wire === 2) {
      const [length, start] = readVarint(bytes, afterKey);
      if (start + length > bytes.length) throw new ProtobufError('truncated field');
      value = bytes.subarray(start, start + length);
      offset = start + length;
    } else if (wire === 5) {
      value = new DataView(bytes.buffer, bytes.byteOffset + afterKey, 4).getFloat32(0, true);
      offset = afterKey + 4;
    } else if (wire === 1) {
      value = new DataView(bytes.buffer, bytes.byteOffset + afterKey, 8).getFloat64(0, true);
      offset = afterKey + 8;
    } else throw new ProtobufError(`unsupported wire type ${wire}`);
    if (offset > bytes.length) throw new ProtobufError('truncated field');
    const list = fields.get(field);
    if (list) list.push(value);
    else fields.set(field, [value]);
  }
  return fields;
}

export const firstNumber = (fields: Map<number, ProtoValue[]>, field: number): number | undefined => {
  const value = fields.get(field)?.[0];
  return typeof value === 'number' ? value : undefined;
};

export const firstString = (fields: Map<number, ProtoValue[]>, field: number): string | undefined => {
  const value = fields.get(field)?.[0];
  return value instanceof Uint8Array ? new TextDecoder().decode(value) : undefined;
};

// ── writing (the tests' anki21b collections and media maps) ──

function varint(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 128) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return out;
}

/** Encodes a message of varint (number) and length-delimited (string or bytes) fields. */
export function writeMessage(fields: readonly [number, number | string | Uint8Array][]): Uint8Array {
  const out: number[] = [];
  for (const [field, value] of fields) {
    if (typeof value === 'number') out.push(...varint(field * 8), ...varint(value));
    else {
      const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
      out.push(...varint(field * 8 + 2), ...varint(bytes.length), ...bytes);
    }
  }
  return Uint8Array.from(out);
}
