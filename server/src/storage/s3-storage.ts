import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FileStorage } from './file-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** Key prefix inside the bucket (e.g. 'gmao/'), so that one bucket can serve several deployments. */
  prefix?: string;
  region?: string;
  /** An S3-compatible endpoint (MinIO, Ceph, OVH, Scaleway…); unset = AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (http://host/bucket/key), which most S3-compatible servers need. */
  forcePathStyle?: boolean;
}

/** Uploads are ≤ 10 MB (attachment limit): buffered, then sent with their length in one PUT. */
async function readAll(data: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of data) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey || err instanceof NotFound || (err as { name?: string })?.name === 'NoSuchKey';

/**
 * Files in an S3-compatible bucket, so that several app instances share uploads without a shared disk
 * (README "Plusieurs instances"). Same contract as the local disk store.
 */
export function s3Storage(opts: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: opts.region ?? 'us-east-1',
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle ?? !!opts.endpoint,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: many S3-compatible servers reject the newer default headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (key: string) => {
    if (key.split('/').some((part) => part === '..' || part === '')) throw new Error(`invalid storage key ${key}`);
    return `${opts.prefix ?? ''}${key}`;
  };
  return {
    async save(key, data) {
      const body = await readAll(data);
      await client.send(
        new PutObjectCommand({ Bucket: opts.bucket, Key: keyOf(key), Body: body, ContentLength: body.length }),
      );
      return body.length;
    },
    async open(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: keyOf(key) }));
        const object = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: keyOf(key) }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, size: Number(head.ContentLength ?? 0) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        await client.send(
          new DeleteObjectsCommand({
            Bucket: opts.bucket,
            Delete: { Objects: batch.map((k) => ({ Key: keyOf(k) })), Quiet: true },
          }),
        );
      }
    },
    async list() {
      const prefix = opts.prefix ?? '';
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: opts.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key.slice(prefix.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
  };
}
