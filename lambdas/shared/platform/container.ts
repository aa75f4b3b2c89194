/**
 * What a Lambda container keeps between invocations (a secret once read, a client made from it).
 * On Lambda a container runs one function, so once per container is once per function. The local
 * stack runs every function in one process: it names the running function under CONTAINER_NAME,
 * so that each keeps its own, as on Lambda, and no function is served by what another one read
 * (the IAM check, test/iam, then sees every function make the calls it needs).
 */
export const CONTAINER_NAME = Symbol.for('portal.containerName');

const containerName = () => (globalThis as { [CONTAINER_NAME]?: () => string | undefined })[CONTAINER_NAME]?.() ?? '';

/** `make`'s promise, made once per container; a failure is tried again on the next call. */
export function oncePerContainer<T>(make: () => Promise<T>): () => Promise<T> {
  const made = new Map<string, Promise<T>>();
  return () => {
    const at = containerName();
    let p = made.get(at);
    if (!p) {
      p = make();
      p.catch(() => made.delete(at));
      made.set(at, p);
    }
    return p;
  };
}
