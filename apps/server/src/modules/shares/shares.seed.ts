import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../../deps.ts';
import { newTemplateHotScore } from './shares.hot.ts';
import * as repo from './shares.repository.ts';
import { searchTextOf } from './shares.search.ts';
import { noteSharesChanged } from './shares.service.ts';
import { validateSnapshot } from './trees-gateway.ts';

const SEED_DIR = path.join(import.meta.dirname, 'seed');
const SYSTEM_USERNAME = 'arbor';

interface SeedTemplate {
  slug: string;
  title: string;
  description: string;
  tags: string[];
  data: unknown;
}

/** The account that authors the sample templates; it has no password, email or phone, so nobody can log in as it. */
async function systemAuthorId(deps: Deps): Promise<number> {
  return (
    (await repo.findUserIdByName(deps.db, SYSTEM_USERNAME)) ??
    (await repo.insertLoginlessUser(deps.db, SYSTEM_USERNAME, deps.clock.nowIso()))
  );
}

/** Reads the shipped sample templates (`seed/*.json`). */
export async function loadSeedTemplates(): Promise<SeedTemplate[]> {
  let files: string[];
  try {
    files = (await readdir(SEED_DIR)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(SEED_DIR, f), 'utf8')) as SeedTemplate),
  );
}

/** With `ARBOR_SEED` on, an empty community gets the sample templates, authored by the system account. */
export async function seedCommunity(deps: Deps): Promise<void> {
  if (!deps.config.seed) return;
  if (await repo.hasAnyShare(deps.db)) return;
  const templates = await loadSeedTemplates();
  if (templates.length === 0) return;
  const authorId = await systemAuthorId(deps);
  await deps.db.transaction().execute(async (trx) => {
    for (const [index, template] of templates.entries()) {
      const { data, nodeCount } = validateSnapshot(template.data, deps.config);
      // Stagger creation times so "newest" has a stable, meaningful order.
      const createdAt = new Date(deps.clock.nowMs() - (templates.length - index) * 60_000).toISOString();
      const id = await repo.insertShare(trx, {
        uuid: randomUUID(),
        tree_id: null,
        author_id: authorId,
        title: template.title,
        description: template.description,
        tags: JSON.stringify(template.tags),
        search_text: searchTextOf(template.title, template.description, template.tags, data),
        data: JSON.stringify(data),
        node_count: nodeCount,
        cover_key: null,
        hot_score: newTemplateHotScore(createdAt),
        created_at: createdAt,
        updated_at: deps.clock.nowIso(),
      });
      await repo.replaceShareTags(trx, id, template.tags, createdAt);
    }
  });
  await noteSharesChanged(deps);
  deps.log.info({ templates: templates.length }, 'seeded the community with sample templates');
}
