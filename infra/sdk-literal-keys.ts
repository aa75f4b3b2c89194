/**
 * The AWS SDK client on a REST protocol that functions carry (SES; S3's calls are sent without its
 * client, lambdas/shared/platform/s3-requests.ts), as the functions bundle it: a copy of the
 * client's ESM build whose schemas file writes its HTTP-binding keys as literals.
 *
 * Each client's `dist-es/schemas/schemas_0.js` declares every operation of the service, e.g.
 * `export var SendEmail$ = [9, n0, _SE, { [_h]: ["POST", "/v2/email/outbound-emails", 200] }, ...]`
 * with `const _h = "http";` at the top. esbuild cannot tell that `[_h]` is a string (a computed key
 * may call an object's toString), so it keeps every such array, used or not, and every string they
 * name: S3's schemas were 65 KB of a bundle that sends five commands, SES's 47 KB for SendEmail
 * alone. In the copy the key is the string itself (`{ "http": [...] }`): the same object, and
 * esbuild drops the operations no function sends. JSON-protocol clients (DynamoDB, Cognito,
 * Secrets Manager, EventBridge) write no such keys and are bundled from node_modules as they are.
 *
 * The copies are made under .tmp/sdk-literal-keys/ (a few hundred KB each) when a bundle is first
 * built and again when the installed version changes; esbuild's alias points the package there.
 * Imports from the copy (`@smithy/core`, ...) resolve from the project's node_modules as before.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const REST_CLIENTS = ['@aws-sdk/client-sesv2'] as const;
/** Changes when literalKeys changes, so that an older copy is made again. */
const TRANSFORM = 2;
export const copiesDir = (root: string) => path.join(root, '.tmp', 'sdk-literal-keys');

/** `[_h]:` written as `"http":` where the file declares `const _h = "http";` at its top level; any other computed key is left. */
export function literalKeys(source: string): string {
  const strings = new Map<string, string>();
  for (const m of source.matchAll(/^const ([A-Za-z_$][\w$]*) = ("[^"\\\n]*");$/gm)) strings.set(m[1]!, m[2]!);
  return source.replace(/([{,]\s*)\[([A-Za-z_$][\w$]*)\]:/g, (all, before: string, id: string) => (strings.has(id) ? `${before}${strings.get(id)}:` : all));
}

function makeCopy(root: string, pkg: string, target: string, stamp: string) {
  const source = path.join(root, 'node_modules', ...pkg.split('/'));
  const temp = `${target}.${process.pid}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  cpSync(path.join(source, 'dist-es'), path.join(temp, 'dist-es'), { recursive: true, dereference: true });
  // The client reads its package.json for the user agent's version (a default import, so esbuild
  // bundles the whole file: 2.5 KB of scripts and dependencies); the copy keeps what is read and what
  // esbuild resolves by.
  const pkgJson = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as Record<string, unknown>;
  const kept = Object.fromEntries(['name', 'version', 'module', 'main', 'sideEffects'].filter((k) => k in pkgJson).map((k) => [k, pkgJson[k]]));
  writeFileSync(path.join(temp, 'package.json'), `${JSON.stringify(kept, null, 2)}\n`);
  const schemas = path.join(temp, 'dist-es', 'schemas');
  for (const f of readdirSync(schemas).filter((n) => n.endsWith('.js'))) {
    const file = path.join(schemas, f);
    writeFileSync(file, literalKeys(readFileSync(file, 'utf8')));
  }
  writeFileSync(path.join(temp, '.stamp'), stamp);
  rmSync(target, { recursive: true, force: true });
  try {
    renameSync(temp, target);
  } catch (err) {
    // Another process (a bench beside a test) made the same copy first.
    rmSync(temp, { recursive: true, force: true });
    if (!existsSync(path.join(target, '.stamp')) || readFileSync(path.join(target, '.stamp'), 'utf8') !== stamp) throw err;
  }
}

/** Package -> its copy (made now if missing or stale), relative to the project's root, for esbuild's alias. */
export function restClientAliases(root: string): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const pkg of REST_CLIENTS) {
    const version = (JSON.parse(readFileSync(path.join(root, 'node_modules', ...pkg.split('/'), 'package.json'), 'utf8')) as { version: string }).version;
    const stamp = `${version} ${TRANSFORM}`;
    const target = path.join(copiesDir(root), ...pkg.split('/'));
    const stampFile = path.join(target, '.stamp');
    if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== stamp) makeCopy(root, pkg, target, stamp);
    aliases[pkg] = `./${path.relative(root, target).split(path.sep).join('/')}`;
  }
  return aliases;
}
