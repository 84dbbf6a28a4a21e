import { describe, expect, it } from 'vitest';
import { HORIZONS, isoDateAfter, memoryTone, nextReviewInDays, retentionPercent } from './memory-look.ts';
import { reviewNodesPath, reviewScopeOf } from './review-scope.ts';

describe('memory look', () => {
  it('is green at or above the target, amber below it, red under 0.7', () => {
    expect(memoryTone(0.9, 0.9)).toBe('good');
    expect(memoryTone(0.95, 0.9)).toBe('good');
    expect(memoryTone(0.89, 0.9)).toBe('fading');
    expect(memoryTone(0.7, 0.9)).toBe('fading');
    expect(memoryTone(0.69, 0.9)).toBe('weak');
    // a target under 0.7 never makes a weak memory green
    expect(memoryTone(0.65, 0.7)).toBe('weak');
  });

  it('never shows 100 % for a memory that is not certain', () => {
    expect(retentionPercent(0.996)).toBe(99);
    expect(retentionPercent(1)).toBe(100);
    expect(retentionPercent(0.834)).toBe(83);
  });

  it('gives local calendar dates ahead for the slider', () => {
    const from = new Date(2026, 0, 30, 23, 30);
    expect(isoDateAfter(from, 0)).toBe('2026-01-30');
    expect(isoDateAfter(from, 2)).toBe('2026-02-01');
    expect(HORIZONS[0]).toBe(0);
    expect(HORIZONS.at(-1)).toBe(365);
  });

  it('puts the next review where the forgetting curve meets the target', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    // at a 0.9 target, FSRS's interval equals the stability
    expect(nextReviewInDays({ stability_days: 10, last_review: '2026-03-01T00:00:00Z' }, 0.9, now)).toBe(10);
    expect(nextReviewInDays({ stability_days: 10, last_review: '2026-02-01T00:00:00Z' }, 0.9, now)).toBe(0);
    expect(nextReviewInDays({ stability_days: null, last_review: null }, 0.9, now)).toBeNull();
  });
});

describe('review scope', () => {
  it('round-trips a subject and its nodes through the review URL', () => {
    const path = reviewNodesPath({ kind: 'tree', uuid: 'u-1' }, ['html', 'css']);
    expect(path).toBe('/learn/review?tree=u-1&nodes=html%2Ccss');
    const params = new URL(path, 'http://x').searchParams;
    expect(reviewScopeOf(params)).toEqual({ subject: { kind: 'tree', uuid: 'u-1' }, nodeIds: ['html', 'css'] });
  });

  it('is today’s whole queue without a subject or nodes', () => {
    expect(reviewScopeOf(new URLSearchParams(''))).toBeNull();
    expect(reviewScopeOf(new URLSearchParams('nodes=a'))).toBeNull();
    expect(reviewScopeOf(new URLSearchParams('share=s'))).toBeNull();
  });
});
