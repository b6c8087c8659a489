import { createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { APP_TOKEN_FORMAT, type AppScope, type TokenPair } from '~/contract/authorizer';
import { APP_TOKEN_LIFETIME_SECONDS } from '~/contract/common';
import type { Db } from '../db/client';
import { appTokens } from '../db/schema';
import { hashSecret } from './hash';
import { type KeyRing, tenantClientKeys } from './keys';
import type { TenantDirectory, TenantRecord } from './tenants';

/** How far a client clock may run ahead of the server's. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface VerifiedAppToken {
  tenant: TenantRecord;
  scopes: AppScope[];
  expiresAt: Date;
}

export type AppTokenCheck = { ok: true; token: VerifiedAppToken } | { ok: false; message: string };

/**
 * Issues and verifies app tokens. The encrypted wire token is trusted only when the token inside
 * it matches a live issuance record of the tenant named by its prefix, and its timestamp falls
 * inside that record's life: AES-CTR has no integrity of its own, the record supplies it.
 */
export class AppTokens {
  readonly #cipherKeys = new Map<string, Buffer>();

  constructor(
    private readonly db: Db,
    private readonly keys: KeyRing,
    private readonly directory: TenantDirectory,
  ) {}

  /** Records a new token for the tenant and returns the pair the client wraps (SPEC §7). */
  async issue(tenant: TenantRecord, clientId: string, scopes: AppScope[], origin: string, now = new Date()): Promise<TokenPair> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + APP_TOKEN_LIFETIME_SECONDS * 1000);
    // Expired records of this tenant are swept as new ones are issued, so the table stays small.
    await this.db.delete(appTokens).where(and(eq(appTokens.lmsId, tenant.lmsId), lt(appTokens.expiresAt, now)));
    await this.db.insert(appTokens).values({
      tokenHash: hashSecret(token),
      lmsId: tenant.lmsId,
      clientId,
      scopes: [...new Set(scopes)],
      origin,
      issuedAt: now,
      expiresAt,
    });
    return { token, code: tenant.appCode, expiresAt: expiresAt.toISOString() };
  }

  /** Checks a wire app token; every refusal has the same public message, the reason stays in the result. */
  async verify(wire: string, now = new Date()): Promise<AppTokenCheck> {
    const refuse = (reason: string): AppTokenCheck => ({ ok: false, message: reason });
    const dot = wire.indexOf(APP_TOKEN_FORMAT.separator);
    if (dot < 1 || wire.length > 512) return refuse('format');
    const tenant = await this.directory.byAppCode(wire.slice(0, dot));
    if (!tenant) return refuse('unknown code');

    const sealed = Buffer.from(wire.slice(dot + 1), 'base64url');
    if (sealed.length <= APP_TOKEN_FORMAT.counterBytes) return refuse('short');
    const decipher = createDecipheriv('aes-256-ctr', this.#cipherKey(tenant), sealed.subarray(0, APP_TOKEN_FORMAT.counterBytes));
    const payload = Buffer.concat([decipher.update(sealed.subarray(APP_TOKEN_FORMAT.counterBytes)), decipher.final()]).toString('latin1');
    // A wrong key or a tampered ciphertext decrypts to bytes that do not have this shape.
    const match = APP_TOKEN_FORMAT.payload.exec(payload);
    if (!match?.[1] || !match[2]) return refuse('payload');
    const timestamp = Number(match[1]);
    if (timestamp > now.getTime() + CLOCK_SKEW_MS) return refuse('future timestamp');

    const [record] = await this.db
      .select()
      .from(appTokens)
      .where(eq(appTokens.tokenHash, hashSecret(match[2])))
      .limit(1);
    if (!record || record.lmsId !== tenant.lmsId) return refuse('no record for this tenant');
    if (record.revokedAt || record.expiresAt.getTime() <= now.getTime()) return refuse('expired');
    if (timestamp < record.issuedAt.getTime() - CLOCK_SKEW_MS || timestamp > record.expiresAt.getTime())
      return refuse('timestamp outside issuance');
    return { ok: true, token: { tenant, scopes: record.scopes as AppScope[], expiresAt: record.expiresAt } };
  }

  #cipherKey(tenant: TenantRecord): Buffer {
    let key = this.#cipherKeys.get(tenant.lmsId);
    if (!key) {
      key = Buffer.from(tenantClientKeys(this.keys, tenant).cipherKey, 'hex');
      this.#cipherKeys.set(tenant.lmsId, key);
    }
    return key;
  }
}
