// Online backups and restores of the whole database.
//
// SQLite: SQLite's backup API copies a consistent snapshot page by page while the server keeps
// serving (WAL readers never block it); the copy is checked with `PRAGMA integrity_check` before it
// is reported. A restore checks the backup the same way, then swaps it in with a rename, so the
// database file is never half-written — with the server stopped, because open connections would
// keep the old file.
// PostgreSQL: `pg_dump --format=custom` (consistent by MVCC snapshot) and `pg_restore --clean`.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

const isSqlite = (url: string) => url.startsWith('sqlite:');
const sqliteFile = (url: string) => path.resolve(url.replace(/^sqlite:\/\//, ''));

/** A default backup file name under `DATA_DIR/backups/`. */
export function defaultBackupPath(dataDir: string, databaseUrl: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.join(dataDir, 'backups', `arbor-${stamp}.${isSqlite(databaseUrl) ? 'db' : 'dump'}`);
}

function checkIntegrity(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
    if (rows.length !== 1 || rows[0]?.integrity_check !== 'ok') throw new Error(`integrity check failed for ${file}`);
  } finally {
    db.close();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) =>
      reject(new Error(`${command} could not run (${error.message}); install the PostgreSQL client tools`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed: ${stderr.split('\n')[0] ?? code}`)),
    );
  });
}

/** Writes a consistent online backup of the database to `destination`; returns its path. */
export async function backupDatabase(databaseUrl: string, destination: string): Promise<string> {
  mkdirSync(path.dirname(destination), { recursive: true });
  if (existsSync(destination)) throw new Error(`${destination} already exists`);
  if (isSqlite(databaseUrl)) {
    const source = new SQLite(sqliteFile(databaseUrl), { readonly: true, fileMustExist: true });
    try {
      await source.backup(destination);
    } finally {
      source.close();
    }
    // The copy inherits WAL mode; a backup should be one self-contained file.
    const copy = new SQLite(destination);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    checkIntegrity(destination);
    return destination;
  }
  await run('pg_dump', ['--format=custom', '--no-owner', `--file=${destination}`, databaseUrl]);
  return destination;
}

/** Replaces the database with a backup. The server must be stopped. */
export async function restoreDatabase(databaseUrl: string, backupFile: string): Promise<void> {
  if (!existsSync(backupFile)) throw new Error(`${backupFile} does not exist`);
  if (isSqlite(databaseUrl)) {
    checkIntegrity(backupFile);
    const target = sqliteFile(databaseUrl);
    const staged = `${target}.restoring`;
    copyFileSync(backupFile, staged);
    // The old WAL belongs to the old file: it must not be replayed onto the restored one.
    rmSync(`${target}-wal`, { force: true });
    rmSync(`${target}-shm`, { force: true });
    renameSync(staged, target);
    return;
  }
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    backupFile,
  ]);
}
