import type { Selectable } from 'kysely';
import type { TreeVersionsTable } from '../../db/tables/trees.ts';
import type { Executor } from '../../db/connection.ts';

type VersionRow = Selectable<TreeVersionsTable>;
/** A version without its stored payload. */
export type VersionMetaRow = Omit<VersionRow, 'payload'>;

const META_COLUMNS = [
  'id',
  'tree_id',
  'number',
  'message',
  'node_count',
  'created_by',
  'created_at',
  'storage',
  'snapshot_id',
  'payload_bytes',
] as const;

export async function insertVersion(db: Executor, values: Omit<VersionRow, 'id'>): Promise<number> {
  const row = await db.insertInto('tree_versions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findVersionById(db: Executor, id: number): Promise<VersionMetaRow | undefined> {
  return db.selectFrom('tree_versions').select(META_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findVersionByNumber(
  db: Executor,
  treeId: number,
  number: number,
): Promise<VersionMetaRow | undefined> {
  return db
    .selectFrom('tree_versions')
    .select(META_COLUMNS)
    .where('tree_id', '=', treeId)
    .where('number', '=', number)
    .executeTakeFirst();
}

/** The newest version of a tree below `number` (the one a new version is stored against). */
export async function findPreviousVersion(
  db: Executor,
  treeId: number,
  number: number,
): Promise<VersionMetaRow | undefined> {
  return db
    .selectFrom('tree_versions')
    .select(META_COLUMNS)
    .where('tree_id', '=', treeId)
    .where('number', '<', number)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Payloads needed to rebuild `version`: its chain's snapshot, then every delta up to it, in order. */
export async function findChainPayloads(
  db: Executor,
  version: VersionMetaRow,
): Promise<Pick<VersionRow, 'storage' | 'payload'>[]> {
  const snapshotId = version.snapshot_id ?? version.id;
  return db
    .selectFrom('tree_versions')
    .select(['storage', 'payload'])
    .where('tree_id', '=', version.tree_id)
    .where('number', '<=', version.number)
    .where((eb) => eb.or([eb('id', '=', snapshotId), eb('snapshot_id', '=', snapshotId)]))
    .orderBy('number')
    .execute();
}

/** How long a snapshot's delta chain is, in versions and stored bytes. */
export async function chainSize(db: Executor, snapshotId: number): Promise<{ length: number; bytes: number }> {
  const row = await db
    .selectFrom('tree_versions')
    .select((eb) => [eb.fn.countAll<number>().as('length'), eb.fn.sum<number>('payload_bytes').as('bytes')])
    .where('snapshot_id', '=', snapshotId)
    .executeTakeFirstOrThrow();
  return { length: Number(row.length), bytes: Number(row.bytes ?? 0) };
}

/** The version after `version` in the same delta chain, if any. */
export async function findNextInChain(db: Executor, version: VersionMetaRow): Promise<VersionMetaRow | undefined> {
  return db
    .selectFrom('tree_versions')
    .select(META_COLUMNS)
    .where('snapshot_id', '=', version.snapshot_id ?? version.id)
    .where('number', '>', version.number)
    .orderBy('number')
    .limit(1)
    .executeTakeFirst();
}

/** The version before `version` in the same chain (its snapshot at least). */
export async function findPreviousInChain(db: Executor, version: VersionMetaRow): Promise<VersionMetaRow | undefined> {
  const snapshotId = version.snapshot_id ?? version.id;
  return db
    .selectFrom('tree_versions')
    .select(META_COLUMNS)
    .where('tree_id', '=', version.tree_id)
    .where('number', '<', version.number)
    .where((eb) => eb.or([eb('id', '=', snapshotId), eb('snapshot_id', '=', snapshotId)]))
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function rewriteVersionPayload(
  db: Executor,
  id: number,
  values: Pick<VersionRow, 'storage' | 'snapshot_id' | 'payload' | 'payload_bytes'>,
): Promise<void> {
  await db.updateTable('tree_versions').set(values).where('id', '=', id).execute();
}

export async function moveChain(db: Executor, fromSnapshotId: number, toSnapshotId: number): Promise<void> {
  await db
    .updateTable('tree_versions')
    .set({ snapshot_id: toSnapshotId })
    .where('snapshot_id', '=', fromSnapshotId)
    .execute();
}

export async function listVersions(
  db: Executor,
  treeId: number,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: VersionMetaRow[] }> {
  const base = db.selectFrom('tree_versions').where('tree_id', '=', treeId);
  const [{ count }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    base.select(META_COLUMNS).orderBy('number', 'desc').limit(page.limit).offset(page.offset).execute(),
  ]);
  return { count: Number(count), rows };
}

export async function updateVersionMessage(db: Executor, id: number, message: string): Promise<void> {
  await db.updateTable('tree_versions').set({ message }).where('id', '=', id).execute();
}

export async function deleteVersionRow(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('tree_versions').where('id', '=', id).execute();
}

/** Total stored payload bytes of a tree's versions (benchmarks and tests of the storage design). */
export async function storedVersionBytes(
  db: Executor,
  treeId: number,
): Promise<{ total: number; snapshots: number; count: number }> {
  const rows = await db
    .selectFrom('tree_versions')
    .select(['storage', 'payload_bytes'])
    .where('tree_id', '=', treeId)
    .execute();
  return {
    total: rows.reduce((sum, r) => sum + r.payload_bytes, 0),
    snapshots: rows.filter((r) => r.storage === 'snapshot').length,
    count: rows.length,
  };
}
