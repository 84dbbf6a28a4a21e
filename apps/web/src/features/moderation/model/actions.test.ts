import type { Report, ReportSubject } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import { actionsFor, subjectPath } from './actions.ts';

const subject = (over: Partial<ReportSubject> = {}): ReportSubject => ({
  title: 'Rust',
  text: '',
  rating: null,
  author: null,
  share: { id: 3, uuid: 'u-3', title: 'Rust' },
  hidden: false,
  ...over,
});
const report = (kind: Report['target']['kind'], s: ReportSubject | null) => ({ target: { kind, id: 9 }, subject: s });

describe('moderation actions', () => {
  it('hides or unhides and deletes content, and always dismisses', () => {
    expect(actionsFor(report('review', subject()))).toEqual(['dismiss', 'hide', 'delete']);
    expect(actionsFor(report('share', subject({ hidden: true })))).toEqual(['dismiss', 'unhide', 'delete']);
  });

  it('suspends a user once, and only dismisses what is gone', () => {
    expect(actionsFor(report('user', subject({ share: null })))).toEqual(['dismiss', 'suspend']);
    expect(actionsFor(report('user', subject({ share: null, hidden: true })))).toEqual(['dismiss']);
    expect(actionsFor(report('comment', null))).toEqual(['dismiss']);
  });

  it('links each item where it is seen', () => {
    expect(subjectPath(report('share', subject()))).toBe('/community/u-3');
    expect(subjectPath(report('review', subject()))).toBe('/community/u-3?tab=reviews');
    expect(subjectPath(report('comment', subject()))).toBe('/community/u-3?tab=discussion');
    expect(subjectPath(report('user', subject({ title: 'ann', share: null })))).toBe('/u/ann');
    expect(subjectPath(report('review', null))).toBeNull();
  });
});
