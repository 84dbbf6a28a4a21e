import { NodeId } from '@arbor/tree-core';
import { z } from 'zod';
import { CardKind } from './card-kinds.ts';

/**
 * The card browser (issue #33, Anki's Browse): what `GET /api/learn/cards/` filters and sorts by, and
 * `POST /api/learn/cards/bulk/` for acting on many of the caller's cards at once.
 */

export const CARD_SORTS = ['created', '-created', 'due', '-due', 'lapses', '-lapses', 'updated', '-updated'] as const;
export const CardSort = z.enum(CARD_SORTS);
export type CardSort = z.infer<typeof CardSort>;

const flag = z.enum(['true', 'false'], 'Use true or false.').transform((v) => v === 'true');

const wholeNumber = (message: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((n) => n <= max, message);

/** The browser's filters, added to `CardsQuery`. */
export const cardBrowserFields = {
  q: z
    .string()
    .trim()
    .max(200, 'The search is at most 200 characters.')
    .optional()
    .describe('a substring of the front or the back, any case (CJK included)'),
  kind: CardKind.optional(),
  suspended: flag.optional().describe('true: only suspended cards; false: only cards not suspended'),
  due_within: wholeNumber('due_within is a whole number of days from 0 to 3650.', 3650)
    .optional()
    .describe('not-new cards due by the end of the learner’s local day this many days from today (0: due today)'),
  lapses_min: wholeNumber('lapses_min is a whole number from 0 to 1000.', 1000)
    .optional()
    .describe('cards forgotten at least this many times'),
  sort: CardSort.optional().describe('created (default), due, lapses or updated; a leading minus: descending'),
};

export const BULK_CARD_ACTIONS = ['suspend', 'unsuspend', 'reset', 'move', 'delete'] as const;
export const BulkCardAction = z.enum(BULK_CARD_ACTIONS);
export type BulkCardAction = z.infer<typeof BulkCardAction>;
export const BULK_CARDS_MAX = 500;

export const CardsBulkBody = z
  .object({
    ids: z
      .array(z.number().int().positive())
      .min(1, 'Give at least one card.')
      .max(BULK_CARDS_MAX, 'At most 500 cards at once.')
      .refine((ids) => new Set(ids).size === ids.length, 'Each card only once.'),
    action: BulkCardAction.describe(
      'suspend / unsuspend; reset: back to new (schedule forgotten, history kept); move: to node_id; delete',
    ),
    node_id: NodeId.optional().describe('move: a node of every moved card’s subject'),
  })
  .refine((b) => b.action !== 'move' || b.node_id !== undefined, {
    message: 'Moving cards needs the node to move them to.',
    path: ['node_id'],
  })
  .meta({ id: 'CardsBulkBody' });
export type CardsBulkBody = z.infer<typeof CardsBulkBody>;

export const CardsBulkResult = z
  .object({ count: z.number().int().describe('how many cards the action changed or deleted') })
  .meta({ id: 'CardsBulkResult' });
export type CardsBulkResult = z.infer<typeof CardsBulkResult>;
