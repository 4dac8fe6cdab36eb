import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { UploadsConfig } from './store.ts';
import { type ByteRange, type LocalCopy, type ObjectRead, StorageUnavailable, type StoredObject, type UploadStore, contentTypeOf } from './store.ts';

type S3Config = Extract<UploadsConfig, { store: 's3' }>;
type Sdk = typeof import('@aws-sdk/client-s3');

/** Bounds of every call, so that an unreachable or silent endpoint fails the call within a few seconds. */
export const S3_LIMITS = { connectMs: 2000, idleMs: 3000, attempts: 2 };
/** Objects above this go up in parts of this size (S3's smallest part), two at a time. */
export const PART_BYTES = 5 * 1024 * 1024;
/** how long a bucket seen to exist is not asked about again (a HEAD of a missing key cannot tell a missing bucket) */
const BUCKET_SEEN_MS = 10_000;

interface SdkError {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (err: unknown) => (err as SdkError)?.$metadata?.httpStatusCode;

/** A missing key (GetObject's NoSuchKey, HeadObject's bare 404); a missing bucket is a failure, not a missing key. */
function isMissingKey(err: unknown): boolean {
  const e = err as SdkError;
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || statusOf(err) === 404;
}

/** Uploads as objects of one bucket; the SDK finds the credentials itself (AWS_ACCESS_KEY_ID…, profiles, roles). */
export class S3UploadStore implements UploadStore {
  readonly kind = 's3' as const;
  log?: { warn(obj: object, msg: string): void };
  private sdk: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  private bucketSeenAt = 0;

  constructor(readonly config: S3Config) {}

  /** The SDK is loaded on first use: an instance storing uploads on disk never pays for it. */
  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.sdk ??= import('@aws-sdk/client-s3').then((sdk) => {
      const client = new sdk.S3Client({
        region: this.config.region,
        endpoint: this.config.endpoint,
        forcePathStyle: this.config.forcePathStyle,
        maxAttempts: S3_LIMITS.attempts,
        // socketTimeout: idle time (a slow upload or download is fine as long as bytes move); the SDK's requestTimeout only warns
        requestHandler: { connectionTimeout: S3_LIMITS.connectMs, socketTimeout: S3_LIMITS.idleMs },
        // checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer default ones
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { sdk, client };
    });
    return this.sdk;
  }

  /** Any failure of the storage as a 503; the cause is logged (never the credentials: the SDK's messages carry none). */
  private failure(err: unknown, action: string, key?: string): StorageUnavailable {
    if (err instanceof StorageUnavailable) return err;
    const e = err as SdkError;
    const detail = `${e?.name ?? 'Error'}${statusOf(err) ? ` (HTTP ${statusOf(err)})` : ''}: ${e?.message ?? String(err)}`.slice(0, 300);
    this.log?.warn({ action, key, bucket: this.config.bucket, cause: detail }, 'upload storage failure');
    return new StorageUnavailable(detail);
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const { client } = await this.connect();
    try {
      const { Upload } = await import('@aws-sdk/lib-storage');
      const upload = new Upload({
        client,
        params: { Bucket: this.config.bucket, Key: key, Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: 2,
      });
      await upload.done();
    } catch (err) {
      throw this.failure(err, 'put', key);
    }
  }

  async head(key: string): Promise<StoredObject | undefined> {
    const { sdk, client } = await this.connect();
    try {
      const r = await client.send(new sdk.HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: r.ContentLength ?? 0, contentType: contentTypeOf(key), etag: r.ETag ?? '', lastModified: r.LastModified };
    } catch (err) {
      if (!isMissingKey(err)) throw this.failure(err, 'head', key);
    }
    await this.assertBucket();
    return undefined;
  }

  /** HeadObject answers a bare 404 for a missing bucket too: a missing key is believed once the bucket is seen. */
  private async assertBucket(): Promise<void> {
    if (Date.now() - this.bucketSeenAt < BUCKET_SEEN_MS) return;
    const { sdk, client } = await this.connect();
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.config.bucket }));
      this.bucketSeenAt = Date.now();
    } catch (err) {
      throw this.failure(
        statusOf(err) === 404 ? { name: 'NoSuchBucket', message: `the bucket ${this.config.bucket} does not exist`, $metadata: { httpStatusCode: 404 } } : err,
        'headBucket',
      );
    }
  }

  async get(key: string, range?: ByteRange): Promise<ObjectRead | undefined> {
    const { sdk, client } = await this.connect();
    try {
      const r = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const total = /\/(\d+)$/.exec(r.ContentRange ?? '')?.[1];
      return {
        size: total !== undefined ? Number(total) : (r.ContentLength ?? 0),
        contentType: contentTypeOf(key),
        etag: r.ETag ?? '',
        lastModified: r.LastModified,
        body: r.Body as Readable,
      };
    } catch (err) {
      if (!isMissingKey(err)) throw this.failure(err, 'get', key);
      return undefined;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== undefined;
  }

  /** Downloads the object into a private temporary folder, removed by release (or at once on failure). */
  async localCopy(key: string): Promise<LocalCopy | undefined> {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'qb-upload-'));
    const release = () => fsp.rm(dir, { recursive: true, force: true });
    try {
      const object = await this.get(key);
      if (!object) {
        await release();
        return undefined;
      }
      const file = path.join(dir, path.basename(key));
      await pipeline(object.body, fs.createWriteStream(file, { mode: 0o600 })).catch((err: unknown) => {
        throw this.failure(err, 'download', key);
      });
      return { file, release };
    } catch (err) {
      await release();
      throw err;
    }
  }

  /** Every key of the bucket under the prefix, with its size (the move command compares sizes). */
  async *list(prefix = ''): AsyncGenerator<{ key: string; size: number }> {
    const { sdk, client } = await this.connect();
    let token: string | undefined;
    do {
      let page;
      try {
        page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }));
      } catch (err) {
        throw this.failure(err, 'list');
      }
      for (const o of page.Contents ?? []) if (o.Key !== undefined) yield { key: o.Key, size: o.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    void this.sdk?.then(
      ({ client }) => client.destroy(),
      () => undefined,
    );
  }
}
