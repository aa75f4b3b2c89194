import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { contentDisposition, contentTypeFor, isSafeInline, isSafeKey, localStorage, signLocalLink, verifyLocalLink } from './storage.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const secret = 'x'.repeat(40);

describe('isSafeKey', () => {
  it('refuses absolute paths, dot segments, empty segments and backslashes', () => {
    for (const bad of ['', '/etc/passwd', '../a', 'a/../b', 'a/./b', 'a//b', 'a/', 'a\\b', 'a\0b']) expect(isSafeKey(bad), bad).toBe(false);
    for (const good of ['documents/1/a.pdf', 'a', 'x/y.z/w..v']) expect(isSafeKey(good), good).toBe(true);
  });
});

describe('signed local links', () => {
  const claims = { key: 'documents/u/a.pdf', exp: 2_000_000_000, download: false };
  const sigOf = (link: string) => new URL(link, 'http://x').searchParams.get('sig')!;
  it('verify with the same secret and claims only, and not after expiry', () => {
    const sig = sigOf(signLocalLink(secret, claims));
    expect(verifyLocalLink(secret, claims, sig, 1_000_000_000)).toBe(true);
    expect(verifyLocalLink('y'.repeat(40), claims, sig, 1_000_000_000)).toBe(false);
    expect(verifyLocalLink(secret, { ...claims, download: true }, sig, 1_000_000_000)).toBe(false);
    expect(verifyLocalLink(secret, { ...claims, key: 'documents/u/b.pdf' }, sig, 1_000_000_000)).toBe(false);
    expect(verifyLocalLink(secret, claims, sig, 2_000_000_001)).toBe(false);
    expect(verifyLocalLink(secret, claims, 'short', 1_000_000_000)).toBe(false);
  });
});

describe('content types and disposition', () => {
  it('serves only safe types inline and quotes names safely', () => {
    expect(contentTypeFor('a.PDF')).toBe('application/pdf');
    expect(contentTypeFor('a.svg')).toBe('image/svg+xml');
    expect(contentTypeFor('noext')).toBe('application/octet-stream');
    expect(isSafeInline('image/svg+xml')).toBe(false);
    expect(isSafeInline('text/html')).toBe(false);
    expect(isSafeInline('application/pdf')).toBe(true);
    expect(contentDisposition('a"b.pdf', true)).toBe(`attachment; filename="a_b.pdf"; filename*=UTF-8''a%22b.pdf`);
  });
});

describe('local folder storage', () => {
  const s = localStorage(dir, secret);
  it('writes, opens and deletes, leaving no folder behind', async () => {
    expect(await s.put('documents/k1/a.txt', Readable.from([Buffer.from('hello '), Buffer.from('world')]), 'text/plain')).toEqual({ size: 11 });
    const f = await s.open('documents/k1/a.txt');
    expect(f?.size).toBe(11);
    f?.stream.destroy();
    await s.delete('documents/k1/a.txt');
    expect(await s.open('documents/k1/a.txt')).toBeNull();
    expect(readdirSync(path.join(dir, 'documents'))).toEqual([]);
  });

  it('leaves no partial file when the stream fails, and refuses unsafe keys', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(s.put('documents/k2/b.bin', failing, 'application/octet-stream')).rejects.toThrow('client went away');
    expect(readdirSync(path.join(dir, 'documents', 'k2'))).toEqual([]);
    await expect(s.put('../escape.txt', Readable.from(['x']), 'text/plain')).rejects.toThrow(/unsafe/);
    await expect(s.open('/etc/passwd')).rejects.toThrow(/unsafe/);
  });
});
