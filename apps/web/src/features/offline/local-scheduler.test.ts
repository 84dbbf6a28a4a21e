import { DEFAULT_LEARNER_SETTINGS } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import { gradeOffline, offlineScheduler } from './local-scheduler.ts';
import { offlineCard } from './testing.ts';

const newCard = offlineCard(1, { node_id: 'n1', front: 'f', back: 'b' });

describe('offline grading', () => {
  it('follows the learning steps and stamps the review time', () => {
    const at = new Date('2026-03-02T10:00:00.000Z');
    const again = gradeOffline(offlineScheduler(DEFAULT_LEARNER_SETTINGS), newCard, 1, at);
    expect(again).toMatchObject({ state: 'learning', reps: 1, last_review: at.toISOString() });
    // ts-fsrs's first default learning step is one minute
    expect(new Date(again.due).getTime() - at.getTime()).toBe(60_000);
  });

  it('uses the learner’s steps and maximum interval', () => {
    const at = new Date('2026-03-02T10:00:00.000Z');
    const settings = { ...DEFAULT_LEARNER_SETTINGS, learning_steps: ['5m'], maximum_interval: 2 };
    const scheduler = offlineScheduler(settings);
    const again = gradeOffline(scheduler, newCard, 1, at);
    expect(new Date(again.due).getTime() - at.getTime()).toBe(5 * 60_000);
    const easy = gradeOffline(scheduler, newCard, 4, at);
    expect(easy.state).toBe('review');
    expect(easy.scheduled_days).toBeLessThanOrEqual(2);
  });

  it('gives the same card for the same review time (the fuzz is seeded by it)', () => {
    const at = new Date('2026-03-05T10:00:00.000Z');
    const reviewed = {
      ...newCard,
      state: 'review' as const,
      stability: 12,
      difficulty: 5,
      reps: 4,
      last_review: '2026-02-20T10:00:00.000Z',
      scheduled_days: 12,
    };
    const scheduler = offlineScheduler(DEFAULT_LEARNER_SETTINGS);
    expect(gradeOffline(scheduler, reviewed, 3, at)).toEqual(gradeOffline(scheduler, reviewed, 3, at));
  });
});
