/**
 * The documents bucket: the only place that builds S3 requests. Keys are always made by the portal
 * (see files.ts); presigned links carry the headers the portal chose, never the client's.
 * No function carries the S3 client (issue 42): links and upload forms are signed here
 * (../../platform/s3-signing.ts), the calls signed and sent without it (../../platform/s3-requests.ts).
 */
import { noteCall } from '../../platform/clients.js';
import { s3Send } from '../../platform/s3-requests.js';
import { presignGetObject, presignPost } from '../../platform/s3-signing.js';
import { getObjectTagging } from '../../platform/s3-tagging.js';
import { settings } from '../../platform/env.js';

const bucket = () => settings.documentsBucket();
const missing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404;
};

export async function putObject(key: string, body: Buffer, contentType: string): Promise<void> {
  const b = bucket();
  await s3Send({
    operation: 'PutObject', method: 'PUT', bucket: b, key, query: { 'x-id': 'PutObject' }, headers: { 'content-type': contentType }, body,
    input: { Bucket: b, Key: key, ContentType: contentType, ContentLength: body.length },
  });
}

export async function deleteObject(key: string): Promise<void> {
  const b = bucket();
  await s3Send({ operation: 'DeleteObject', method: 'DELETE', bucket: b, key, query: { 'x-id': 'DeleteObject' }, input: { Bucket: b, Key: key } });
}

/** Size and content type of an object, or null when there is none. */
export async function headObject(key: string): Promise<{ size: number; contentType: string } | null> {
  const b = bucket();
  try {
    const r = await s3Send({ operation: 'HeadObject', method: 'HEAD', bucket: b, key, input: { Bucket: b, Key: key } });
    return { size: Number(r.headers['content-length'] ?? 0), contentType: r.headers['content-type'] ?? '' };
  } catch (e) {
    if (missing(e)) return null;
    throw e;
  }
}

/** The first `count` bytes of an object (a ranged GET: what a file is, not what its name says), or null when there is none. */
export async function firstBytes(key: string, count: number): Promise<Uint8Array | null> {
  const b = bucket();
  const range = `bytes=0-${count - 1}`;
  try {
    const r = await s3Send({ operation: 'GetObject', method: 'GET', bucket: b, key, query: { 'x-id': 'GetObject' }, headers: { range }, input: { Bucket: b, Key: key, Range: range } });
    return new Uint8Array(r.body).subarray(0, count);
  } catch (e) {
    if (missing(e)) return null;
    throw e;
  }
}

/** Copies within the bucket, setting the content type the portal decided. */
export async function copyObject(from: string, to: string, contentType: string): Promise<void> {
  const b = bucket();
  const input = {
    Bucket: b,
    Key: to,
    CopySource: `${b}/${from.split('/').map(encodeURIComponent).join('/')}`,
    MetadataDirective: 'REPLACE',
    ContentType: contentType,
    // No tags carried over: the copy is a new object, which the malware scan (where it runs)
    // tags itself; copying tags would also need s3:GetObjectTagging and s3:PutObjectTagging.
    TaggingDirective: 'REPLACE',
  };
  await s3Send({
    operation: 'CopyObject', method: 'PUT', bucket: b, key: to, query: { 'x-id': 'CopyObject' },
    headers: { 'x-amz-copy-source': input.CopySource, 'x-amz-metadata-directive': 'REPLACE', 'x-amz-tagging-directive': 'REPLACE', 'content-type': contentType },
    input,
  });
}

/** A presigned GET that answers with the given disposition and content type (signed here: no call to S3). */
export async function downloadUrl(key: string, opts: { disposition: string; contentType: string; expiresIn: number }): Promise<string> {
  // The IAM check hears it as the GET it authorises when the browser follows it.
  noteCall({ client: 'S3', command: 'GetObjectCommand', input: { Bucket: bucket(), Key: key } });
  return presignGetObject(bucket(), key, {
    response: { 'response-content-disposition': opts.disposition, 'response-content-type': opts.contentType },
    expiresIn: opts.expiresIn,
  });
}

/**
 * A presigned POST for `key`: its policy names the key, the content type and a size of 1 byte to
 * `maxBytes` (content-length-range), so S3 itself refuses a larger file, another type or another key.
 */
export async function uploadForm(key: string, contentType: string, maxBytes: number, expiresIn: number): Promise<{ url: string; fields: Record<string, string> }> {
  noteCall({ client: 'S3', command: 'PresignedPost', input: { Bucket: bucket(), Key: key } });
  return presignPost(bucket(), key, {
    conditions: [
      ['content-length-range', 1, maxBytes],
      ['eq', '$Content-Type', contentType],
    ],
    fields: { 'Content-Type': contentType },
    expiresIn,
  });
}

/** An object's tags (GetObjectTagging), by key. */
export function objectTags(key: string): Promise<Record<string, string>> {
  return getObjectTagging(bucket(), key);
}
