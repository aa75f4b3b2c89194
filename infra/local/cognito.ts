/**
 * Cognito on this machine: cognito-local 5.3.0 assembled from its `lib/` modules (its own entry
 * point hard-codes the folder and the port) in a worker thread (cognito-worker.cjs): a chosen data
 * folder, port 0 (or the last run's), the Cognito triggers run in this process through a Lambda
 * client whose `invoke` calls the trigger handlers, and every mail Cognito would send written to
 * the outbox.
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

type FromWorker =
  | { type: 'ready'; port: number }
  | { type: 'failed'; message: string }
  | { type: 'closed' }
  | { type: 'log'; message: string; detail?: string }
  | { type: 'invoke'; id: number; name: string; payload: string }
  | { type: 'event'; id: number; name: string; payload: string }
  | { type: 'mail'; id: number; username: string; to: string; subject: string; text: string; code: string };

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

export async function startCognito(opts: CognitoOptions): Promise<LocalCognito> {
  const worker = new Worker(fileURLToPath(new URL('./cognito-worker.cjs', import.meta.url)), {
    workerData: {
      dataDir: opts.dataDir,
      preferredPort: opts.preferredPort,
      triggers: { ...triggerHandlers },
      events: { ...eventHandlers },
      temporaryPasswordValidityDays: userPool.temporaryPasswordValidityDays,
    },
    // The parent's flags (a test runner's --experimental-vm-modules, tsx's loader) are not the worker's business.
    execArgv: [],
    stdout: false,
    stderr: false,
  });
  let closed: (() => void) | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('exit', (code) => {
      reject(new Error(`cognito-local stopped (exit code ${code})`));
      closed?.();
    });
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'ready') resolve(m.port);
      else if (m.type === 'failed') reject(new Error(`cognito-local did not start: ${m.message}`));
      else if (m.type === 'closed') void worker.terminate();
      else if (m.type === 'log') log.warn(`cognito-local: ${m.message}`, { detail: m.detail });
      else if (m.type === 'invoke' || m.type === 'event') void runTrigger(m.name, m.payload).then((r) => worker.postMessage({ type: 'answer', id: m.id, ...r }));
      else if (m.type === 'mail') void deliver(opts, m).then((r) => worker.postMessage({ type: 'answer', id: m.id, ...r }));
    });
  }).catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        closed = resolve;
        worker.postMessage({ type: 'close' });
      }),
  };
}
