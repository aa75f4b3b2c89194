import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/index.js';
import { commands } from './cli/commands.js';

const usage = `Usage: portal <command> [options]

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`)
  .join('\n')}

Run "portal <command> --help" for a command's options. Configuration comes from environment
variables (see README.md).`;

async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage);
    return name ? 0 : 1;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage}`);
    return 1;
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: { help: { type: 'boolean', short: 'h' }, ...command.options }, allowPositionals: false, strict: true });
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${command.help}`);
    return 1;
  }
  if (parsed.values.help) {
    console.log(command.help);
    return 0;
  }
  const config = loadConfig(process.env, { demo: command.demoDefaults === true || (parsed.values as Record<string, unknown>).demo === true });
  return (await command.run(config, parsed.values as Record<string, string | boolean | undefined>)) ?? 0;
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined && code !== -1) process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
    else console.error(err);
    process.exitCode = 1;
  },
);
