/**
 * Loads the route table's and the Cognito triggers' handler modules (`lambdas/<name>.ts`) into this
 * process, once each. Other parts of the portal are still being written: a module that does not
 * exist is a clear error naming its file, met only when something needs it. In cold mode (COLD=1)
 * each function runs from its bundle in processes of its own instead (./cold.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTAINER_NAME } from '../../lambdas/shared/platform/container.js';
import { coldHandler, coldMode } from './cold.js';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export class MissingHandlerError extends Error {}

export type Handler<E, R> = (event: E) => Promise<R>;
const loaded = new Map<string, Promise<Handler<unknown, unknown>>>();

/**
 * The function whose invocation is running (its handler name), and how often each has run in this
 * process: the tests' IAM check (test/iam) tells each AWS call's function by it, as on AWS its
 * role would be told by the credentials.
 */
const invocation = new AsyncLocalStorage<string>();
export const runningFunction = () => invocation.getStore();
export const invocations = new Map<string, number>();
/** Bumped by each stack start: a stack started again in this process (tests) meets new containers. */
let generation = 0;
/**
 * What the functions kept (a secret once read, a client made from it) is dropped, as a new process
 * would drop it: a stack started anew in this process may hold other secrets (a new pool's server
 * client has another secret), which a container of the previous stack would not read again.
 */
export function freshContainers() {
  generation++;
}
// Each function keeps its own container state, as on Lambda (lambdas/shared/platform/container.ts).
(globalThis as { [CONTAINER_NAME]?: () => string | undefined })[CONTAINER_NAME] = () => `${generation}:${runningFunction() ?? ''}`;

/** The file a handler name stands for, relative to the project root (`lambdas/users/signup.ts`). */
export const handlerFile = (name: string) => path.join('lambdas', `${name}.ts`);

export function loadHandler<E, R>(name: string): Promise<Handler<E, R>> {
  const key = coldMode() ? `cold:${name}` : name;
  let p = loaded.get(key);
  if (!p) {
    p = (async () => {
      if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(name) || !existsSync(path.join(projectRoot, handlerFile(name))))
        throw new MissingHandlerError(`The handler module ${handlerFile(name)} does not exist (yet).`);
      // Cold mode: the function's own bundle in processes of its own (./cold.ts).
      if (coldMode()) return coldHandler(projectRoot, name) as Handler<unknown, unknown>;
      // A relative specifier, so test runners map it like any other import of the project.
      const mod = (await import(`../../lambdas/${name}.js`)) as { handler?: unknown };
      if (typeof mod.handler !== 'function') throw new MissingHandlerError(`${handlerFile(name)} has no exported handler function.`);
      const handler = mod.handler as Handler<unknown, unknown>;
      return (event: unknown) => {
        invocations.set(name, (invocations.get(name) ?? 0) + 1);
        return invocation.run(name, () => handler(event));
      };
    })();
    p.catch(() => loaded.delete(key));
    loaded.set(key, p);
  }
  return p as Promise<Handler<E, R>>;
}
