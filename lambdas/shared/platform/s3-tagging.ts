/**
 * S3's GetObjectTagging without the S3 client (issue 42): the one call the functions that otherwise
 * only sign links make (where the stage scans for malware, ../domain/documents/scan.ts). Sent as
 * every S3 call of the portal is (./s3-requests.ts): signed here, counted, told to the tests' IAM
 * listener, within API_CALLS, meeting the local stack's FAULTS for `s3.GetObjectTagging`.
 */
import { s3Send, xmlElement } from './s3-requests.js';

/** The tags of a GetObjectTagging answer (`<Tagging><TagSet><Tag><Key/><Value/></Tag>...`). */
export function parseTagging(xml: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, tag] of xml.matchAll(/<Tag>([\s\S]*?)<\/Tag>/g)) tags[xmlElement(tag!, 'Key') ?? ''] = xmlElement(tag!, 'Value') ?? '';
  return tags;
}

/** GetObjectTagging of `key` in `bucket`: its tags by key. */
export async function getObjectTagging(bucket: string, key: string): Promise<Record<string, string>> {
  const answer = await s3Send({ operation: 'GetObjectTagging', method: 'GET', bucket, key, query: { tagging: '' }, input: { Bucket: bucket, Key: key } });
  return parseTagging(answer.body.toString('utf8'));
}
