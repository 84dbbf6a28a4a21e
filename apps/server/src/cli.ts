// `npm run admin -- <command>`: manage Arbor from the shell. Commands are added by each feature
// in cli-commands.ts; this file only parses arguments and opens the database.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { CLI_COMMANDS } from './cli-commands.ts';
import { systemClock } from './lib/clock.ts';

async function main(argv: string[]) {
  const [name, ...args] = argv;
  const command = name ? CLI_COMMANDS[name] : undefined;
  if (!command) {
    console.log('Usage: npm run admin -- <command> [arguments]\n\nCommands:');
    for (const [key, c] of Object.entries(CLI_COMMANDS)) console.log(`  ${key.padEnd(16)} ${c.usage}`);
    process.exit(name && name !== 'help' ? 2 : 0);
  }
  const config = loadConfig();
  if (command.needsDatabase === false) {
    await command.run({ config, db: undefined as never, clock: systemClock, args });
    return;
  }
  const handle = openDatabase(config.databaseUrl, config.databasePool);
  try {
    await migrateToLatest(handle.db);
    await command.run({ config, db: handle.db, clock: systemClock, args });
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
