/**
 * `tsx bin/local.ts [--demo]`: the portal on this machine (the local stack), all state in DATA_DIR.
 * Prints the URL and the time to ready; SIGTERM / SIGINT stop everything cleanly.
 */
import { LocalConfigError } from '../infra/local/config.js';
import { DataDirLockedError } from '../infra/local/lock.js';
import { startLocalStack } from '../infra/local/stack.js';
import { DEMO_TOTP_SECRET } from '../infra/local/totp.js';

const started = performance.now();
const demo = process.argv.includes('--demo');
const unknown = process.argv.slice(2).filter((a) => a !== '--demo');
if (unknown.length) {
  console.error(`Unknown argument ${unknown[0]}. Usage: tsx bin/local.ts [--demo]`);
  process.exit(2);
}

try {
  const stack = await startLocalStack({ demo });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the local stack`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    void stack.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  console.log(`\n${stack.config.productName} is ready at ${stack.url} (${Math.round(performance.now() - started)} ms)`);
  if (stack.apiUrl !== stack.url) console.log(`The API past the played CloudFront (as at its execute-api address): ${stack.apiUrl}`);
  if (stack.demoAccounts.length) {
    console.log('Demo sign-ins:');
    for (const a of stack.demoAccounts) console.log(`  ${a.email.padEnd(36)} ${a.password.padEnd(12)} ${a.note}`);
    console.log(`Administrators then give a code from an authenticator app set up with the key ${DEMO_TOTP_SECRET}`);
    console.log('  (or the current code from: npm run admin -- totp-code)');
  }
  console.log(`Data in ${stack.config.dataDir}; mail (invitations, reset codes, service requests, notifications) is written to ${stack.outboxDir}`);
} catch (err) {
  if (err instanceof LocalConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
