import { createHash, randomBytes } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { paymentAccounts, tenants } from '../db/schema';
import { fail } from '../platform/errors';
import type { MerchantAccount, PaymentGateway } from './gateway';

/** What the payments service is built from (`ApiDeps.payments`). */
export interface PaymentsDeps {
  gateway: PaymentGateway;
  /** The gateway's base URL for tenants whose account names none (DUITKU_BASE_URL, or the embedded simulator's). */
  gatewayBaseUrl(): string | undefined;
  /** The public origin the gateway posts callbacks to (PAYMENT_CALLBACK_ORIGIN, else this server's). */
  callbackOrigin(): string | undefined;
  /**
   * A test's crash point (PAYMENT_CRASH_POINT=settle): the process kills itself inside the settling
   * transaction, after every write and before the commit. Never set outside the crash test.
   */
  crashPoint?: string | undefined;
}

/** A tenant's merchant account and money rules. */
export interface TenantPaymentAccount extends MerchantAccount {
  mentorShareBps: number;
  expiryMinutes: number;
}

/** The tenant's account at the gateway; 503 when the tenant has none or no gateway URL is known. */
export async function paymentAccountOf(db: Db | Tx, deps: PaymentsDeps, lmsId: string): Promise<TenantPaymentAccount> {
  const [row] = await (db as Db).select().from(paymentAccounts).where(eq(paymentAccounts.lmsId, lmsId));
  const baseUrl = row?.baseUrl ?? deps.gatewayBaseUrl();
  if (!row || !baseUrl) throw fail('paymentsUnavailable');
  return {
    merchantCode: row.merchantCode,
    apiKey: row.apiKey,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    mentorShareBps: row.mentorShareBps,
    expiryMinutes: row.expiryMinutes,
  };
}

/**
 * The embedded default: every tenant without a merchant account gets one (a merchant code and a fresh
 * API key), and every account that uses the deployment's gateway is registered with the simulator
 * through `register` (an upsert), so merchant and "gateway" share each key. Safe to run in every
 * process at every start. Only for the simulator: a real gateway's accounts are the provider's.
 */
export async function ensureSimulatorAccounts(
  db: Db,
  register: (merchant: { merchantCode: string; apiKey: string; name: string }) => Promise<void>,
): Promise<number> {
  const all = await db.select({ lmsId: tenants.lmsId, code: tenants.code }).from(tenants);
  if (!all.length) return 0;
  const added = await db
    .insert(paymentAccounts)
    .values(
      all.map((tenant) => ({
        lmsId: tenant.lmsId,
        // Readable and unique: the tenant's code cut short, and a hash of the whole code.
        merchantCode: `SIM${tenant.code
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, '')
          .slice(0, 10)}${createHash('sha256').update(tenant.code).digest('hex').slice(0, 6).toUpperCase()}`,
        apiKey: randomBytes(16).toString('hex').toUpperCase(),
      })),
    )
    .onConflictDoNothing()
    .returning({ lmsId: paymentAccounts.lmsId });
  const accounts = await db
    .select({ merchantCode: paymentAccounts.merchantCode, apiKey: paymentAccounts.apiKey, name: tenants.title })
    .from(paymentAccounts)
    .innerJoin(tenants, eq(tenants.lmsId, paymentAccounts.lmsId))
    .where(isNull(paymentAccounts.baseUrl));
  for (const account of accounts) await register(account);
  return added.length;
}
