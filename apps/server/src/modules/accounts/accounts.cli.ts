import type { CliCommand } from '../../lib/cli-command.ts';
import { listAllAccounts } from './accounts.repository.ts';
import { createAccountFromShell, promoteToAdmin, resetPasswordFromShell } from './admin-accounts.service.ts';

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

/** `npm run admin -- create-user | promote | reset-password | list-users`. */
export const ACCOUNT_COMMANDS: Record<string, CliCommand> = {
  'create-user': {
    usage: 'create-user <username> <password> [--email a@b.c] [--phone +861…] [--admin]',
    async run({ db, clock, args }) {
      const [username, password] = args;
      if (!username || !password)
        throw new Error('Usage: create-user <username> <password> [--email …] [--phone …] [--admin]');
      const user = await createAccountFromShell(
        { db, clock },
        {
          username,
          password,
          email: option(args, 'email'),
          phone: option(args, 'phone'),
          role: args.includes('--admin') ? 'admin' : 'user',
        },
      );
      console.log(`created user ${user.id} ${user.username} (${user.role})`);
    },
  },
  promote: {
    usage: 'promote <username|email|phone>: grant the admin role',
    async run({ db, clock, args }) {
      if (!args[0]) throw new Error('Usage: promote <login>');
      const user = await promoteToAdmin({ db, clock }, args[0]);
      console.log(`user ${user.id} ${user.username} is now an admin`);
    },
  },
  'reset-password': {
    usage: 'reset-password <username|email|phone> <new password>: also ends every session',
    async run({ db, clock, args }) {
      const [login, password] = args;
      if (!login || !password) throw new Error('Usage: reset-password <login> <new password>');
      const user = await resetPasswordFromShell({ db, clock }, login, password);
      console.log(`password of ${user.username} reset`);
    },
  },
  'list-users': {
    usage: 'list every account: id, username, role',
    async run({ db }) {
      for (const u of await listAllAccounts(db))
        console.log(`${u.id}\t${u.username}\t${u.role}${u.is_active ? '' : '\t(inactive)'}`);
    },
  },
};
