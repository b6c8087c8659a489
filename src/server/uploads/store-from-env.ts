import { z } from 'zod';
import type { BlobStore } from './blob-store';
import { localStore } from './local-store';
import { s3Store } from './s3-store';

/**
 * The upload store the environment asks for (empty counts as unset), named like the build
 * publisher's variables (builds/publisher.ts):
 * - `UPLOADS_S3_BUCKET`: when set, uploads go to this private bucket instead of the local folder.
 * - `UPLOADS_S3_ENDPOINT`: an S3-compatible endpoint URL (MinIO, R2, …), addressed path-style; unset means AWS S3.
 * - `UPLOADS_S3_REGION`: the bucket's region (default `AWS_REGION`, else `us-east-1`).
 * - `UPLOADS_S3_PREFIX`: a key prefix inside the bucket, e.g. `uploads/` (default none).
 * - `AWS_ACCESS_KEY_ID` + `AWS_SECRET_ACCESS_KEY`: credentials; without them the AWS SDK's own chain applies.
 * Without a bucket: files under `paths.uploadsDir` (`<DATA_DIR>/uploads`).
 */
const UploadsEnvSchema = z.object({
  UPLOADS_S3_BUCKET: z.string().optional(),
  UPLOADS_S3_ENDPOINT: z.url().optional(),
  UPLOADS_S3_REGION: z.string().optional(),
  UPLOADS_S3_PREFIX: z.string().optional(),
  AWS_REGION: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
});

/** Local by default; with `UPLOADS_S3_BUCKET`, the bucket. Throws naming a malformed variable. */
export function storeFromEnv(env: Record<string, string | undefined>, paths: { uploadsDir: string }): BlobStore {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = UploadsEnvSchema.safeParse(set);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Variabel lingkungan ${String(issue?.path[0])} tidak valid: ${issue?.message}`);
  }
  const vars = parsed.data;
  if (!vars.UPLOADS_S3_BUCKET) return localStore(paths.uploadsDir);
  return s3Store({
    bucket: vars.UPLOADS_S3_BUCKET,
    region: vars.UPLOADS_S3_REGION ?? vars.AWS_REGION ?? 'us-east-1',
    ...(vars.UPLOADS_S3_PREFIX && { prefix: vars.UPLOADS_S3_PREFIX }),
    ...(vars.UPLOADS_S3_ENDPOINT && { endpoint: vars.UPLOADS_S3_ENDPOINT, forcePathStyle: true }),
    ...(vars.AWS_ACCESS_KEY_ID &&
      vars.AWS_SECRET_ACCESS_KEY && { credentials: { accessKeyId: vars.AWS_ACCESS_KEY_ID, secretAccessKey: vars.AWS_SECRET_ACCESS_KEY } }),
  });
}
