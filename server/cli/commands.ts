import type { Config } from '../config.js';
import { createUserCommand } from './create-user.js';
import { importCommand } from './import.js';
import { migrateCommand, seedDemoCommand } from './db-commands.js';
import { serveCommand } from './serve.js';

export interface Command {
  summary: string;
  help: string;
  options: Record<string, { type: 'string' | 'boolean'; short?: string }>;
  /** Use the demo's defaults (its staff domains) even without --demo. */
  demoDefaults?: boolean;
  /** Returns the exit code; -1 means "keep running" (a server). */
  run(config: Config, values: Record<string, string | boolean | undefined>): Promise<number | void>;
}

/** The `portal` commands. Add one entry per command. */
export const commands: Record<string, Command> = {
  serve: serveCommand,
  migrate: migrateCommand,
  'seed-demo': seedDemoCommand,
  'create-user': createUserCommand,
  import: importCommand,
  simulator: (await import('./simulator-command.js')).simulatorCommand,
  reports: (await import('../modules/reports/reports.command.js')).reportsCommand,
};
