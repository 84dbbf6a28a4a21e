import type { Progress } from '@arbor/contract';
import { describe, expect, it } from 'vitest';
import { applyChange, ProgressQueue, type ProgressChange } from './useUpdateProgress.ts';

const progress = (nodes: Record<string, Progress['nodes'][string]['status']>, locked: string[] = []): Progress => ({
  subject: { kind: 'share', uuid: 's', title: 'Web' },
  nodes: Object.fromEntries(
    Object.entries(nodes).map(([id, status]) => [id, { status, mastery: 0, updated_at: '2026-11-25T00:00:00Z' }]),
  ),
  locked,
  summary: { counted: 4, done: 0, learning: 0, skipped: 0, percent: 0 },
});

const statuses = (p: Progress | undefined) =>
  Object.fromEntries(Object.entries(p?.nodes ?? {}).map(([id, n]) => [id, n.status]));

/** A queue over a fake cache and a server whose answers the test releases one by one. */
function harness(initial: Progress) {
  let cache: Progress | undefined = initial;
  const calls: Array<{ change: ProgressChange; resolve: (p: Progress) => void; reject: (e: Error) => void }> = [];
  const queue = new ProgressQueue({
    read: () => cache,
    write: (p) => (cache = p),
    send: (change) => new Promise<Progress>((resolve, reject) => calls.push({ change, resolve, reject })),
    prerequisitesOf: (id) => (id === 'react' ? ['html', 'css'] : []),
  });
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return { queue, calls, tick, cache: () => cache };
}

describe('optimistic progress', () => {
  it('applies a status at once and keeps the locked set and percent until the server answers', async () => {
    const h = harness(progress({}, ['css']));
    const done = h.queue.submit({ node_id: 'html', status: 'done' });
    expect(statuses(h.cache())).toEqual({ html: 'done' });
    expect(h.cache()!.locked).toEqual(['css']);
    expect(h.cache()!.summary.percent).toBe(0);
    await h.tick();
    const answer = { ...progress({ html: 'done' }), summary: { ...progress({}).summary, done: 1, percent: 25 } };
    h.calls[0]!.resolve(answer);
    await done;
    expect(h.cache()).toEqual(answer);
  });

  it('rolls back a refused change to the last server answer', async () => {
    const h = harness(progress({ html: 'learning' }));
    const refused = h.queue.submit({ node_id: 'html', status: 'done' });
    expect(statuses(h.cache())).toEqual({ html: 'done' });
    await h.tick();
    h.calls[0]!.reject(new Error('400'));
    await expect(refused).rejects.toThrow('400');
    expect(statuses(h.cache())).toEqual({ html: 'learning' });
  });

  it('sends changes one at a time and keeps later ones shown over an earlier answer', async () => {
    const h = harness(progress({}));
    const first = h.queue.submit({ node_id: 'html', status: 'done' });
    const second = h.queue.submit({ node_id: 'css', status: 'learning' });
    await h.tick();
    expect(h.calls).toHaveLength(1);
    h.calls[0]!.resolve(progress({ html: 'done' }));
    await first;
    // the server's first answer does not know about css yet: it stays shown
    expect(statuses(h.cache())).toEqual({ html: 'done', css: 'learning' });
    await h.tick();
    expect(h.calls).toHaveLength(2);
    h.calls[1]!.reject(new Error('offline'));
    await expect(second).rejects.toThrow();
    expect(statuses(h.cache())).toEqual({ html: 'done' });
  });

  it('marks the prerequisites done with "I know this", leaving skipped ones skipped', () => {
    const next = applyChange(
      progress({ css: 'skipped' }),
      { node_id: 'react', status: 'done', with_prerequisites: true },
      (id) => (id === 'react' ? ['html', 'css'] : []),
    );
    expect(statuses(next)).toEqual({ react: 'done', html: 'done', css: 'skipped' });
  });

  it('drops the row of a node set back to todo', () => {
    expect(statuses(applyChange(progress({ html: 'done' }), { node_id: 'html', status: 'todo' }))).toEqual({});
  });
});
