import {
  CARD_BACK_MAX,
  CARD_FRONT_MAX,
  clozeNumbers,
  OCCLUSION_MAX_MASKS,
  type OcclusionMask,
  type OcclusionMode,
} from '@arbor/contract';
import type { AnkiNote, AnkiNoteType } from './anki-collection.ts';
import { imageNamesOf } from './anki-html.ts';

/**
 * What one Anki note becomes (API.md "Anki import"): Basic → `basic`, "Basic (and reversed card)" →
 * `reversed`, Cloze → `cloze`, Image Occlusion → `occlusion`, any other note type → `basic` from its
 * first and second fields. `ords[i]` is the Anki card ordinal whose schedule the i-th card made takes
 * (reversed: 0 then 1; cloze and occlusion: number − 1, in ascending order).
 */

export type SkipReason = 'empty' | 'too_long' | 'no_cloze' | 'no_image' | 'unknown_note_type' | 'unsupported_shape';

export type NotePlan =
  | { kind: 'basic' | 'reversed'; front: string; back: string; ords: number[] }
  | { kind: 'cloze'; text: string; back: string; ords: number[] }
  | { kind: 'occlusion'; image: string; masks: OcclusionMask[]; mode: OcclusionMode; back: string; ords: number[] }
  | { skip: SkipReason };

/** A field's HTML as Markdown. */
export type ToMarkdown = (html: string) => string;

const fieldOf = (note: AnkiNote, type: AnkiNoteType, name: string, fallback: number) => {
  const index = type.fields.findIndex((field) => field.toLowerCase() === name.toLowerCase());
  return note.fields[index >= 0 ? index : fallback] ?? '';
};

const SHAPE = /\{\{c(\d+)::image-occlusion:(rect|ellipse|polygon|text)((?::[a-z]+=[^:}]*)*)\}\}/gi;

/** Anki's occlusion shapes, one mask per cloze number (the box around that number's shapes). */
function occlusionMasks(text: string): { masks: OcclusionMask[]; ords: number[]; hideAll: boolean } | null {
  const boxes = new Map<number, { x0: number; y0: number; x1: number; y1: number }>();
  let hideAll = false;
  for (const match of text.matchAll(SHAPE)) {
    const props = Object.fromEntries(
      match[3]!
        .split(':')
        .filter(Boolean)
        .map((pair) => pair.split('=') as [string, string]),
    );
    if (props.oi === '1') hideAll = true;
    const shape = match[2]!.toLowerCase();
    if (shape !== 'rect' && shape !== 'ellipse') return null;
    const left = Number(props.left);
    const top = Number(props.top);
    const width = shape === 'rect' ? Number(props.width) : 2 * Number(props.rx);
    const height = shape === 'rect' ? Number(props.height) : 2 * Number(props.ry);
    if (![left, top, width, height].every(Number.isFinite)) return null;
    const n = Number(match[1]);
    const box = boxes.get(n);
    const next = { x0: left, y0: top, x1: left + width, y1: top + height };
    boxes.set(
      n,
      box
        ? {
            x0: Math.min(box.x0, next.x0),
            y0: Math.min(box.y0, next.y0),
            x1: Math.max(box.x1, next.x1),
            y1: Math.max(box.y1, next.y1),
          }
        : next,
    );
  }
  const numbers = [...boxes.keys()].sort((a, b) => a - b);
  if (numbers.length === 0 || numbers.length > OCCLUSION_MAX_MASKS) return null;
  // Six decimals: Anki writes four, and sums like .5 + .2 should not come back as 0.19999999999999996.
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  const clamp = (value: number) => Math.min(1, Math.max(0, round(value)));
  const masks = numbers.map((n) => {
    const box = boxes.get(n)!;
    const x = clamp(box.x0);
    const y = clamp(box.y0);
    return { x, y, w: round(clamp(box.x1) - x), h: round(clamp(box.y1) - y) };
  });
  if (masks.some((mask) => mask.w <= 0 || mask.h <= 0)) return null;
  return { masks, ords: numbers.map((n) => n - 1), hideAll };
}

function fits(front: string, back: string): boolean {
  return front.length <= CARD_FRONT_MAX && back.length <= CARD_BACK_MAX;
}

/** Plans the cards of one note (null note type: the note names one the collection lacks). */
export function planNote(note: AnkiNote, type: AnkiNoteType | undefined, markdown: ToMarkdown): NotePlan {
  if (!type) return { skip: 'unknown_note_type' };
  if (type.kind === 'cloze') {
    const text = markdown(note.fields[0] ?? '');
    const back = markdown(note.fields[1] ?? '');
    const numbers = clozeNumbers(text);
    if (numbers.length === 0) return { skip: 'no_cloze' };
    if (!fits(text, back)) return { skip: 'too_long' };
    return { kind: 'cloze', text, back, ords: numbers.map((n) => n - 1) };
  }
  if (type.kind === 'occlusion') {
    const [image] = imageNamesOf(fieldOf(note, type, 'Image', 1));
    if (!image) return { skip: 'no_image' };
    const shapes = occlusionMasks(fieldOf(note, type, 'Occlusion', 0));
    if (!shapes) return { skip: 'unsupported_shape' };
    const back = [fieldOf(note, type, 'Header', 2), fieldOf(note, type, 'Back Extra', 3)]
      .map(markdown)
      .filter(Boolean)
      .join('\n\n');
    if (back.length > CARD_BACK_MAX) return { skip: 'too_long' };
    return {
      kind: 'occlusion',
      image,
      masks: shapes.masks,
      mode: shapes.hideAll ? 'hide_all' : 'hide_one',
      back,
      ords: shapes.ords,
    };
  }
  const front = markdown(note.fields[0] ?? '');
  const back = markdown(note.fields[1] ?? '');
  if (!front) return { skip: 'empty' };
  if (type.kind === 'reversed') {
    if (!back) return { skip: 'empty' };
    if (!fits(front, back) || back.length > CARD_FRONT_MAX) return { skip: 'too_long' };
    return { kind: 'reversed', front, back, ords: [0, 1] };
  }
  if (!fits(front, back)) return { skip: 'too_long' };
  return { kind: 'basic', front, back, ords: [0] };
}
