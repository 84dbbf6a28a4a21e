import type { Kysely } from 'kysely';

/**
 * `use_tree` used to copy what a learner had learnt on a template onto their fork, leaving both
 * (issue 28: every card twice in review, the template and the fork both in `/learn`). It now moves
 * them (API.md "Learning"); this merges, once, what earlier forks duplicated: a learner's rows on a
 * template they forked go onto their newest fork of it, and the template stops being their subject.
 *
 * - Cards: a card of the template asking what a card of the fork asks (same node and front) is the
 *   same question: the copy with the longer history (more reviews; on a tie, the fork's) is kept and
 *   the other goes with its reviews. Cards the fork lacks move onto it.
 * - Progress: per node, the more recent status, with the higher mastery of the two.
 * - Notes: the fork's; a different text written on the template is appended to it, so nothing written is lost.
 * - Plan: the fork's when it has one, else the template's. Quizzes move.
 */
type Kind = 'tree' | 'share';
interface SubjectColumns {
  id: number;
  user_id: number;
  subject_kind: Kind;
  subject_id: number;
}
interface Tables {
  trees: { id: number; owner_id: number; upstream_share_id: number | null };
  learning_subjects: SubjectColumns & { created_at: string; last_activity_at: string };
  learning_progress: SubjectColumns & { node_id: string; status: string; mastery: number; updated_at: string };
  learning_notes: SubjectColumns & { node_id: string; content: string; search_text: string; updated_at: string };
  learning_cards: SubjectColumns & { node_id: string; front: string; reps: number };
  learning_review_logs: { id: number; card_id: number };
  learning_quizzes: SubjectColumns;
  learning_plans: SubjectColumns;
}
type Db = Kysely<Tables>;
type SubjectTable =
  | 'learning_subjects'
  | 'learning_progress'
  | 'learning_notes'
  | 'learning_cards'
  | 'learning_quizzes'
  | 'learning_plans';

interface Pair {
  userId: number;
  shareId: number;
  forkId: number;
}

const rowsOf = <T extends SubjectTable>(db: Db, table: T, userId: number, kind: Kind, subjectId: number) =>
  db
    .selectFrom(table as SubjectTable)
    .selectAll()
    .where('user_id', '=', userId)
    .where('subject_kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .orderBy('id');

async function moveRow(db: Db, table: SubjectTable, id: number, forkId: number): Promise<void> {
  await db.updateTable(table).set({ subject_kind: 'tree', subject_id: forkId }).where('id', '=', id).execute();
}

async function mergeCards(db: Db, { userId, shareId, forkId }: Pair): Promise<void> {
  const historyOf = async (id: number) => {
    const row = await db
      .selectFrom('learning_review_logs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('card_id', '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const dropCard = async (id: number) => {
    await db.deleteFrom('learning_review_logs').where('card_id', '=', id).execute();
    await db.deleteFrom('learning_cards').where('id', '=', id).execute();
  };
  const forkCards = (await rowsOf(
    db,
    'learning_cards',
    userId,
    'tree',
    forkId,
  ).execute()) as Tables['learning_cards'][];
  const unmatched = new Map<string, Tables['learning_cards'][]>();
  for (const card of forkCards) {
    const key = JSON.stringify([card.node_id, card.front]);
    unmatched.set(key, [...(unmatched.get(key) ?? []), card]);
  }
  const shareCards = (await rowsOf(
    db,
    'learning_cards',
    userId,
    'share',
    shareId,
  ).execute()) as Tables['learning_cards'][];
  for (const card of shareCards) {
    const twin = unmatched.get(JSON.stringify([card.node_id, card.front]))?.shift();
    if (!twin) {
      await moveRow(db, 'learning_cards', card.id, forkId);
      continue;
    }
    const [mine, theirs] = [await historyOf(card.id), await historyOf(twin.id)];
    const templateLonger = mine > theirs || (mine === theirs && card.reps > twin.reps);
    if (templateLonger) {
      await dropCard(twin.id);
      await moveRow(db, 'learning_cards', card.id, forkId);
    } else {
      await dropCard(card.id);
    }
  }
}

async function mergeProgress(db: Db, { userId, shareId, forkId }: Pair): Promise<void> {
  type Row = Tables['learning_progress'];
  const fork = new Map(
    ((await rowsOf(db, 'learning_progress', userId, 'tree', forkId).execute()) as Row[]).map((r) => [r.node_id, r]),
  );
  for (const row of (await rowsOf(db, 'learning_progress', userId, 'share', shareId).execute()) as Row[]) {
    const twin = fork.get(row.node_id);
    if (!twin) {
      await moveRow(db, 'learning_progress', row.id, forkId);
      continue;
    }
    const newer = row.updated_at > twin.updated_at ? row : twin;
    await db
      .updateTable('learning_progress')
      .set({ status: newer.status, updated_at: newer.updated_at, mastery: Math.max(row.mastery, twin.mastery) })
      .where('id', '=', twin.id)
      .execute();
    await db.deleteFrom('learning_progress').where('id', '=', row.id).execute();
  }
}

async function mergeNotes(db: Db, { userId, shareId, forkId }: Pair): Promise<void> {
  type Row = Tables['learning_notes'];
  const fork = new Map(
    ((await rowsOf(db, 'learning_notes', userId, 'tree', forkId).execute()) as Row[]).map((r) => [r.node_id, r]),
  );
  for (const note of (await rowsOf(db, 'learning_notes', userId, 'share', shareId).execute()) as Row[]) {
    const twin = fork.get(note.node_id);
    if (!twin) {
      await moveRow(db, 'learning_notes', note.id, forkId);
      continue;
    }
    if (!twin.content.includes(note.content)) {
      const content = `${twin.content}\n\n${note.content}`;
      const updatedAt = note.updated_at > twin.updated_at ? note.updated_at : twin.updated_at;
      await db
        .updateTable('learning_notes')
        .set({ content, search_text: content.toLowerCase(), updated_at: updatedAt })
        .where('id', '=', twin.id)
        .execute();
    }
    await db.deleteFrom('learning_notes').where('id', '=', note.id).execute();
  }
}

/** Tables with at most one row per subject (plan, subject row), or none to match (quizzes). */
async function mergeOnePerSubject(db: Db, table: SubjectTable, { userId, shareId, forkId }: Pair): Promise<void> {
  const forkHasOne = (await rowsOf(db, table, userId, 'tree', forkId).execute()).length > 0;
  for (const row of await rowsOf(db, table, userId, 'share', shareId).execute()) {
    if (forkHasOne && table !== 'learning_quizzes') await db.deleteFrom(table).where('id', '=', row.id).execute();
    else await moveRow(db, table, row.id, forkId);
  }
}

async function mergeSubjectRow(db: Db, pair: Pair): Promise<void> {
  const { userId, shareId, forkId } = pair;
  const [share] = await rowsOf(db, 'learning_subjects', userId, 'share', shareId).execute();
  const [fork] = await rowsOf(db, 'learning_subjects', userId, 'tree', forkId).execute();
  if (share && fork && share.last_activity_at > fork.last_activity_at) {
    await db
      .updateTable('learning_subjects')
      .set({ last_activity_at: share.last_activity_at })
      .where('id', '=', fork.id)
      .execute();
  }
  await mergeOnePerSubject(db, 'learning_subjects', pair);
}

/** Every learner with rows on a template they forked, with their newest fork of it. */
async function duplicatedPairs(db: Db): Promise<Pair[]> {
  const rows = await db
    .selectFrom('trees')
    .innerJoin('learning_subjects', (join) =>
      join
        .onRef('learning_subjects.user_id', '=', 'trees.owner_id')
        .onRef('learning_subjects.subject_id', '=', 'trees.upstream_share_id')
        .on('learning_subjects.subject_kind', '=', 'share'),
    )
    .select(['trees.owner_id as userId', 'learning_subjects.subject_id as shareId'])
    .select((eb) => eb.fn.max('trees.id').as('forkId'))
    .groupBy(['trees.owner_id', 'learning_subjects.subject_id'])
    .execute();
  return rows.map((r) => ({ userId: r.userId, shareId: r.shareId, forkId: Number(r.forkId) }));
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Db;
  // All or nothing: the migrator runs this inside a transaction where the dialect allows one.
  const atomically = (work: (trx: Db) => Promise<void>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  await atomically(async (trx) => {
    for (const pair of await duplicatedPairs(trx)) {
      await mergeCards(trx, pair);
      await mergeProgress(trx, pair);
      await mergeNotes(trx, pair);
      await mergeOnePerSubject(trx, 'learning_plans', pair);
      await mergeOnePerSubject(trx, 'learning_quizzes', pair);
      await mergeSubjectRow(trx, pair);
    }
  });
}

/** Merged rows are not split again. */
export async function down(): Promise<void> {}
