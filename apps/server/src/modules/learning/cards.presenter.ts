import type { Card, ReviewLog, ReviewRating, Subject } from '@arbor/contract';
import type { CardRow, ReviewLogRow } from './cards.repository.ts';

/** A card row as the contract's `Card`, with its subject already read. */
export function presentCard(row: CardRow, subject: Subject): Card {
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
