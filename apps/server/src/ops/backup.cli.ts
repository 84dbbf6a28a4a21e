import type { CliCommand } from '../lib/cli-command.ts';
import { backupDatabase, defaultBackupPath, restoreDatabase } from './backup.ts';

/** `backup [file]` and `restore <file>` for `npm run admin`. */
export const BACKUP_COMMANDS: Record<string, CliCommand> = {
  backup: {
    usage: 'backup [file]: consistent online backup (default DATA_DIR/backups/arbor-<time>.db|.dump)',
    async run({ config, args }) {
      const file = await backupDatabase(
        config.databaseUrl,
        args[0] ?? defaultBackupPath(config.dataDir, config.databaseUrl),
      );
      console.log(`Backup written to ${file}`);
    },
  },
  restore: {
    usage: 'restore <file>: replace the database with a backup (stop the server first)',
    needsDatabase: false,
    async run({ config, args }) {
      if (!args[0]) throw new Error('Usage: npm run admin -- restore <file>');
      await restoreDatabase(config.databaseUrl, args[0]);
      console.log(`Database restored from ${args[0]}`);
    },
  },
};
