import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { gatewaySimMerchants } from '../../db/schema';

export type SimMerchant = typeof gatewaySimMerchants.$inferSelect;

/**
 * Tells the simulator about a merchant (its code, API key and the name its payment page shows);
 * a second call with the same code replaces key and name, so start-up can call it every time.
 */
export async function registerSimMerchant(db: Db, merchant: { merchantCode: string; apiKey: string; name: string }): Promise<void> {
  if (!merchant.merchantCode || !merchant.apiKey) throw new Error('registerSimMerchant: merchantCode dan apiKey wajib diisi');
  await db
    .insert(gatewaySimMerchants)
    .values(merchant)
    .onConflictDoUpdate({ target: gatewaySimMerchants.merchantCode, set: { apiKey: merchant.apiKey, name: merchant.name } });
}

/** The merchant with this code, if the simulator knows it. */
export async function findSimMerchant(db: Db | Tx, merchantCode: string): Promise<SimMerchant | undefined> {
  const [found] = await db.select().from(gatewaySimMerchants).where(eq(gatewaySimMerchants.merchantCode, merchantCode));
  return found;
}
