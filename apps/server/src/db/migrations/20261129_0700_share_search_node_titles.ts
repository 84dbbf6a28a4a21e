import type { Kysely } from 'kysely';

/**
 * Community search finds templates by the titles of their nodes (issue #28): every template's
 * `search_text` is rewritten with its node titles after its title, description and tags. The
 * text's shape is copied here as it was when this migration landed (modules/community/
 * community.search.ts), so the migration keeps meaning the same thing when the live one changes.
 * The document is read from `share_snapshots`. On SQLite the `shares_fts_update` trigger re-indexes each rewritten row.
 */
interface ShareText {
  id: number;
  title: string;
  description: string;
  tags: string;
  data: string;
  search_text: string;
}

type Db = Kysely<{ shares: Omit<ShareText, 'data'>; share_snapshots: { share_id: number; data: string } }>;

const NODE_TITLES_SEARCHED = 20_000;

function nodeTitles(data: string): string[] {
  let nodes: unknown;
  try {
    nodes = (JSON.parse(data) as { nodes?: unknown } | null)?.nodes;
  } catch {
    return [];
  }
  if (!Array.isArray(nodes)) return [];
  return nodes.flatMap((node) => {
    const title = (node as { title?: unknown } | null)?.title;
    return typeof title === 'string' && title.trim() ? [title] : [];
  });
}

function tagsOf(tags: string): string[] {
  try {
    const parsed = JSON.parse(tags) as unknown;
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

const normalised = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

const withNodes = (s: ShareText) =>
  normalised(
    [
      [s.title, s.description, ...tagsOf(s.tags)].join(' '),
      nodeTitles(s.data).join(' ').slice(0, NODE_TITLES_SEARCHED),
    ].join(' '),
  );

const without = (s: ShareText) => normalised([s.title, s.description, ...tagsOf(s.tags)].join(' '));

async function rewrite(db: Db, textOf: (s: ShareText) => string): Promise<void> {
  const BATCH = 200;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('shares')
      .innerJoin('share_snapshots', 'share_snapshots.share_id', 'shares.id')
      .select([
        'shares.id',
        'shares.title',
        'shares.description',
        'shares.tags',
        'share_snapshots.data',
        'shares.search_text',
      ])
      .where('shares.id', '>', after)
      .orderBy('shares.id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const text = textOf(row);
      if (text !== row.search_text) {
        await db.updateTable('shares').set({ search_text: text }).where('id', '=', row.id).execute();
      }
    }
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db as unknown as Db, withNodes);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db as unknown as Db, without);
}
