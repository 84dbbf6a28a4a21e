import type { Card } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import { previewGrades } from './fsrs-preview.ts';
import { intervalParts } from './interval-format.ts';

const now = new Date('2026-03-02T10:00:00Z');
const card = (over: Partial<Card> = {}): Card => ({
  id: 1,
  subject: { kind: 'tree', uuid: 'u', title: 'T' },
  node_id: 'n',
  front: 'Q',
  back: 'A',
  state: 'new',
  due: now.toISOString(),
  stability: 0,
  difficulty: 0,
  reps: 0,
  lapses: 0,
  last_review: null,
  scheduled_days: 0,
  learning_steps: 0,
  created_at: now.toISOString(),
  updated_at: now.toISOString(),
  ...over,
});

describe('previewGrades', () => {
  it('gives a new card the short-term steps, then days for Easy', () => {
    const p = previewGrades(card(), now, 0.9);
    expect(intervalParts(p[1].ms)).toEqual({ unit: 'minute', value: 1 });
    expect(intervalParts(p[2].ms)).toEqual({ unit: 'minute', value: 6 });
    expect(intervalParts(p[3].ms)).toEqual({ unit: 'minute', value: 10 });
    expect(intervalParts(p[4].ms).unit).toBe('day');
  });

  it('orders a review card’s intervals Again < Hard < Good < Easy', () => {
    const last = new Date(now.getTime() - 10 * 86_400_000).toISOString();
    const p = previewGrades(
      card({
        state: 'review',
        stability: 10,
        difficulty: 5,
        reps: 4,
        last_review: last,
        scheduled_days: 10,
        due: now.toISOString(),
      }),
      now,
      0.9,
    );
    expect(p[1].ms).toBeLessThan(p[2].ms);
    expect(p[2].ms).toBeLessThan(p[3].ms);
    expect(p[3].ms).toBeLessThan(p[4].ms);
    expect(intervalParts(p[3].ms).unit).toMatch(/day|month/);
  });

  it('gives longer intervals for a lower retention', () => {
    const last = new Date(now.getTime() - 10 * 86_400_000).toISOString();
    const c = card({ state: 'review', stability: 10, difficulty: 5, reps: 4, last_review: last, scheduled_days: 10 });
    expect(previewGrades(c, now, 0.8)[3].ms).toBeGreaterThan(previewGrades(c, now, 0.95)[3].ms);
  });
});
