import type { Config } from '../config';
import type { BlobStore } from './blob-store';
import { localStore } from './local-store';
import { s3Store } from './s3-store';

/**
 * The upload store the configuration asks for (`config.uploads`, from the variables named like the
 * build publisher's, src/server/config.ts):
 * - `UPLOADS_S3_BUCKET`: when set, uploads go to this private bucket instead of the local folder.
 * - `UPLOADS_S3_ENDPOINT`: an S3-compatible endpoint URL (MinIO, R2, …), addressed path-style; unset means AWS S3.
 * - `UPLOADS_S3_REGION`: the bucket's region (default `AWS_REGION`, else `us-east-1`).
 * - `UPLOADS_S3_PREFIX`: a key prefix inside the bucket, e.g. `uploads/` (default none).
 * - `AWS_ACCESS_KEY_ID` + `AWS_SECRET_ACCESS_KEY`: credentials; without them the AWS SDK's own chain applies.
 * Without a bucket: files under `settings.dir` (`<DATA_DIR>/uploads`).
 */
export function uploadStore(settings: Config['uploads']): BlobStore {
  const { s3 } = settings;
  if (!s3) return localStore(settings.dir);
  return s3Store({
    bucket: s3.bucket,
    region: s3.region,
    ...(s3.prefix && { prefix: s3.prefix }),
    ...(s3.endpoint && { endpoint: s3.endpoint, forcePathStyle: true }),
    ...(s3.credentials && { credentials: s3.credentials }),
  });
}
