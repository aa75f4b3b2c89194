/**
 * S3 on this machine: s3rver on disk, with the documents bucket and its CORS rule (the settings of
 * infra/definitions.ts) for the gateway's origin, which changes with the port, so it is set at
 * every start. s3rver checks no signatures: the portal enforces sizes and keys itself.
 */
import { CreateBucketCommand, HeadBucketCommand, PutBucketCorsCommand, type S3Client } from '@aws-sdk/client-s3';
import { documentsBucket } from '../definitions.js';
import S3rver from 's3rver';
import { withPortFallback } from './ports.js';

export const LOCAL_BUCKET = 'portal-local-documents';

export interface LocalS3 {
  url: string;
  close(): Promise<void>;
}

export async function startS3(dir: string, preferredPort?: number): Promise<LocalS3> {
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const { port } = await withPortFallback(preferredPort, (p) => {
    s3.serverOptions.port = p;
    return s3.run();
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
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
