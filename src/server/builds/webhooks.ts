import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { tenants, webhookMessages } from '../db/schema';

/**
 * Standard Webhooks (standardwebhooks.com) for the build endpoint: an external CMS signs
 * `${webhook-id}.${webhook-timestamp}.${body}` with HMAC-SHA256 under the tenant's `whsec_` secret;
 * we check the signature in constant time, refuse a timestamp more than 5 minutes off either way,
 * and refuse a message id already accepted (kept in `webhook_messages` past that window).
 */

/** How far a message's timestamp may be from our clock, either way. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
/** Accepted ids are kept longer than the tolerance: an older replay is already refused as stale. */
/** Past the tolerance both ways (±5 minutes) with a margin, so a replay at the edge of the window is still known. */
const KEEP_MESSAGE_IDS_MS = 15 * 60 * 1000;
const SECRET_PREFIX = 'whsec_';

/** The body an external CMS sends: what changed, for which tenant (its code or app code). */
export const WebhookBodySchema = z.object({
  type: z.string().trim().min(1).max(100),
  tenant: z.string().trim().min(1).max(100),
  ids: z
    .array(z.union([z.string().max(200), z.number()]))
    .max(1000)
    .default([]),
});
export type WebhookBody = z.infer<typeof WebhookBodySchema>;

/** A new secret: `whsec_` + base64 of 24 random bytes, as Standard Webhooks libraries make them. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The HMAC key of a secret: the base64 after `whsec_` (a secret without the prefix is taken whole). */
function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** The `webhook-signature` value (`v1,<base64>`) of a message; for our own emitter and tests. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/** The three headers of a signed message, ready to send. */
export function webhookHeaders(secret: string, id: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
  };
}

export type WebhookCheck = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'forged' };

/**
 * Checks a message's headers against the secret. `signature` may list several space-separated
 * `v1,<base64>` entries (a sender rotating secrets signs with both); one match is enough.
 */
export function verifyWebhook(
  secret: string,
  headers: { id?: string | undefined; timestamp?: string | undefined; signature?: string | undefined },
  body: string,
  now = Date.now(),
): WebhookCheck {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return { ok: false, reason: 'missing' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'forged' };
  if (Math.abs(now / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(signWebhook(secret, id, Number(timestamp), body).slice(3), 'base64');
  const matches = signature.split(' ').some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true } : { ok: false, reason: 'forged' };
}

/** When this process last pruned `webhook_messages`: at most once a minute, off the request's path. */
let prunedAt = 0;

/**
 * Records a message id as accepted; false when it already was (a replay). Every minute or so it
 * also drops ids older than the replay window.
 */
export async function acceptMessageId(db: Db, id: string, tenant: string): Promise<boolean> {
  // Ids are a sender's own: two tenants' CMSs may use the same one, so each tenant's are apart.
  const inserted = await db
    .insert(webhookMessages)
    .values({ id: messageKey(tenant, id), tenant })
    .onConflictDoNothing()
    .returning({ id: webhookMessages.id });
  if (Date.now() - prunedAt > 60_000) {
    prunedAt = Date.now();
    const before = new Date(Date.now() - KEEP_MESSAGE_IDS_MS);
    await db
      .delete(webhookMessages)
      .where(lt(webhookMessages.receivedAt, before))
      .catch((error: unknown) => console.error('[builds] id webhook lama tidak dapat dihapus:', error));
  }
  return inserted.length > 0;
}

/** Forgets an accepted id, when what it asked for could not be queued, so the sender's retry is not a "replay". */
export async function forgetMessageId(db: Db, id: string, tenant: string): Promise<void> {
  await db.delete(webhookMessages).where(eq(webhookMessages.id, messageKey(tenant, id)));
}

const messageKey = (tenant: string, id: string) => `${tenant}\n${id}`;

/**
 * The tenant's webhook secret; one is made and stored first when it has none (a tenant added without
 * the seed), unless `create` is false (the webhook itself: nobody can know a secret made there).
 */
export async function webhookSecretOf(db: Db, lmsId: string, options: { create?: boolean } = {}): Promise<string | undefined> {
  const [row] = await db.select({ secret: tenants.webhookSecret }).from(tenants).where(eq(tenants.lmsId, lmsId));
  if (!row || row.secret || options.create === false) return row?.secret ?? undefined;
  // Two callers at once: the first stored secret wins and both answer with it.
  const [stored] = await db
    .update(tenants)
    .set({ webhookSecret: sql`coalesce(${tenants.webhookSecret}, ${newWebhookSecret()})` })
    .where(eq(tenants.lmsId, lmsId))
    .returning({ secret: tenants.webhookSecret });
  return stored?.secret ?? undefined;
}
