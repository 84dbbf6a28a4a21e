import type { Card, CardOcclusion, ReviewLog, ReviewRating, Subject } from '@arbor/contract';
import { parseOcclusion } from './card-kinds.ts';
import type { CardRow, ReviewLogRow } from './cards.repository.ts';

/** What a card shows beside its own row: its siblings' ids and the image of an occlusion card. */
export interface CardContext {
  /** sibling group → the ids of its cards */
  groups: ReadonlyMap<string, readonly number[]>;
  /** image id → where and how large */
  images: ReadonlyMap<number, { url: string; width: number; height: number }>;
}

/** The context of cards that have neither siblings nor images (a basic card just made). */
export const NO_CARD_CONTEXT: CardContext = { groups: new Map(), images: new Map() };

function occlusionOf(row: CardRow, context: CardContext): CardOcclusion | null {
  const stored = parseOcclusion(row.occlusion);
  const image = row.image_id === null ? undefined : context.images.get(row.image_id);
  if (!stored || !image) return null;
  return { image: row.image_id!, ...image, ...stored };
}

/** A card row as the contract's `Card`, with its subject and context already read. */
export function presentCard(row: CardRow, subject: Subject, context: CardContext): Card {
  return {
    id: row.id,
    subject,
    node_id: row.node_id,
    front: row.front,
    back: row.back,
    state: row.state,
    due: row.due,
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    reps: row.reps,
    lapses: row.lapses,
    last_review: row.last_review,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    kind: row.kind,
    siblings:
      row.sibling_group === null ? [] : (context.groups.get(row.sibling_group) ?? []).filter((id) => id !== row.id),
    cloze: row.cloze,
    occlusion: occlusionOf(row, context),
    suspended: row.suspended === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A review log row as the contract's `ReviewLog`. */
export function presentLog(id: number, row: Omit<ReviewLogRow, 'id'>): ReviewLog {
  return {
    id,
    rating: row.rating as ReviewRating,
    state: row.state,
    due: row.due,
    stability: Number(row.stability),
    difficulty: Number(row.difficulty),
    scheduled_days: row.scheduled_days,
    reviewed_at: row.reviewed_at,
    kind: row.kind,
  };
}
