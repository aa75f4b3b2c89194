/**
 * The documents bucket: the only place that builds S3 requests. Keys are always made by the portal
 * (see files.ts); presigned links carry the headers the portal chose, never the client's.
 * Links, upload forms and object tags need no S3 client (../../platform/s3-signing.ts,
 * s3-tagging.ts): a function that only does those carries none of it (issue 42).
 */
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { noteCall, storage } from '../../platform/clients.js';
import { presignGetObject, presignPost } from '../../platform/s3-signing.js';
import { getObjectTagging } from '../../platform/s3-tagging.js';
import { settings } from '../../platform/env.js';

const bucket = () => settings.documentsBucket();

export async function putObject(key: string, body: Buffer, contentType: string): Promise<void> {
  await storage().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
}

export async function deleteObject(key: string): Promise<void> {
  await storage().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** Size and content type of an object, or null when there is none. */
export async function headObject(key: string): Promise<{ size: number; contentType: string } | null> {
  try {
    const r = await storage().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return { size: r.ContentLength ?? 0, contentType: r.ContentType ?? '' };
  } catch (e) {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404) return null;
    throw e;
  }
}

/** The first `count` bytes of an object (a ranged GET: what a file is, not what its name says), or null when there is none. */
export async function firstBytes(key: string, count: number): Promise<Uint8Array | null> {
  try {
    const r = await storage().send(new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${count - 1}` }));
    const bytes = r.Body ? await r.Body.transformToByteArray() : new Uint8Array();
    return bytes.subarray(0, count);
  } catch (e) {
    const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404) return null;
    throw e;
  }
}

/** Copies within the bucket, setting the content type the portal decided. */
export async function copyObject(from: string, to: string, contentType: string): Promise<void> {
  await storage().send(
    new CopyObjectCommand({
      Bucket: bucket(),
      Key: to,
      CopySource: `${bucket()}/${from.split('/').map(encodeURIComponent).join('/')}`,
      MetadataDirective: 'REPLACE',
      ContentType: contentType,
      // No tags carried over: the copy is a new object, which the malware scan (where it runs)
      // tags itself; copying tags would also need s3:GetObjectTagging and s3:PutObjectTagging.
      TaggingDirective: 'REPLACE',
    }),
  );
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
