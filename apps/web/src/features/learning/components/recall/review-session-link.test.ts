import { describe, expect, it } from 'vitest';
import { reviewSessionOf, reviewSessionPath } from './review-session-link.ts';

describe('review session links', () => {
  it('round-trips a session through its URL', () => {
    const specs = [
      { mode: 'due' as const, subject: { kind: 'tree' as const, uuid: 't-1' } },
      { mode: 'ahead' as const, subject: null, days: 7, limit: 20 },
      { mode: 'at_risk' as const, subject: { kind: 'share' as const, uuid: 's-1' }, limit: 50 },
    ];
    for (const spec of specs) {
      const path = reviewSessionPath(spec);
      expect(reviewSessionOf(new URLSearchParams(path.split('?')[1]))).toEqual(spec);
    }
  });

  it('reads today’s queue and the memory view’s nodes as no custom session, and bad numbers as defaults', () => {
    expect(reviewSessionOf(new URLSearchParams(''))).toBeNull();
    expect(reviewSessionOf(new URLSearchParams('tree=t&nodes=a,b'))).toBeNull();
    expect(reviewSessionOf(new URLSearchParams('mode=ahead&days=99&limit=0'))).toEqual({
      mode: 'ahead',
      subject: null,
      days: 7,
    });
    expect(reviewSessionOf(new URLSearchParams('mode=weird&share=s'))).toEqual({
      mode: 'due',
      subject: { kind: 'share', uuid: 's' },
    });
  });
});
