import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';

/** Where an S3-compatible store is and how to reach it (the site publisher and the upload store share it). */
export interface S3Connection {
  endpoint?: string;
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle?: boolean;
}

/** An S3 client for the options; a custom endpoint (MinIO, R2, s3rver) gets checksums only where S3 requires them, as many such stores reject the SDK's default ones. */
export function s3Client(options: S3Connection): S3Client {
  const config: S3ClientConfig = { region: options.region ?? 'us-east-1' };
  if (options.endpoint) {
    config.endpoint = options.endpoint;
    config.requestChecksumCalculation = 'WHEN_REQUIRED';
    config.responseChecksumValidation = 'WHEN_REQUIRED';
  }
  if (options.credentials) config.credentials = options.credentials;
  if (options.forcePathStyle !== undefined) config.forcePathStyle = options.forcePathStyle;
  return new S3Client(config);
}
