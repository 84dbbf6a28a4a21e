import type { CliCommand } from './lib/cli-command.ts';
import { ACCOUNT_COMMANDS } from './modules/accounts/index.ts';
import { AI_COMMANDS } from './modules/ai/index.ts';
import { BACKUP_COMMANDS } from './ops/backup.cli.ts';

/** Every `npm run admin` command by name. Features add theirs here. */
export const CLI_COMMANDS: Record<string, CliCommand> = {
  ...ACCOUNT_COMMANDS,
  ...AI_COMMANDS,
  ...BACKUP_COMMANDS,
};
