import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type S3Connection, s3Client } from '../platform/s3';
import { type BlobStore, checkedKey } from './blob-store';

export interface S3StoreOptions extends S3Connection {
  /** A ready client (tests); otherwise one is made as the build publisher makes its own. */
  client?: S3Client;
  bucket: string;
  /** Key prefix, e.g. `uploads/` (a missing trailing slash is added). */
  prefix?: string;
}

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, R2, …), for servers behind a load balancer:
 * every process reads what any of them stored. The bucket must stay private: files are served
 * only through `GET /api/upload/{id}`, which checks who asks. A PUT is atomic in S3 itself.
 */
export function s3Store(options: S3StoreOptions): BlobStore {
  const client = options.client ?? s3Client(options);
  const Bucket = options.bucket;
  const prefix = options.prefix ? options.prefix.replace(/\/*$/, '/') : '';
  const keyOf = (key: string) => `${prefix}${checkedKey(key)}`;

  return {
    name: 's3',

    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: contentType, CacheControl: 'private, no-store' }),
      );
    },

    async get(key) {
      try {
        const { Body, ContentType } = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!Body) return undefined;
        return { bytes: Body.transformToWebStream() as ReadableStream<Uint8Array>, contentType: ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },

    close() {
      if (!options.client) client.destroy();
    },
  };
}

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}
