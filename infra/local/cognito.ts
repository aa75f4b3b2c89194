/**
 * Cognito on this machine: cognito-local 5.3.0 assembled from its `lib/` modules (its own entry
 * point hard-codes the folder and the port) in a worker thread (cognito-worker.cjs): a chosen data
 * folder, port 0 (or the last run's), the Cognito triggers run in this process through a Lambda
 * client whose `invoke` calls the trigger handlers, and every mail Cognito would send written to
 * the outbox.
 * The thread (cognito-local's loaded code, about half a second to start) is kept for the process:
 * close() stops the run's server and parks the thread, unref'd, and the next startCognito takes it
 * for a fresh run (its own data folder, pool and port); a thread that died or failed is not taken
 * again. Under jest, whose module registry is per test file, the parked thread is held in
 * `__portalParkedCognito`, a global of the integration tests' environment that outlives a file
 * (test/support/worker-environment.js); elsewhere in this module.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { log } from '../../lambdas/shared/platform/log.js';
import { loadHandler } from './handlers.js';
import { writeMail } from './outbox.js';
import { userPool } from '../../lambdas/shared/resources/definitions.js';

/** The Cognito triggers the portal uses, by cognito-local's trigger name: the handler under lambdas/. */
export const triggerHandlers = {
  PreTokenGeneration: 'triggers/pre-token-generation',
  CustomMessage: 'triggers/custom-message',
  PostConfirmation: 'triggers/post-confirmation',
} as const;

/** Events about the pool that AWS delivers through CloudTrail and EventBridge, by API call: the handler its rule invokes. */
export const eventHandlers = {
  ChangePassword: 'triggers/password-changed',
} as const;

export interface LocalCognito {
  /** http://127.0.0.1:<port>: the endpoint for the SDK and the issuer's domain. */
  url: string;
  close(): Promise<void>;
}

export interface CognitoOptions {
  dataDir: string;
  outboxDir: string;
  mailFrom: string;
  preferredPort?: number;
}

type FromWorker = { run: number } & (
  | { type: 'ready'; port: number }
  | { type: 'failed'; message: string }
  | { type: 'closed' }
  | { type: 'log'; message: string; detail?: string }
  | { type: 'invoke'; id: number; name: string; payload: string }
  | { type: 'event'; id: number; name: string; payload: string }
  | { type: 'mail'; id: number; username: string; to: string; subject: string; text: string; code: string }
);

async function runTrigger(name: string, payload: string): Promise<{ payload?: string; error?: string }> {
  try {
    const handler = await loadHandler<unknown, unknown>(name);
    return { payload: JSON.stringify(await handler(JSON.parse(payload))) };
  } catch (err) {
    log.error('Cognito trigger failed', { trigger: name, err });
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

async function deliver(opts: CognitoOptions, m: Extract<FromWorker, { type: 'mail' }>): Promise<{ error?: string }> {
  try {
    // Without a message from the CustomMessage trigger, Cognito's default texts.
    const subject = m.subject || 'Your verification code';
    const text = m.text || `Your username is ${m.username} and your code is ${m.code}.`;
    const file = await writeMail(opts.outboxDir, opts.mailFrom, { to: m.to, subject, text });
    log.debug('mail written to outbox', { to: m.to, subject, file });
    return {};
  } catch (err) {
    log.error('writing a mail to the outbox failed', { err });
    return { error: (err as Error).message };
  }
}

/** Where the parked thread waits between runs, and how many threads this process started. */
interface ParkedCognito {
  worker?: Worker;
  threads: number;
  runs: number;
}
const parked: ParkedCognito = (globalThis as { __portalParkedCognito?: ParkedCognito }).__portalParkedCognito ?? { threads: 0, runs: 0 };

/** How many cognito-local threads this process (or jest worker) has started: one unless one died. */
export const cognitoThreadsStarted = (): number => parked.threads;

/** The parked thread if it is still alive, else a new one (which loads cognito-local's modules at once). */
function takeWorker(): Worker {
  const kept = parked.worker;
  parked.worker = undefined;
  // A thread that has exited reads -1.
  if (kept && kept.threadId !== -1) {
    kept.ref();
    return kept;
  }
  parked.threads += 1;
  const worker = new Worker(fileURLToPath(new URL('./cognito-worker.cjs', import.meta.url)), {
    // The parent's flags (a test runner's --experimental-vm-modules, tsx's loader) are not the worker's business.
    execArgv: [],
    stdout: false,
    stderr: false,
  });
  // A parked thread's failure must not throw in this process (a run's own listener reports one of its run); an exited thread is not taken.
  worker.on('error', () => undefined);
  return worker;
}

export async function startCognito(opts: CognitoOptions): Promise<LocalCognito> {
  const worker = takeWorker();
  const run = ++parked.runs;
  let closing: Promise<void> | undefined;
  let closed: (() => void) | undefined;
  let settle: { resolve: (port: number) => void; reject: (err: Error) => void } | undefined;
  const answer = (id: number) => (r: object) => worker.postMessage({ type: 'answer', run, id, ...r });
  const onMessage = (m: FromWorker) => {
    if (m.run !== run) return;
    if (m.type === 'ready') settle?.resolve(m.port);
    else if (m.type === 'failed') settle?.reject(new Error(`cognito-local did not start: ${m.message}`));
    else if (m.type === 'closed') park();
    else if (m.type === 'log') log.warn(`cognito-local: ${m.message}`, { detail: m.detail });
    else if (m.type === 'invoke' || m.type === 'event') void runTrigger(m.name, m.payload).then(answer(m.id));
    else if (m.type === 'mail') void deliver(opts, m).then(answer(m.id));
  };
  const onError = (err: Error) => settle?.reject(err);
  const onExit = (code: number) => {
    settle?.reject(new Error(`cognito-local stopped (exit code ${code})`));
    closed?.();
  };
  const detach = () => {
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
  };
  // The run is over: the thread waits, unref'd (it never keeps the process alive), for the next one.
  const park = () => {
    detach();
    worker.unref();
    if (worker.threadId !== -1) {
      if (parked.worker) void parked.worker.terminate();
      parked.worker = worker;
    }
    closed?.();
  };
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  const port = await new Promise<number>((resolve, reject) => {
    settle = { resolve, reject };
    worker.postMessage({
      type: 'start',
      run,
      dataDir: opts.dataDir,
      preferredPort: opts.preferredPort,
      triggers: { ...triggerHandlers },
      events: { ...eventHandlers },
      temporaryPasswordValidityDays: userPool.temporaryPasswordValidityDays,
    });
  })
    .catch(async (err: unknown) => {
      // A thread whose run did not start is not kept: the next start makes a new one.
      detach();
      await worker.terminate();
      throw err;
    })
    .finally(() => (settle = undefined));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        closed = resolve;
        if (worker.threadId === -1) return resolve();
        worker.postMessage({ type: 'close', run });
      })),
  };
}
