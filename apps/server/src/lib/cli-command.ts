import type { Config } from '../config.ts';
import type { DB } from '../db/connection.ts';
import type { Clock } from './clock.ts';

/** What an `npm run admin` command is handed. */
export interface CliContext {
  config: Config;
  db: DB;
  /** the time commands stamp rows with (the system clock; tests hand in their app's) */
  clock: Clock;
  args: string[];
}

export interface CliCommand {
  usage: string;
  /** open (and migrate) the database before running; false for commands that replace it */
  needsDatabase?: boolean;
  run(ctx: CliContext): Promise<void>;
}
