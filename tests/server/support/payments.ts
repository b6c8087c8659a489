import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { expect } from 'vitest';
import type { Db } from '~/server/db/client';
import { ledgerEntries } from '~/server/db/schema';
import { unbalancedTransactions } from '~/server/payments/ledger';
import type { TestPlatform } from './platform';

/**
 * Serves the platform's API over real HTTP on 127.0.0.1 (mounted at `/api` as the site server does),
 * so the Duitku client reaches the simulator and the simulator's callbacks reach the API by URL,
 * and starts the simulator's callback worker. Answers the origin and how to close it all.
 */
export async function servePayments(platform: TestPlatform): Promise<{ origin: string; close(): Promise<void> }> {
  const server = serve({ fetch: new Hono().mount('/api', platform.api.fetch).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  platform.payments.payments.setSelfOrigin(origin);
  platform.payments.simulator?.worker.start();
  return {
    origin,
    close: async () => {
      await platform.payments.simulator?.worker.stop();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The books balance: every ledger transaction, and so all entries together, sum to zero. */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  expect(await unbalancedTransactions(db)).toEqual([]);
  const [all] = await db.select({ sum: sql<string | null>`sum(${ledgerEntries.amount})` }).from(ledgerEntries);
  expect(Number(all?.sum ?? 0)).toBe(0);
}
