// One function's process in the local stack's cold mode (see ./cold.ts): imports the bundle named
// on the command line, says when it is ready (with the module's init time), then runs one event
// at a time as the parent sends them. Ends with its parent.
import { pathToFileURL } from 'node:url';

const send = (m) => process.send?.(m);
const message = (e) => (e instanceof Error ? (e.stack ?? e.message) : String(e));

let handler;
try {
  const t0 = performance.now();
  const mod = await import(pathToFileURL(process.argv[2]).href);
  if (typeof mod.handler !== 'function') throw new Error('the bundle exports no handler function');
  handler = mod.handler;
  send({ type: 'ready', initMs: performance.now() - t0 });
} catch (e) {
  send({ type: 'failed', error: message(e) });
  process.exit(1);
}

process.on('message', async (m) => {
  if (m?.type !== 'invoke') return;
  try {
    send({ type: 'result', result: await handler(m.event) });
  } catch (e) {
    send({ type: 'error', error: message(e) });
  }
});
process.on('disconnect', () => process.exit(0));
