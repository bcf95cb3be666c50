import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config';
import { s3ClientOptions } from '../services/media-store';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** A real S3-compatible server (s3rver) on an ephemeral port, with its own bucket and files in a temp folder. */
export interface TestS3 {
  settings: S3Settings;
  /** env variables that point a `saathi` process at this bucket */
  env: Record<string, string>;
  client: S3Client;
  /** every key in the bucket */
  keys(): Promise<string[]>;
  object(key: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = `saathi-${crypto.randomBytes(3).toString('hex')}`): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'saathi-s3-'));
  const instance = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await instance.run();
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    // s3rver checks signatures against these well-known keys
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'media/',
  };
  const client = new S3Client(s3ClientOptions(settings));
  return {
    settings,
    env: {
      MEDIA_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint ?? '',
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async keys() {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) out.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return out.sort();
    },
    async object(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await (res.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
      } catch {
        return null;
      }
    },
    async close() {
      client.destroy();
      await instance.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
