import { z } from 'zod';
import { buildsKeep, localPublisher } from './local-publisher';
import { s3Publisher } from './s3-publisher';
import type { Publisher } from './types';

/**
 * The publisher the environment asks for. Variables (empty counts as unset):
 * - `BUILDS_KEEP`: finished builds kept for rollback besides the live one, locally and in S3 (default 3).
 * - `PUBLISH_S3_BUCKET`: when set, builds also go to this bucket for a CDN (s3-publisher.ts has the layout).
 * - `PUBLISH_S3_ENDPOINT`: an S3-compatible endpoint URL (MinIO, R2, …); unset means AWS S3. With an
 *   endpoint, keys are addressed path-style (`<endpoint>/<bucket>/<key>`), which every such store accepts.
 * - `PUBLISH_S3_REGION`: the bucket's region (default `AWS_REGION`, else `us-east-1`).
 * - `PUBLISH_S3_PREFIX`: a key prefix inside the bucket, e.g. `sites/` (default none).
 * - `AWS_ACCESS_KEY_ID` + `AWS_SECRET_ACCESS_KEY`: the bucket's credentials; without them the AWS
 *   SDK's own chain (instance role, shared profile) applies.
 */
const PublishEnvSchema = z.object({
  PUBLISH_S3_BUCKET: z.string().optional(),
  PUBLISH_S3_ENDPOINT: z.url().optional(),
  PUBLISH_S3_REGION: z.string().optional(),
  PUBLISH_S3_PREFIX: z.string().optional(),
  AWS_REGION: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
});

/** Local by default; with `PUBLISH_S3_BUCKET`, local and then S3. Throws naming a malformed variable. */
export function publisherFromEnv(env: Record<string, string | undefined>, distRoot: string): Publisher {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = PublishEnvSchema.safeParse(set);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Variabel lingkungan ${String(issue?.path[0])} tidak valid: ${issue?.message}`);
  }
  const vars = parsed.data;
  const keep = buildsKeep(set);
  const local = localPublisher(distRoot, { keep });
  if (!vars.PUBLISH_S3_BUCKET) return local;
  const s3 = s3Publisher({
    bucket: vars.PUBLISH_S3_BUCKET,
    keep,
    region: vars.PUBLISH_S3_REGION ?? vars.AWS_REGION ?? 'us-east-1',
    ...(vars.PUBLISH_S3_PREFIX && { prefix: vars.PUBLISH_S3_PREFIX }),
    ...(vars.PUBLISH_S3_ENDPOINT && { endpoint: vars.PUBLISH_S3_ENDPOINT, forcePathStyle: true }),
    ...(vars.AWS_ACCESS_KEY_ID &&
      vars.AWS_SECRET_ACCESS_KEY && { credentials: { accessKeyId: vars.AWS_ACCESS_KEY_ID, secretAccessKey: vars.AWS_SECRET_ACCESS_KEY } }),
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
