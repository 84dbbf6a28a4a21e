import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Migration, MigrationProvider } from 'kysely';
import { Migrator } from 'kysely';
import type { DB } from './connection.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/** Loads every `migrations/*.ts` file; names sort by their timestamp prefix. */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{8}_\d{4}_[\w-]+\.ts$/.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const name = file.replace(/\.ts$/, '');
      // A relative template import, which the production bundle can follow (esbuild includes every
      // `migrations/*.ts`; scripts/build-server.mjs); tsx and vitest load the file itself.
      migrations[name] = (await import(`./migrations/${name}.ts`)) as Migration;
    }
    return migrations;
  }
}

/** Brings the schema up to date; throws when a migration fails. */
export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    throw new Error(`Migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
