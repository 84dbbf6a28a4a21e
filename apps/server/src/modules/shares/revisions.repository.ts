import type { Selectable } from 'kysely';
import type { Executor } from '../../db/connection.ts';
import type { ShareRevisionsTable } from '../../db/tables/community.ts';
import type { StoredPayload } from '../../lib/delta-chain.ts';
import type { HiddenScope } from './share-visibility.ts';
import { shareVisibleTo } from './share-visibility.repository.ts';

type RevisionRow = Selectable<ShareRevisionsTable>;
/** A revision without its stored payload. */
export type RevisionMetaRow = Omit<RevisionRow, 'payload'>;

const META_COLUMNS = [
  'id',
  'share_id',
  'revision',
  'message',
  'node_count',
  'added',
  'removed',
  'changed',
  'moved',
  'created_at',
  'storage',
  'snapshot_id',
  'payload_bytes',
] as const;

export async function insertRevision(
  db: Executor,
  values: Omit<RevisionRow, 'id' | keyof StoredPayload> & StoredPayload,
): Promise<number> {
  const row = await db.insertInto('share_revisions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findRevision(
  db: Executor,
  shareId: number,
  revision: number,
): Promise<RevisionMetaRow | undefined> {
  return db
    .selectFrom('share_revisions')
    .select(META_COLUMNS)
    .where('share_id', '=', shareId)
    .where('revision', '=', revision)
    .executeTakeFirst();
}

/** The newest revision of a share (the one a new revision is stored against). */
export async function findLatestRevision(db: Executor, shareId: number): Promise<RevisionMetaRow | undefined> {
  return db
    .selectFrom('share_revisions')
    .select(META_COLUMNS)
    .where('share_id', '=', shareId)
    .orderBy('revision', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Payloads needed to rebuild `entry`: its chain's snapshot, then every delta up to it, in order. */
export async function findChainPayloads(
  db: Executor,
  entry: RevisionMetaRow,
): Promise<Array<Pick<RevisionRow, 'storage' | 'payload'>>> {
  const snapshotId = entry.snapshot_id ?? entry.id;
  return db
    .selectFrom('share_revisions')
    .select(['storage', 'payload'])
    .where('share_id', '=', entry.share_id)
    .where('revision', '<=', entry.revision)
    .where((eb) => eb.or([eb('id', '=', snapshotId), eb('snapshot_id', '=', snapshotId)]))
    .orderBy('revision')
    .execute();
}

/** How long a snapshot's delta chain is, in revisions and stored bytes. */
export async function chainSize(db: Executor, snapshotId: number): Promise<{ length: number; bytes: number }> {
  const row = await db
    .selectFrom('share_revisions')
    .select((eb) => [eb.fn.countAll<number>().as('length'), eb.fn.sum<number>('payload_bytes').as('bytes')])
    .where('snapshot_id', '=', snapshotId)
    .executeTakeFirstOrThrow();
  return { length: Number(row.length), bytes: Number(row.bytes ?? 0) };
}

/** A share's revisions, newest first. */
export async function listRevisions(
  db: Executor,
  shareId: number,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: RevisionMetaRow[] }> {
  const base = db.selectFrom('share_revisions').where('share_id', '=', shareId);
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base.select(META_COLUMNS).orderBy('revision', 'desc').limit(page.limit).offset(page.offset).execute(),
  ]);
  return { count: Number(count), rows };
}

/** Total stored payload bytes of a share's revisions (benchmarks and tests of the storage design). */
export async function storedRevisionBytes(
  db: Executor,
  shareId: number,
): Promise<{ total: number; snapshots: number; count: number }> {
  const rows = await db
    .selectFrom('share_revisions')
    .select(['storage', 'payload_bytes'])
    .where('share_id', '=', shareId)
    .execute();
  return {
    total: rows.reduce((sum, r) => sum + r.payload_bytes, 0),
    snapshots: rows.filter((r) => r.storage === 'snapshot').length,
    count: rows.length,
  };
}

/** The credited contributors of each share, oldest credit first. */
export async function contributorIds(db: Executor, shareIds: number[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>();
  if (shareIds.length === 0) return result;
  const rows = await db
    .selectFrom('share_contributors')
    .select(['share_id', 'user_id'])
    .where('share_id', 'in', shareIds)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  for (const row of rows) result.set(row.share_id, [...(result.get(row.share_id) ?? []), row.user_id]);
  return result;
}

/** Credits `userId` on a template (once). */
export async function addContributor(trx: Executor, shareId: number, userId: number, now: string): Promise<void> {
  await trx
    .insertInto('share_contributors')
    .values({ share_id: shareId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['share_id', 'user_id']).doNothing())
    .execute();
}

export interface RevisionEntryRow {
  share_id: number;
  revision: number;
  message: string;
  created_at: string;
}

/**
 * One page of the revisions of the templates of `authorIds` that `scope` may see (revision 1 is the
 * first sharing), newest first, and how many there are: a feed of those authors.
 */
export async function listRevisionsOfAuthors(
  db: Executor,
  authorIds: number[],
  scope: HiddenScope,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: RevisionEntryRow[] }> {
  if (authorIds.length === 0) return { count: 0, rows: [] };
  const base = db
    .selectFrom('share_revisions')
    .innerJoin('shares', 'shares.id', 'share_revisions.share_id')
    .where('shares.author_id', 'in', authorIds)
    .where((eb) => shareVisibleTo(eb, scope));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base
      .select([
        'share_revisions.share_id',
        'share_revisions.revision',
        'share_revisions.message',
        'share_revisions.created_at',
      ])
      .orderBy('share_revisions.created_at', 'desc')
      .orderBy('share_revisions.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
  ]);
  return { count: Number(count.count), rows };
}
