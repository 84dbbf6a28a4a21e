import {
  clozeNumbers,
  type CardBatchBody,
  type CardKind,
  type OcclusionMask,
  type OcclusionMode,
} from '@arbor/contract';
import { invalidField } from '../../lib/http-errors.ts';

/**
 * What one input makes (API.md "Cards people already have"): the text and kind columns of each card,
 * in a stable order — reversed: front→back then back→front; cloze: by number; occlusion: by mask.
 */

type Distribute<T> = T extends unknown ? Omit<T, 'tree' | 'share' | 'node_id'> : never;
/** One input of any kind: the batch body without its subject and node. */
export type CardInput = Distribute<CardBatchBody>;

/** The columns of a card that its input decides (the rest is its schedule, subject and node). */
export interface CardContent {
  front: string;
  back: string;
  kind: CardKind;
  cloze: number | null;
  occlusion: string | null;
  image_id: number | null;
}

/** An occlusion card's JSON column: the image is its own column. */
export interface StoredOcclusion {
  masks: OcclusionMask[];
  index: number;
  mode: OcclusionMode;
}

export const MISSING_CLOZE = 'Mark at least one cloze, like {{c1::answer}}.';

/** The cloze numbers of a text, refusing one without any (`400` naming `field`). */
export function requireClozeNumbers(text: string, field: string): number[] {
  const numbers = clozeNumbers(text);
  if (numbers.length === 0) throw invalidField(field, MISSING_CLOZE);
  return numbers;
}

const plain = (front: string, back: string, kind: CardKind): CardContent => ({
  front,
  back,
  kind,
  cloze: null,
  occlusion: null,
  image_id: null,
});

export const clozeContent = (text: string, back: string, n: number): CardContent => ({
  ...plain(text, back, 'cloze'),
  cloze: n,
});

/** The cards one input makes. */
export function expandCardInput(input: CardInput): CardContent[] {
  switch (input.kind) {
    case 'basic':
      return [plain(input.front, input.back, 'basic')];
    case 'reversed':
      return [plain(input.front, input.back, 'reversed'), plain(input.back, input.front, 'reversed')];
    case 'cloze':
      return requireClozeNumbers(input.text, 'text').map((n) => clozeContent(input.text, input.back ?? '', n));
    case 'occlusion':
      return input.masks.map((_, index) => ({
        ...plain('', input.back ?? '', 'occlusion'),
        occlusion: JSON.stringify({ masks: input.masks, index, mode: input.mode } satisfies StoredOcclusion),
        image_id: input.image,
      }));
  }
}

export function parseOcclusion(json: string | null): StoredOcclusion | null {
  if (json === null) return null;
  return JSON.parse(json) as StoredOcclusion;
}
