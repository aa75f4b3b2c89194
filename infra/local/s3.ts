/**
 * S3 on this machine: s3rver on disk, with the documents bucket and its CORS rule (the settings of
 * lambdas/shared/resources/definitions.ts) for the gateway's origin, which changes with the port, so it is set at
 * every start. s3rver checks no signatures and no POST policy: its address is a front
 * (s3-post-policy.ts) that checks browser uploads' policies as S3 does (size, type, key, expiry,
 * signature) and passes everything else through.
 */
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, type S3Client } from '@aws-sdk/client-s3';
import { documentsBucket } from '../../lambdas/shared/resources/definitions.js';
import S3rver from 's3rver';
import { withPortFallback } from './ports.js';
import { startPostPolicyFront } from './s3-post-policy.js';

export const LOCAL_BUCKET = 'portal-local-documents';

export interface LocalS3 {
  url: string;
  /** s3rver's events: `event` with S3 event records for each object written or removed. */
  events: S3rver;
  close(): Promise<void>;
}

export async function startS3(dir: string, preferredPort: number | undefined, secretAccessKey: string): Promise<LocalS3> {
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const { port } = await s3.run();
  const front = await withPortFallback(preferredPort, (p) => startPostPolicyFront({ target: `http://127.0.0.1:${port}`, secretAccessKey, port: p })).catch(async (err: unknown) => {
    await s3.close();
    throw err;
  });
  return {
    url: front.url,
    events: s3,
    close: async () => {
      await front.close();
      s3.httpServer?.closeAllConnections();
      await s3.close();
    },
  };
}

export async function ensureBucket(client: S3Client, origin: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: LOCAL_BUCKET }));
  } catch {
    await client.send(new CreateBucketCommand({ Bucket: LOCAL_BUCKET }));
  }
  const { cors } = documentsBucket;
  await client.send(
    new PutBucketCorsCommand({
      Bucket: LOCAL_BUCKET,
      CORSConfiguration: {
        CORSRules: [
          {
            AllowedOrigins: [origin],
            AllowedMethods: [...cors.allowedMethods],
            AllowedHeaders: cors.allowedHeaders,
            ExposeHeaders: cors.exposedHeaders,
            MaxAgeSeconds: cors.maxAgeSeconds,
          },
        ],
      },
    }),
  );
}
