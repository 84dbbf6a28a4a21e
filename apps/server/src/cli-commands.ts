import type { CliCommand } from './lib/cli-command.ts';
import { ACCOUNT_COMMANDS } from './modules/accounts/index.ts';
import { AI_COMMANDS } from './modules/ai/index.ts';
import { BACKUP_COMMANDS } from './ops/backup.cli.ts';

/** Every `npm run admin` command by name. Features add theirs here. */
export const CLI_COMMANDS: Record<string, CliCommand> = {
  ...ACCOUNT_COMMANDS,
  ...AI_COMMANDS,
  ...BACKUP_COMMANDS,
  'list-users': {
    usage: 'list every account: id, username, role',
    async run({ db }) {
      const users = await db
        .selectFrom('users')
        .select(['id', 'username', 'role', 'is_active'])
        .orderBy('id')
        .execute();
      for (const u of users) console.log(`${u.id}\t${u.username}\t${u.role}${u.is_active ? '' : '\t(inactive)'}`);
    },
  },
};
