// The revisions migration gives every template shared before it a revision 1: its current snapshot.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/20261126_1701_share_revisions.ts';
import { createTestApp, createUser, type TestApp } from '../../testing/test-app.ts';
import { insertBareTemplate, reviseBareTemplate } from './templates.testing.ts';

let t: TestApp;
afterAll(async () => t?.close());
beforeAll(async () => {
  t = await createTestApp();
});

describe('the revisions migration', () => {
  it('records revision 1 of every existing template from its current snapshot', async () => {
    const author = await createUser(t.app);
    const plain = await insertBareTemplate(t.app, {
      authorId: author.id,
      title: 'Shared once',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const revised = await insertBareTemplate(t.app, {
      authorId: author.id,
      title: 'Shared twice',
      createdAt: '2026-01-02T00:00:00.000Z',
    });
    const current = {
      format: 1 as const,
      layout: { direction: 'LR' as const },
      nodes: [{ id: 'root', parent_id: null, title: '根 ルート', summary: '', content: '' }],
      links: [],
      unlock: 'links' as const,
    };
    await reviseBareTemplate(t.app, revised, { document: current as never, message: 'later' });
    const db = t.app.db as unknown as Kysely<unknown>;
    await down(db);
    const events = await sql<{ share_id: number }>`SELECT share_id FROM share_revision_events`.execute(db);
    expect(events.rows.map((r) => Number(r.share_id))).toEqual([revised]);
    await up(db);

    const rows = await t.app.db
      .selectFrom('share_revisions')
      .selectAll()
      .where('share_id', 'in', [plain, revised])
      .orderBy('share_id')
      .execute();
    expect(
      rows.map(({ share_id, revision, message, storage, snapshot_id, created_at }) => [
        share_id,
        revision,
        message,
        storage,
        snapshot_id,
        created_at,
      ]),
    ).toEqual([
      [plain, 1, '', 'snapshot', null, '2026-01-01T00:00:00.000Z'],
      [revised, 1, '', 'snapshot', null, '2026-01-02T00:00:00.000Z'],
    ]);
    expect(rows[1]!.payload_bytes).toBe(new TextEncoder().encode(rows[1]!.payload).length);
    const shares = await t.app.db
      .selectFrom('shares')
      .select(['id', 'revision'])
      .where('id', 'in', [plain, revised])
      .execute();
    expect(shares.map((s) => s.revision)).toEqual([1, 1]);

    const history = await t.app.inject({ method: 'GET', url: `/api/community/trees-shared/${revised}/history/1/` });
    expect(history.statusCode).toBe(200);
    expect(history.json()).toMatchObject({ revision: 1, node_count: 1, changes: { added: 1 } });
    expect(history.json().data).toEqual(current);
    // re-sharing goes on from there
    expect(await reviseBareTemplate(t.app, revised)).toBe(2);
  });
});
