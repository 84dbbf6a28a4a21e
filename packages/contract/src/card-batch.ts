import { NodeId } from '@arbor/tree-core';
import { z } from 'zod';
import { OCCLUSION_MAX_MASKS, OcclusionMask, OcclusionMode } from './card-kinds.ts';
import { Id } from './common.ts';
import { exactlyOneSubject, oneSubjectIssue, subjectFields } from './learning.ts';
import { Card, CARD_FRONT_MAX, cardBack as back, cardFront as front } from './recall.ts';

/** `POST /api/learn/cards/batch/`: every card of one input, per kind (API.md "Cards people already have"). */

const clozeText = z
  .string()
  .trim()
  .min(1, 'The text cannot be empty.')
  .max(CARD_FRONT_MAX, 'The text is at most 2,000 characters.');

/** The back of a reversed card is the front of its sibling: as short, and not empty. */
const reversedBack = z
  .string()
  .trim()
  .min(1, 'The back cannot be empty.')
  .max(CARD_FRONT_MAX, 'The back of a reversed card is at most 2,000 characters.');

const batchBase = { ...subjectFields, node_id: NodeId };

export const CardBatchBody = z
  .discriminatedUnion('kind', [
    z.object({ ...batchBase, kind: z.literal('basic'), front, back }),
    z.object({ ...batchBase, kind: z.literal('reversed'), front, back: reversedBack }),
    z.object({
      ...batchBase,
      kind: z.literal('cloze'),
      text: clozeText.describe('Anki’s markers {{c1::answer}} or {{c1::answer::hint}}; one card per distinct number'),
      back: back.optional().describe('extra shown with the answer'),
    }),
    z.object({
      ...batchBase,
      kind: z.literal('occlusion'),
      image: Id.describe('a card image of the caller'),
      masks: z.array(OcclusionMask).min(1, 'Draw at least one mask.').max(OCCLUSION_MAX_MASKS, 'At most 100 masks.'),
      mode: OcclusionMode,
      back: back.optional(),
    }),
  ])
  .refine(exactlyOneSubject, oneSubjectIssue)
  .meta({ id: 'CardBatchBody' });
export type CardBatchBody = z.infer<typeof CardBatchBody>;

export const CardBatchResult = z.object({ cards: z.array(Card) }).meta({ id: 'CardBatchResult' });
export type CardBatchResult = z.infer<typeof CardBatchResult>;
