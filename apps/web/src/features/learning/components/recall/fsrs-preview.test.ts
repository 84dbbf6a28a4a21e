import { DEFAULT_LEARNER_SETTINGS, type Card, type LearnerSettings } from '@arbor/contract';
import { DEFAULT_SCHEDULER_SETTINGS, schedulerParameters } from '@arbor/contract/fsrs-settings';
import { fsrs, generatorParameters, type StepUnit } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { toFsrsCard } from '../../../offline/index.ts';
import { previewGrades, schedulerSettingsOf } from './fsrs-preview.ts';
import { testCard } from '../../../../testing/cards.ts';
import { intervalParts } from './interval-format.ts';

const now = new Date('2026-03-02T10:00:00Z');
const card = (over: Partial<Card> = {}): Card =>
  testCard({
    node_id: 'n',
    front: 'Q',
    back: 'A',
    due: now.toISOString(),
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    ...over,
  });

describe('previewGrades', () => {
  it('gives a new card the short-term steps, then days for Easy', () => {
    const p = previewGrades(card(), now, DEFAULT_SCHEDULER_SETTINGS);
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
      DEFAULT_SCHEDULER_SETTINGS,
    );
    expect(p[1].ms).toBeLessThan(p[2].ms);
    expect(p[2].ms).toBeLessThan(p[3].ms);
    expect(p[3].ms).toBeLessThan(p[4].ms);
    expect(intervalParts(p[3].ms).unit).toMatch(/day|month/);
  });

  it('gives longer intervals for a lower retention', () => {
    const last = new Date(now.getTime() - 10 * 86_400_000).toISOString();
    const c = card({ state: 'review', stability: 10, difficulty: 5, reps: 4, last_review: last, scheduled_days: 10 });
    const at = (request_retention: number) => ({ ...DEFAULT_SCHEDULER_SETTINGS, request_retention });
    expect(previewGrades(c, now, at(0.8))[3].ms).toBeGreaterThan(previewGrades(c, now, at(0.95))[3].ms);
  });
});

const DAY = 86_400_000;
const reviewCard = () =>
  card({
    state: 'review',
    stability: 30,
    difficulty: 5,
    reps: 6,
    last_review: new Date(now.getTime() - 30 * DAY).toISOString(),
    scheduled_days: 30,
  });
/** A learner who changed every scheduler option the server reads (Settings → Memory, API.md "Scheduler options"). */
const tuned: LearnerSettings = {
  ...DEFAULT_LEARNER_SETTINGS,
  request_retention: 0.85,
  maximum_interval: 20,
  learning_steps: ['2m', '30m'],
  relearning_steps: ['5m', '1h'],
  fsrs: {
    ...DEFAULT_LEARNER_SETTINGS.fsrs,
    // the defaults with a three times larger initial stability for Easy (w[3])
    parameters: generatorParameters().w.map((w, i) => (i === 3 ? w * 3 : w)),
  },
};

describe('the preview follows the learner’s scheduler settings as the server does', () => {
  it('shows the learner’s learning steps on a new card and relearning steps after Again', () => {
    const settings = schedulerSettingsOf(tuned);
    const fresh = previewGrades(card(), now, settings);
    expect(intervalParts(fresh[1].ms)).toEqual({ unit: 'minute', value: 2 });
    expect(intervalParts(fresh[3].ms)).toEqual({ unit: 'minute', value: 30 });
    const lapsed = previewGrades(reviewCard(), now, settings);
    expect(intervalParts(lapsed[1].ms)).toEqual({ unit: 'minute', value: 5 });
  });

  it('never previews beyond the maximum interval', () => {
    const p = previewGrades(reviewCard(), now, schedulerSettingsOf(tuned));
    expect(p[3].ms).toBeLessThanOrEqual(20 * DAY);
    // ts-fsrs keeps Easy one day past Good even at the cap (the server schedules the same).
    expect(p[4].ms).toBeLessThanOrEqual(21 * DAY);
    expect(previewGrades(reviewCard(), now, DEFAULT_SCHEDULER_SETTINGS)[4].ms).toBeGreaterThan(20 * DAY);
  });

  it('uses the learner’s personal parameters', () => {
    const personal = previewGrades(card(), now, { ...DEFAULT_SCHEDULER_SETTINGS, parameters: tuned.fsrs.parameters });
    expect(personal[4].ms).toBeGreaterThan(previewGrades(card(), now, DEFAULT_SCHEDULER_SETTINGS)[4].ms * 2);
  });

  it('equals the server’s scheduler (the same parameters from the same settings) for every grade', () => {
    const settings = schedulerSettingsOf(tuned);
    const parameters = schedulerParameters(settings);
    const server = fsrs(
      generatorParameters({
        ...parameters,
        learning_steps: parameters.learning_steps as StepUnit[],
        relearning_steps: parameters.relearning_steps as StepUnit[],
      }),
    );
    for (const c of [
      card(),
      reviewCard(),
      card({
        state: 'learning',
        learning_steps: 1,
        reps: 1,
        stability: 2,
        difficulty: 5,
        last_review: now.toISOString(),
      }),
    ]) {
      const expected = server.repeat(toFsrsCard(c, now), now);
      const preview = previewGrades(c, now, settings);
      for (const grade of [1, 2, 3, 4] as const) expect(preview[grade].due).toEqual(expected[grade].card.due);
    }
  });

  it('uses ts-fsrs’s defaults until the settings have come', () => {
    expect(schedulerSettingsOf(undefined)).toEqual(DEFAULT_SCHEDULER_SETTINGS);
    expect(schedulerSettingsOf(DEFAULT_LEARNER_SETTINGS)).toEqual({
      ...DEFAULT_SCHEDULER_SETTINGS,
      learning_steps: ['1m', '10m'],
      relearning_steps: ['10m'],
    });
  });
});
