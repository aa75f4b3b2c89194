/**
 * Cold mode of the local stack (`COLD=1 npm start`): each function runs as Lambda runs it, in a
 * process of its own, loaded from its own bundle as the CDK app builds it (infra/function-bundling.ts;
 * with the fault injection the deployed bundles leave out, so that FAULTS works here too),
 * started at its first call and again after it has been idle for COLD_IDLE_SECONDS (default 300,
 * about when Lambda recycles a quiet instance). One request at a time per instance: a call that
 * finds every instance of its function busy starts another, as concurrent requests do on Lambda.
 * Every start is logged ("cold start", with the process's start-up and the module's init), so a
 * bench can name the functions a screen waits on. Without COLD, handlers load into this process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { functionBuildOptions, functionsBuildOptions } from '../function-bundling.js';
import { log } from '../../lambdas/shared/platform/log.js';

export const coldMode = (env: NodeJS.ProcessEnv = process.env) => ['1', 'true'].includes((env.COLD ?? '').toLowerCase());
const idleMs = () => Math.max(1, Number(process.env.COLD_IDLE_SECONDS) || 300) * 1000;

interface Instance {
  child: ChildProcess;
  name: string;
  busy: boolean;
  ready: Promise<void>;
  idle?: NodeJS.Timeout;
  pending?: { resolve: (v: unknown) => void; reject: (e: Error) => void };
}

type FromRunner = { type: 'ready'; initMs: number } | { type: 'failed'; error: string } | { type: 'result'; result: unknown } | { type: 'error'; error: string };

const bundles = new Map<string, Promise<string>>();
const instances = new Map<string, Instance[]>();
let starts = 0;

export class ColdHandlerError extends Error {}

/** The bundles as the CDK app builds them, with the local stack's failures on purpose (FAULTS) in them. */
const LOCAL = { faultInjection: true } as const;
const bundleFile = (root: string, name: string) => path.join(root, '.tmp', 'cold-bundles', `${name.replace(/\//g, '__')}.mjs`);

/** The function's bundle, built once per run of the stack (under .tmp/cold-bundles/). */
export function bundleOf(root: string, name: string): Promise<string> {
  let p = bundles.get(name);
  if (!p) {
    const outfile = bundleFile(root, name);
    mkdirSync(path.dirname(outfile), { recursive: true });
    p = build(functionBuildOptions(root, path.join(root, 'lambdas', `${name}.ts`), outfile, undefined, LOCAL)).then(() => outfile);
    p.catch(() => bundles.delete(name));
    bundles.set(name, p);
  }
  return p;
}

/**
 * Builds the bundles of these functions now, in one esbuild run (each entry still its own bundle,
 * with the same options), so that no first call waits on esbuild.
 */
export async function prepareBundles(root: string, names: readonly string[]) {
  const t = performance.now();
  const outdir = path.dirname(bundleFile(root, 'x'));
  mkdirSync(outdir, { recursive: true });
  await build(functionsBuildOptions(root, Object.fromEntries(names.map((n) => [path.basename(bundleFile(root, n), '.mjs'), n])), outdir, LOCAL));
  for (const n of names) bundles.set(n, Promise.resolve(bundleFile(root, n)));
  log.info('cold mode: function bundles built', { functions: names.length, ms: Math.round(performance.now() - t) });
}

function startInstance(root: string, name: string, file: string): Instance {
  const t0 = performance.now();
  starts++;
  const child = fork(path.join(root, 'infra', 'local', 'cold-runner.mjs'), [file], { execArgv: [], env: process.env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const instance: Instance = { child, name, busy: false, ready: Promise.resolve() };
  instance.ready = new Promise<void>((resolve, reject) => {
    const onMessage = (m: FromRunner) => {
      if (m.type === 'ready') {
        log.info('cold start', { function: name, processMs: Math.round(performance.now() - t0), initMs: Math.round(m.initMs) });
        resolve();
      } else if (m.type === 'failed') reject(new ColdHandlerError(`${name}: ${m.error}`));
      else if (m.type === 'result') instance.pending?.resolve(m.result);
      else if (m.type === 'error') instance.pending?.reject(new Error(m.error));
      if (m.type === 'result' || m.type === 'error') instance.pending = undefined;
    };
    child.on('message', onMessage);
    child.once('exit', (code, signal) => {
      remove(instance);
      const why = new ColdHandlerError(`${name}: its process ended (${signal ?? `exit code ${code}`})`);
      reject(why);
      instance.pending?.reject(why);
    });
  });
  instance.ready.catch(() => undefined);
  instances.set(name, [...(instances.get(name) ?? []), instance]);
  return instance;
}

function remove(instance: Instance) {
  clearTimeout(instance.idle);
  const left = (instances.get(instance.name) ?? []).filter((i) => i !== instance);
  if (left.length) instances.set(instance.name, left);
  else instances.delete(instance.name);
}

function stop(instance: Instance) {
  remove(instance);
  if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
}

/** A handler that runs the function `name` in one of its own processes. */
export function coldHandler<E, R>(root: string, name: string): (event: E) => Promise<R> {
  return async (event: E) => {
    const file = await bundleOf(root, name);
    const instance = (instances.get(name) ?? []).find((i) => !i.busy) ?? startInstance(root, name, file);
    instance.busy = true;
    clearTimeout(instance.idle);
    try {
      await instance.ready;
      return (await new Promise<unknown>((resolve, reject) => {
        instance.pending = { resolve, reject };
        instance.child.send({ type: 'invoke', event });
      })) as R;
    } finally {
      instance.busy = false;
      if (instance.child.exitCode === null) {
        instance.idle = setTimeout(() => {
          log.debug('cold mode: idle instance stopped', { function: name });
          stop(instance);
        }, idleMs());
        instance.idle.unref();
      }
    }
  };
}

/** How many function processes run now, and how many were started since the stack began. */
export const coldStats = () => ({ running: [...instances.values()].reduce((n, l) => n + l.length, 0), starts, functions: [...instances.keys()].sort() });

/** Stops every function process (the next call to each is a cold start again). */
export function stopColdInstances() {
  for (const list of [...instances.values()]) for (const i of list) stop(i);
}
