import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config, S3Settings } from '../config';

/**
 * Where uploaded media live: the data directory on one machine, or an S3-compatible bucket shared by every
 * process of a deployment. Objects are the re-encoded JPEG renditions under their server-made names
 * (`<32 hex>[_thumb|_blur].jpg`); nothing else is ever written, and every name is checked before it reaches a
 * path or a key. The store holds bytes only: who may read them is decided by the media routes, which serve
 * every file through the app (see docs/deployment.md, "Media storage").
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** for messages: the directory, or s3://bucket/prefix at the endpoint */
  readonly where: string;
  /** Stores an object whole: a reader sees all of it or nothing. */
  put(name: string, data: Buffer): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(name: string): Promise<Buffer | null>;
  /** Removes an object; removing one that is not there is not an error. */
  delete(name: string): Promise<void>;
  /** Every media object with its size and last change (names that are not media are skipped). */
  list(): AsyncIterable<MediaObject>;
  /** Null when the store can be used, else one sentence saying why not (checked by `serve` at start). */
  problem(): Promise<string | null>;
}

export interface MediaObject {
  name: string;
  bytes: number;
  modifiedAt: Date;
}

export const MEDIA_NAME = /^[a-f0-9]{32}(_thumb|_blur)?\.jpg$/;

function checkedName(name: string): string {
  if (!MEDIA_NAME.test(name)) throw new Error(`not a media object name: ${JSON.stringify(name)}`);
  return name;
}

/** The media store the configuration names (MEDIA_STORE, default local). */
export function createMediaStore(config: Pick<Config, 'dataDir' | 'media'>): MediaStore {
  if (config.media.store === 's3') {
    if (!config.media.s3) throw new Error('MEDIA_STORE=s3 needs S3_BUCKET');
    return new S3MediaStore(config.media.s3);
  }
  return new LocalMediaStore(path.join(config.dataDir, 'media'));
}

export class LocalMediaStore implements MediaStore {
  readonly kind = 'local';
  constructor(readonly dir: string) {}

  get where(): string {
    return this.dir;
  }

  file(name: string): string {
    return path.join(this.dir, checkedName(name));
  }

  async put(name: string, data: Buffer): Promise<void> {
    const target = this.file(name);
    const partial = `${target}.partial`;
    await fs.mkdir(this.dir, { recursive: true });
    try {
      await fs.writeFile(partial, data);
      await fs.rename(partial, target);
    } catch (error) {
      await fs.rm(partial, { force: true }).catch(() => {});
      throw error;
    }
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await fs.rm(this.file(name), { force: true });
  }

  async *list(): AsyncIterable<MediaObject> {
    let entries: string[];
    try {
      entries = (await fs.readdir(this.dir)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of entries) {
      if (!MEDIA_NAME.test(name)) continue;
      const stat = await fs.stat(path.join(this.dir, name)).catch(() => null);
      if (stat?.isFile()) yield { name, bytes: stat.size, modifiedAt: stat.mtime };
    }
  }

  async problem(): Promise<string | null> {
    // The data directory itself is checked by dataDirProblem before anything starts.
    return null;
  }
}

type S3Sdk = typeof import('@aws-sdk/client-s3');
let sdkModule: Promise<S3Sdk> | null = null;

/** The AWS SDK is loaded when a bucket is first used: a server on local media (and every other CLI command) never pays for it. */
function loadSdk(): Promise<S3Sdk> {
  // The SDK warns on Node 20 that future SDK releases will need Node 22; this build pins its SDK, so the
  // warning tells an operator nothing they can act on (Node 20 is supported here).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  sdkModule ??= import('@aws-sdk/client-s3');
  return sdkModule;
}

/** The client options for these settings (also used by tests to look into the bucket directly). */
export function s3ClientOptions(settings: S3Settings) {
  return {
    region: settings.region,
    endpoint: settings.endpoint ?? undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    // Plain PUTs without trailing checksums: many S3-compatible stores (older MinIO, Ceph, s3rver) refuse the
    // SDK's newer default of aws-chunked bodies with CRC32 trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
    maxAttempts: 3,
  };
}

export class S3MediaStore implements MediaStore {
  readonly kind = 's3';
  private connection: Promise<{ sdk: S3Sdk; client: S3Client }> | null = null;

  constructor(readonly settings: S3Settings) {}

  private s3(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    this.connection ??= loadSdk().then((sdk) => ({ sdk, client: new sdk.S3Client(s3ClientOptions(this.settings)) }));
    return this.connection;
  }

  get where(): string {
    return `s3://${this.settings.bucket}/${this.settings.prefix}${this.settings.endpoint ? ` at ${this.settings.endpoint}` : ''}`;
  }

  key(name: string): string {
    return `${this.settings.prefix}${checkedName(name)}`;
  }

  async put(name: string, data: Buffer): Promise<void> {
    // One PUT is atomic in S3: the object appears whole or not at all.
    const { sdk, client } = await this.s3();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name), Body: data, ContentType: 'image/jpeg', ContentLength: data.length }),
    );
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      const { sdk, client } = await this.s3();
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    const { sdk, client } = await this.s3();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
  }

  async *list(): AsyncIterable<MediaObject> {
    const { sdk, client } = await this.s3();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: this.settings.prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const name = (object.Key ?? '').slice(this.settings.prefix.length);
        if (MEDIA_NAME.test(name)) yield { name, bytes: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Size of one object, or null when it is not there (used to verify copies). */
  async size(name: string): Promise<number | null> {
    try {
      const { sdk, client } = await this.s3();
      const res = await client.send(new sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(name) }));
      return res.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** Ends the client's connections (tests, and a CLI command that is done). */
  async close(): Promise<void> {
    if (this.connection) (await this.connection).client.destroy();
  }

  async problem(): Promise<string | null> {
    try {
      const { sdk, client } = await this.s3();
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.settings.bucket }));
      return null;
    } catch (error) {
      const status = (error as S3ServiceException).$metadata?.httpStatusCode;
      const where = `the S3 bucket ${this.settings.bucket}${this.settings.endpoint ? ` at ${this.settings.endpoint}` : ''}`;
      if (status === 404) return `${where} does not exist: create it, or correct S3_BUCKET / S3_ENDPOINT.`;
      if (status === 403 || status === 401) return `${where} refused these credentials: check S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY and the bucket's policy.`;
      return `${where} cannot be reached (${describeS3Error(error)}): check S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE.`;
    }
  }
}

function isMissing(error: unknown): boolean {
  const e = error as S3ServiceException;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** A short reason for an S3 failure, without request ids or stacks. */
export function describeS3Error(error: unknown): string {
  const e = error as S3ServiceException & { code?: string };
  const status = e?.$metadata?.httpStatusCode;
  return [e?.code ?? e?.name, status ? `HTTP ${status}` : null, e?.message && e.message !== e.name ? e.message : null].filter(Boolean).join(', ').slice(0, 200) || 'unknown error';
}
