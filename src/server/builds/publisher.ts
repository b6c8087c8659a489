import type { Config } from '../config';
import { localPublisher } from './local-publisher';
import { s3Publisher } from './s3-publisher';
import type { Publisher } from './types';

/**
 * The publisher the configuration asks for (`config.builds`, src/server/config.ts):
 * - `keep` (`BUILDS_KEEP`): finished builds kept for rollback besides the live one, locally and in S3 (default 3).
 * - `s3` (`PUBLISH_S3_BUCKET`): when set, builds also go to this bucket for a CDN (s3-publisher.ts has the layout).
 *   With an endpoint (`PUBLISH_S3_ENDPOINT`: MinIO, R2, …; unset means AWS S3), keys are addressed
 *   path-style (`<endpoint>/<bucket>/<key>`), which every such store accepts. Its region is
 *   `PUBLISH_S3_REGION`, else `AWS_REGION`, else `us-east-1`; `PUBLISH_S3_PREFIX` a key prefix inside
 *   the bucket; `AWS_ACCESS_KEY_ID` + `AWS_SECRET_ACCESS_KEY` its credentials (without them the AWS
 *   SDK's own chain: instance role, shared profile).
 * Local by default; with a bucket, local and then S3.
 */
export function publisherFor(settings: Pick<Config['builds'], 'keep' | 's3'>, distRoot: string): Publisher {
  const { keep, s3: bucket } = settings;
  const local = localPublisher(distRoot, { keep });
  if (!bucket) return local;
  const s3 = s3Publisher({
    bucket: bucket.bucket,
    keep,
    region: bucket.region,
    ...(bucket.prefix && { prefix: bucket.prefix }),
    ...(bucket.endpoint && { endpoint: bucket.endpoint, forcePathStyle: true }),
    ...(bucket.credentials && { credentials: bucket.credentials }),
  });
  return composite(local, [s3]);
}

/**
 * One publisher over several: `primary` (the folder the server on this machine serves) is the
 * truth for `list` and `live`; each mirror (S3 for a CDN) follows it. A publish goes to the primary
 * first, so this machine never waits on the store; a mirror that fails after that makes the
 * publish throw, saying the build is live here but not there (the next publish catches it up).
 */
export function composite(primary: Publisher, mirrors: Publisher[]): Publisher {
  return {
    name: [primary, ...mirrors].map((publisher) => publisher.name).join('+'),

    async publish(tenant, buildId, buildDir) {
      await primary.publish(tenant, buildId, buildDir);
      for (const mirror of mirrors) {
        try {
          await mirror.publish(tenant, buildId, buildDir);
        } catch (error) {
          throw new Error(`Build "${buildId}" sudah live di ${primary.name}, tetapi gagal terbit ke ${mirror.name}: ${errorText(error)}`, {
            cause: error,
          });
        }
      }
    },

    list: (tenant) => primary.list(tenant),
    live: (tenant) => primary.live(tenant),

    // The primary's list says whether the build is kept; the mirrors switch next (each refuses,
    // without writing, a build it lacks) and the primary last, so a refusal leaves this machine as it was.
    async rollback(tenant, buildId) {
      const kept = (await primary.list(tenant)).some((build) => build.id === buildId);
      if (!kept) return primary.rollback(tenant, buildId);
      for (const mirror of mirrors) await mirror.rollback(tenant, buildId);
      await primary.rollback(tenant, buildId);
    },
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
