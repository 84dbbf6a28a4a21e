import { callerOf, type Caller } from '../../testing/call.ts';
// Forks made before `use_tree` moved what was learnt left the learner's rows on the template and a
// copy on the fork. The merging migration (issue 28) keeps one of each on the fork: the card with the
// longer history, the newer status, both notes' texts, one plan, and the template is no longer a subject.
import type { Card } from '@arbor/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../db/migrations/20261129_0102_merge_fork_learning.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../testing/test-app.ts';
import { recallTree, reviewId } from './recall.testing.ts';

let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await createTestApp();
  call = callerOf(t.app);
});
afterAll(async () => t?.close());

type Subject = { share: string } | { tree: string };

async function card(learner: TestUser, subject: Subject, front: string, reviews: number): Promise<number> {
  const created = (
    await call(learner, 'POST', '/api/learn/cards/', { ...subject, node_id: 'basics', front, back: 'b' })
  ).json() as Card;
  for (let i = 0; i < reviews; i++) {
    const res = await call(learner, 'POST', `/api/learn/cards/${created.id}/review/`, {
      rating: 3,
      review_id: reviewId(),
    });
    expect(res.statusCode).toBe(200);
  }
  return created.id;
}

const plan = (learner: TestUser, subject: Subject, target: string) =>
  call(learner, 'PUT', '/api/learn/plans/', { ...subject, target });

const rowsOn = (table: 'learning_cards' | 'learning_plans', user: TestUser, kind: 'tree' | 'share', id: number) =>
  t.app.db
    .selectFrom(table)
    .select('id')
    .where('user_id', '=', user.id)
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', id)
    .execute();

describe('the migration merging what earlier forks duplicated', () => {
  it('keeps one copy of everything on the fork, the card with the longer history, and drops the template', async () => {
    const author = await createUser(t.app);
    const learner = await createUser(t.app);
    const bystander = await createUser(t.app);
    const source = await recallTree(t.app, author, 'public');
    const share = (
      await call(author, 'POST', '/api/community/trees-shared/share_tree/', { tree: source.id })
    ).json() as { id: number; uuid: string };
    const onShare = { share: share.uuid };

    // What was learnt before forking; the fork gets it (today by a move, as the old copy did).
    await call(learner, 'PUT', '/api/learn/progress/', { ...onShare, node_id: 'basics', status: 'learning' });
    await call(learner, 'PUT', '/api/learn/notes/', { ...onShare, node_id: 'basics', content: 'fork note' });
    const forkQ1 = await card(learner, onShare, 'Q1', 1);
    const forkQ2 = await card(learner, onShare, 'Q2', 0);
    await plan(learner, onShare, 'syntax');
    const fork = (await call(learner, 'POST', `/api/community/trees-shared/${share.id}/use_tree/`, {})).json().tree as {
      id: number;
      uuid: string;
    };
    const onFork = { tree: fork.uuid };
    await call(learner, 'POST', `/api/learn/cards/${forkQ2}/review/`, { rating: 3, review_id: reviewId() });
    const forkOnly = await card(learner, onFork, 'fork only', 0);

    // The old copy left rows on the template, where the learner went on learning.
    const shareQ1 = await card(learner, onShare, 'Q1', 2);
    const shareQ2 = await card(learner, onShare, 'Q2', 0);
    const shareOnly = await card(learner, onShare, 'template only', 0);
    await call(learner, 'PUT', '/api/learn/progress/', { ...onShare, node_id: 'basics', status: 'done' });
    await call(learner, 'PUT', '/api/learn/notes/', { ...onShare, node_id: 'basics', content: 'template note' });
    await plan(learner, onShare, 'advanced');
    // Someone else's learning on the template is not theirs to merge.
    await call(bystander, 'PUT', '/api/learn/progress/', { ...onShare, node_id: 'basics', status: 'done' });

    await up(t.app.db as unknown as Kysely<unknown>);

    const cards = (await call(learner, 'GET', `/api/learn/cards/?tree=${fork.uuid}`)).json().results as Card[];
    const byFront = Object.fromEntries(cards.map((c) => [c.front, { id: c.id, reps: c.reps }]));
    expect(byFront).toEqual({
      Q1: { id: shareQ1, reps: 2 },
      Q2: { id: forkQ2, reps: 1 },
      'fork only': { id: forkOnly, reps: 0 },
      'template only': { id: shareOnly, reps: 0 },
    });
    const droppedLogs = await t.app.db
      .selectFrom('learning_review_logs')
      .select('id')
      .where('card_id', 'in', [forkQ1, shareQ2])
      .execute();
    expect(droppedLogs).toEqual([]);
    expect(await rowsOn('learning_cards', learner, 'share', share.id)).toEqual([]);
    expect(await rowsOn('learning_plans', learner, 'share', share.id)).toEqual([]);

    const progress = (await call(learner, 'GET', `/api/learn/progress/?tree=${fork.uuid}`)).json();
    expect(progress.nodes.basics.status).toBe('done');
    const notes = (await call(learner, 'GET', `/api/learn/notes/?tree=${fork.uuid}`)).json() as { content: string }[];
    expect(notes).toHaveLength(1);
    expect(notes[0]!.content).toContain('fork note');
    expect(notes[0]!.content).toContain('template note');
    const plans = (await call(learner, 'GET', '/api/learn/plans/')).json() as {
      subject: { uuid: string };
      target: string;
    }[];
    expect(plans.map((p) => [p.subject.uuid, p.target])).toEqual([[fork.uuid, 'syntax']]);

    const subjects = (await call(learner, 'GET', '/api/learn/subjects/')).json().results as { uuid: string }[];
    expect(subjects.map((s) => s.uuid)).toEqual([fork.uuid]);
    const review = (await call(learner, 'GET', '/api/learn/review/')).json() as { cards: Card[] };
    const fronts = review.cards.map((c) => c.front);
    expect(new Set(fronts).size).toBe(fronts.length);

    // The bystander's progress on the template stays where it was.
    const theirs = (await call(bystander, 'GET', `/api/learn/progress/?share=${share.uuid}`)).json();
    expect(theirs.nodes.basics.status).toBe('done');
  });
});
