import 'fake-indexeddb/auto';
import type { LearningSubjectSummary, Note, Paginated, Progress } from '@arbor/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  conflictsOf,
  keepSubject,
  keepSubjectList,
  keptSubject,
  keptSubjectList,
  queueEdit,
  queuedEdits,
  recordConflict,
  replayEdits,
  resolveConflict,
  setPinned,
  type EditOutcome,
} from './kept-learning.ts';
import { openOfflineDb, type LearningEdit, type OfflineDb } from './offline-db.ts';
import { enqueueReview, queuedCount } from './review-store.ts';

let dbCount = 0;
const opened: OfflineDb[] = [];
async function freshDb() {
  const db = await openOfflineDb(`kept-learning-test-${++dbCount}`);
  opened.push(db);
  return db;
}
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const NOW = new Date('2026-03-31T12:00:00.000Z');
const tree = { kind: 'tree', uuid: '00000000-0000-4000-8000-000000000001' } as const;
const other = { kind: 'tree', uuid: '00000000-0000-4000-8000-000000000002' } as const;

const progress = (nodes: Progress['nodes'] = {}): Progress => ({
  subject: { ...tree, title: 'T' },
  nodes,
  locked: [],
  summary: { counted: 3, done: 0, learning: 0, skipped: 0, percent: 0 },
});
const note = (node_id: string, content: string, updated_at: string): Note => ({ node_id, content, updated_at });
const list = (results: Partial<LearningSubjectSummary>[]): Paginated<LearningSubjectSummary> =>
  ({ count: results.length, next: null, previous: null, results }) as Paginated<LearningSubjectSummary>;

/** A server as API.md describes the learning writes: progress applied in order, notes with the 409 rule. */
function fakeServer(notes: Map<string, Note>) {
  const statuses: string[] = [];
  let clock = Date.parse('2026-04-01T00:00:00.000Z');
  const stamp = () => new Date((clock += 1000)).toISOString();
  const send = async (edit: LearningEdit): Promise<EditOutcome> => {
    if (edit.kind === 'progress') {
      statuses.push(`${edit.node_id}=${edit.status}`);
      return {
        kind: 'sent',
        progress: progress({ [edit.node_id]: { status: edit.status, mastery: 0, updated_at: stamp() } }),
      };
    }
    const stored = notes.get(edit.node_id);
    if (stored && edit.base_updated_at && stored.updated_at > edit.base_updated_at)
      return { kind: 'conflict', note: stored };
    const saved = note(edit.node_id, edit.content, stamp());
    notes.set(edit.node_id, saved);
    return { kind: 'sent', note: saved };
  };
  return { send, statuses, notes };
}

describe('the kept learning copy', () => {
  it('upgrades a version-1 database without losing the queued grades', async () => {
    const { openDB } = await import('idb');
    const name = `kept-learning-upgrade-${++dbCount}`;
    const v1 = await openDB(name, 1, {
      upgrade(db) {
        const reviews = db.createObjectStore('reviews', { keyPath: 'seq', autoIncrement: true });
        reviews.createIndex('review_id', 'review_id', { unique: true });
        db.createObjectStore('cards', { keyPath: 'id' });
      },
    });
    await v1.add('reviews', { card_id: 1, rating: 3, review_id: 'r1', reviewed_at: NOW.toISOString() });
    v1.close();
    const db = await openOfflineDb(name);
    opened.push(db);
    expect(await queuedCount(db)).toBe(1);
    await enqueueReview(db, { card_id: 2, rating: 3, review_id: 'r2', reviewed_at: NOW.toISOString() });
    await keepSubject(db, tree, { notes: [] }, NOW);
    expect(await queuedCount(db)).toBe(2);
    expect((await keptSubject(db, tree))?.notes).toEqual([]);
  });

  it('keeps the parts of a subject as they arrive and forgets subjects not learnt for 30 days unless marked', async () => {
    const db = await freshDb();
    const tenDaysAgo = new Date(NOW.getTime() - 10 * 86_400_000).toISOString();
    const fortyDaysAgo = new Date(NOW.getTime() - 40 * 86_400_000).toISOString();
    const old = new Date(NOW.getTime() - 2 * 86_400_000);
    await keepSubject(db, tree, { tree: { uuid: tree.uuid } }, old);
    await keepSubject(
      db,
      tree,
      { progress: progress({ a: { status: 'done', mastery: 0, updated_at: tenDaysAgo } }) },
      old,
    );
    await keepSubject(db, other, { tree: { uuid: other.uuid } }, old);
    const third = { kind: 'share', uuid: '00000000-0000-4000-8000-000000000003' } as const;
    await keepSubject(db, third, { notes: [note('a', 'x', fortyDaysAgo)] }, old);
    await setPinned(db, third, true, old);
    await keepSubjectList(db, list([{ kind: 'tree', uuid: other.uuid, last_activity_at: fortyDaysAgo }]), NOW);
    expect((await keptSubject(db, tree))?.tree).toEqual({ uuid: tree.uuid });
    expect((await keptSubject(db, tree))?.progress?.nodes.a?.status).toBe('done');
    expect(await keptSubject(db, other)).toBeUndefined(); // last learnt 40 days ago
    expect((await keptSubject(db, third))?.pinned).toBe(true); // "Available offline"
    expect((await keptSubjectList(db))?.results).toHaveLength(1);
  });

  it('queues edits in order, lays them over the kept copy, and folds a note edited twice into one', async () => {
    const db = await freshDb();
    await keepSubject(db, tree, { progress: progress(), notes: [note('a', 'first', '2026-03-01T00:00:00.000Z')] }, NOW);
    const shown = progress({ b: { status: 'done', mastery: 0, updated_at: NOW.toISOString() } });
    await queueEdit(db, { kind: 'progress', subject: tree, node_id: 'b', status: 'done' }, NOW, shown);
    await queueEdit(
      db,
      { kind: 'note', subject: tree, node_id: 'a', content: 'second', base_updated_at: '2026-03-01T00:00:00.000Z' },
      NOW,
    );
    await queueEdit(db, { kind: 'progress', subject: tree, node_id: 'c', status: 'learning' }, NOW, shown);
    await queueEdit(
      db,
      { kind: 'note', subject: tree, node_id: 'a', content: 'third', base_updated_at: 'ignored' },
      NOW,
    );
    const edits = await queuedEdits(db);
    expect(edits.map((e) => (e.kind === 'note' ? `note ${e.content} from ${e.base_updated_at}` : e.node_id))).toEqual([
      'b',
      'note third from 2026-03-01T00:00:00.000Z',
      'c',
    ]);
    const kept = await keptSubject(db, tree);
    expect(kept?.notes).toEqual([note('a', 'third', '2026-03-01T00:00:00.000Z')]);
    expect(kept?.progress?.nodes.b?.status).toBe('done');
    expect(await queuedEdits(db, other)).toEqual([]);
  });

  it('replays in order, keeps the answers, and turns a note changed elsewhere into a conflict', async () => {
    const db = await freshDb();
    const base = '2026-03-01T00:00:00.000Z';
    await keepSubject(db, tree, { progress: progress(), notes: [note('a', 'old', base)] }, NOW);
    await queueEdit(db, { kind: 'progress', subject: tree, node_id: 'b', status: 'done' }, NOW, progress());
    await queueEdit(db, { kind: 'note', subject: tree, node_id: 'a', content: 'mine', base_updated_at: base }, NOW);
    await queueEdit(db, { kind: 'note', subject: tree, node_id: 'n', content: 'new note' }, NOW);
    await queueEdit(db, { kind: 'progress', subject: tree, node_id: 'c', status: 'learning' }, NOW, progress());
    // meanwhile another device changed the note on "a"
    const server = fakeServer(new Map([['a', note('a', 'theirs', '2026-03-20T00:00:00.000Z')]]));
    const summary = await replayEdits(db, server.send);
    expect(server.statuses).toEqual(['b=done', 'c=learning']);
    expect(summary.synced).toBe(3);
    expect(summary.remaining).toBe(0);
    expect(summary.conflicts.map((c) => [c.node_id, c.mine, c.theirs.content])).toEqual([['a', 'mine', 'theirs']]);
    expect(server.notes.get('a')?.content).toBe('theirs'); // nothing overwritten
    expect(server.notes.get('n')?.content).toBe('new note');
    const conflicts = await conflictsOf(db, tree);
    expect(conflicts).toHaveLength(1);
    expect(await conflictsOf(db, other)).toEqual([]);
    expect((await keptSubject(db, tree))?.progress?.nodes.c?.status).toBe('learning');

    // keep mine: saved again from their stamp, and it becomes the kept note
    const theirs = conflicts[0]!.theirs;
    const again = await server.send({
      kind: 'note',
      subject: tree,
      node_id: 'a',
      content: 'mine',
      base_updated_at: theirs.updated_at,
    });
    expect(again.kind).toBe('sent');
    await resolveConflict(db, conflicts[0]!, again.kind === 'sent' ? (again.note ?? null) : null);
    expect(await conflictsOf(db, tree)).toEqual([]);
    expect((await keptSubject(db, tree))?.notes?.find((n) => n.node_id === 'a')?.content).toBe('mine');
  });

  it('stops at the first edit the server cannot be reached for and drops the refused ones', async () => {
    const db = await freshDb();
    for (const node_id of ['gone', 'b', 'c'])
      await queueEdit(db, { kind: 'progress', subject: tree, node_id, status: 'done' }, NOW, progress());
    const seen: string[] = [];
    let reachable = false;
    const send = async (edit: LearningEdit): Promise<EditOutcome> => {
      seen.push(edit.node_id);
      if (edit.node_id === 'gone') return { kind: 'refused', status: 400 };
      return reachable ? { kind: 'sent' } : { kind: 'unreachable' };
    };
    const first = await replayEdits(db, send);
    expect(first.dropped.map((d) => [d.edit.node_id, d.status])).toEqual([['gone', 400]]);
    expect(first.remaining).toBe(2);
    reachable = true;
    const second = await replayEdits(db, send);
    expect(second.synced).toBe(2);
    expect(seen).toEqual(['gone', 'b', 'b', 'c']);
  });

  it('keeps a conflict met online, replacing an older one on the same note', async () => {
    const db = await freshDb();
    await recordConflict(db, tree, 'a', 'mine', note('a', 'one', '2026-03-02T00:00:00.000Z'));
    await recordConflict(db, tree, 'a', 'mine', note('a', 'two', '2026-03-03T00:00:00.000Z'));
    const conflicts = await conflictsOf(db, tree);
    expect(conflicts.map((c) => c.theirs.content)).toEqual(['two']);
    await resolveConflict(db, conflicts[0]!, conflicts[0]!.theirs);
    expect(await conflictsOf(db, tree)).toEqual([]);
  });
});
