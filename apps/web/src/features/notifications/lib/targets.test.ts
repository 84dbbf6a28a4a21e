import type { Notification } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import { formatWhen, targetPath } from './targets.ts';

const of = (kind: string, target: Partial<Notification['target']>) =>
  ({ kind, target: { id: 1, title: '', ...target } }) as Notification;

describe('where a notification leads', () => {
  it('opens a template on the tab the notification is about', () => {
    expect(targetPath(of('review', { kind: 'share', uuid: 'u-1' }))).toBe('/community/u-1?tab=reviews');
    expect(targetPath(of('comment_reply', { kind: 'share', uuid: 'u-1' }))).toBe('/community/u-1?tab=discussion');
    expect(targetPath(of('share_updated', { kind: 'share', uuid: 'u-1' }))).toBe('/community/u-1');
    expect(targetPath(of('report_resolved', { kind: 'share', uuid: 'u-1' }))).toBe('/community/u-1');
    expect(targetPath(of('suggestion', { kind: 'share', uuid: 'u-1' }))).toBe('/community/u-1?tab=suggestions');
    expect(targetPath(of('suggestion_decided', { kind: 'share', uuid: 'u-1' }))).toBe('/community/u-1?tab=suggestions');
  });

  it('opens the threads of the node a comment is about', () => {
    expect(targetPath(of('comment', { kind: 'share', uuid: 'u-1', node_id: 'n 2' }))).toBe(
      '/community/u-1?tab=discussion&node=n%202',
    );
    expect(targetPath(of('comment_reply', { kind: 'share', uuid: 'u-1', node_id: 'n2' }))).toBe(
      '/community/u-1?tab=discussion&node=n2',
    );
  });

  it('opens the group of a group notification (joined, new assignment, nudge, due)', () => {
    for (const kind of ['group_joined', 'assignment_new', 'assignment_nudge', 'assignment_due'])
      expect(targetPath(of(kind, { kind: 'group', uuid: 'g 1' }))).toBe('/groups/g%201');
  });

  it("opens the reader's fork of an updated template in the editor, where the update waits", () => {
    expect(targetPath(of('share_updated', { kind: 'tree', uuid: 't-9' }))).toBe('/trees/t-9');
  });

  it("opens an author's page by username", () => {
    expect(targetPath(of('follow', { kind: 'user', title: 'ann lee' }))).toBe('/u/ann%20lee');
  });

  it('opens the moderation page for an admin told of a new report', () => {
    expect(targetPath(of('report_new', { kind: 'report', id: 4, title: 'Algebra' }))).toBe('/admin/moderation');
  });

  it('opens nothing when the target is gone', () => {
    expect(targetPath(of('report_resolved', { kind: 'report' }))).toBeNull();
    expect(targetPath(of('review', { kind: 'share' }))).toBeNull();
  });
});

describe('when a notification happened', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('says now, minutes, hours and days ago, then the date', () => {
    expect(formatWhen('2026-11-26T11:59:30Z', 'en-US', now)).toBe('now');
    expect(formatWhen('2026-11-26T11:55:00Z', 'en-US', now)).toBe('5 minutes ago');
    expect(formatWhen('2026-11-26T09:00:00Z', 'en-US', now)).toBe('3 hours ago');
    expect(formatWhen('2026-11-25T11:00:00Z', 'en-US', now)).toBe('yesterday');
    expect(formatWhen('2026-11-01T11:00:00Z', 'en-US', now)).toBe('Nov 1, 2026');
  });
  it('speaks the UI language', () => {
    expect(formatWhen('2026-11-26T11:55:00Z', 'ja-JP', now)).toBe('5 分前');
  });
});
