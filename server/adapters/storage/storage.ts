import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../../config.js';

export interface LinkOptions {
  /** The name the browser shows and saves (the key's last segment). */
  fileName: string;
  contentType: string;
  /** true: always Content-Disposition attachment. */
  download: boolean;
  ttlSeconds: number;
}

/** Where document bytes live: a local folder (default) or an S3-compatible bucket. */
export interface DocumentStorage {
  readonly kind: 'local' | 's3';
  /** Streams the body to the key; resolves with the bytes written. A failed put leaves nothing behind. */
  put(key: string, body: Readable, contentType: string): Promise<{ size: number }>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** A link that lets a browser view or download the object until it expires. */
  link(key: string, opts: LinkOptions): Promise<string>;
  close(): Promise<void>;
}

/** A storage key is made by the server; this guards every key before it reaches a path or a bucket. */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 1024 || key.startsWith('/') || key.includes('\\') || key.includes('\0')) return false;
  return key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

/** HTML, SVG, XML and anything unknown are never served inline. */
const INLINE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
]);

export const isSafeInline = (contentType: string) => INLINE_TYPES.has(contentType.toLowerCase());

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  htm: 'text/html',
  svg: 'image/svg+xml',
  xml: 'application/xml',
  json: 'application/json',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  dwg: 'image/vnd.dwg',
};

/** The content type the portal records and serves, from the file name's extension (never the client's claim). */
export function contentTypeFor(fileName: string): string {
  const ext = fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '';
  return TYPES[ext] ?? 'application/octet-stream';
}

/** Content-Disposition with an ASCII fallback and the RFC 5987 form of the name. */
export function contentDisposition(fileName: string, attachment: boolean): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${attachment ? 'attachment' : 'inline'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

// ---- local folder ----

export interface LinkClaims {
  key: string;
  exp: number;
  download: boolean;
}

const linkKey = (secret: string) => createHmac('sha256', secret).update('portal document links v1').digest();
const sign = (secret: string, c: LinkClaims) =>
  createHmac('sha256', linkKey(secret)).update(`${c.key}\n${c.exp}\n${c.download ? 1 : 0}`).digest('base64url');

/** The public path that serves local documents; signed, expiring links point here. */
export const LOCAL_OBJECT_PATH = '/api/s3/object';

/** Makes the query of a signed local link. */
export function signLocalLink(secret: string, c: LinkClaims): string {
  const q = new URLSearchParams({ key: c.key, exp: String(c.exp), sig: sign(secret, c) });
  if (c.download) q.set('download', '1');
  return `${LOCAL_OBJECT_PATH}?${q.toString()}`;
}

/** Checks a signed local link; false when the signature is wrong or the link has expired. */
export function verifyLocalLink(secret: string, c: LinkClaims, sig: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (c.exp < nowSeconds) return false;
  const want = Buffer.from(sign(secret, c));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

export interface LocalStorage extends DocumentStorage {
  readonly kind: 'local';
  readonly dir: string;
  /** The file of a key, or null when it is missing. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
}

/** Documents in a local folder; links are served by the portal and signed with the app secret. */
export function localStorage(dir: string, secret: string): LocalStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`storage key outside the folder: ${key}`);
    return file;
  };
  const syncPath = async (p: string, flags: string) => {
    const handle = await open(p, flags);
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };
  return {
    kind: 'local',
    dir: root,
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
        // On disk before the upload is acknowledged: the file, then its name in the folder.
        await syncPath(tmp, 'r+');
        await rename(tmp, file);
        await syncPath(path.dirname(file), 'r');
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return { size: (await stat(file)).size };
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      // Drop the now-empty per-upload folder; leave shared parents alone.
      await rmdir(path.dirname(file)).catch(() => {});
    },
    async link(key, opts) {
      const exp = Math.floor(Date.now() / 1000) + opts.ttlSeconds;
      return signLocalLink(secret, { key, exp, download: opts.download });
    },
    async open(key) {
      const file = fileOf(key);
      try {
        const s = await stat(file);
        if (!s.isFile()) return null;
        return { stream: createReadStream(file), size: s.size };
      } catch {
        return null;
      }
    },
    async close() {},
  };
}

// ---- S3 ----

const PART_SIZE = 8 * 1024 * 1024;

export type S3Settings = NonNullable<Config['documents']['s3']>;

/** Documents in an S3-compatible bucket; links are real presigned GET URLs. */
export function s3Storage(s3: S3Settings): DocumentStorage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores reject the newer defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined,
  });
  const Bucket = s3.bucket;
  const check = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
  };
  return {
    kind: 's3',
    // Streams in 8 MiB parts (multipart upload), so memory stays bounded whatever the size.
    async put(key, body, contentType) {
      check(key);
      let buffered: Buffer[] = [];
      let bufferedBytes = 0;
      let size = 0;
      let uploadId: string | undefined;
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      const flush = async () => {
        const chunk = Buffer.concat(buffered, bufferedBytes);
        buffered = [];
        bufferedBytes = 0;
        uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }))).UploadId;
        const PartNumber = parts.length + 1;
        const res = await client.send(new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber, Body: chunk }));
        parts.push({ ETag: res.ETag, PartNumber });
      };
      try {
        for await (const piece of body) {
          const b = piece as Buffer;
          buffered.push(b);
          bufferedBytes += b.length;
          size += b.length;
          if (bufferedBytes >= PART_SIZE) await flush();
        }
        if (!uploadId) {
          await client.send(new PutObjectCommand({ Bucket, Key: key, Body: Buffer.concat(buffered, bufferedBytes), ContentType: contentType }));
        } else {
          if (bufferedBytes > 0) await flush();
          await client.send(new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
        }
        return { size };
      } catch (err) {
        if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => {});
        body.destroy();
        throw err;
      }
    },
    async delete(key) {
      check(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async link(key, opts) {
      check(key);
      const attachment = opts.download || !isSafeInline(opts.contentType);
      const cmd = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: contentDisposition(opts.fileName, attachment),
        ResponseContentType: opts.contentType,
      });
      return getSignedUrl(client, cmd, { expiresIn: opts.ttlSeconds });
    },
    async close() {
      client.destroy();
    },
  };
}

/** The configured storage: S3 when S3_BUCKET is set, else the local folder. */
export function storageFromConfig(config: Config): DocumentStorage {
  return config.documents.s3 ? s3Storage(config.documents.s3) : localStorage(config.documents.dir, config.jwtSecret);
}
