import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { RegisterRequest } from '~/contract/auth';
import { type ApiClient, createApiClient, generateToken, produceAppToken, register } from '~/lib/api';
import { createInvoice, paymentDetail, paymentStatus } from '~/lib/api/payments';
import { loadTenant } from '~/lib/tenant/load';
import { loadConfig } from '~/server/config';
import { lockDataDir } from '~/server/db/pglite-lock';
import { siteApiConfig } from '~/server/sites/site-api-config';
import { bundleForNode } from '../../scripts/lib/load-ts.mjs';
import { signUpForm } from '../server/support/identity';
import { type DbKind, dbKinds } from '../server/support/platform';
import { eventually, type ServerProcess, startServer } from './support/server-process';
import { throwawayDatabase } from './support/throwaway';

/*
 * A server that dies while it settles a payment. PAYMENT_CRASH_POINT=settle makes the
 * production server (its bundle, as `npm start` runs it) SIGKILL itself inside the settling
 * transaction, after the enrolment, the ledger posting and the receipt are written and before the
 * commit. Whatever the database kept must be whole: the invoice still pending with none of them, or
 * paid with all of them. Restarted without the crash point, the server settles the payment exactly
 * once when the learner's return page asks for it.
 */
const root = process.cwd();
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const demo = loadTenant('tenants', 'demo');
const SECRET = 'c3'.repeat(32);
/** JS-DASAR-11: open for registration, Rp350.000 (+ PPN). */
const SLUG = 'javascript-dasar-untuk-pemula';

const work = join(root, 'node_modules/.cache', `lms-int-payment-crash-${process.pid}`);
const bundle = join(work, 'dist/_server/main.mjs');

beforeAll(async () => {
  // Bundled from the sources under test into a folder of this file's own: the project's dist/ may be older.
  const out = join(work, 'dist/_server');
  mkdirSync(out, { recursive: true });
  await bundleForNode('src/server/main.ts', bundle);
  await bundleForNode('src/server/sites/render-worker.ts', join(out, 'render-worker.mjs'));
  cpSync(join(root, 'src/server/db/migrations'), join(out, 'migrations'), { recursive: true });
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What the database holds about one invoice and the books, read straight from the database. */
interface Facts {
  status: string;
  enrolments: number;
  postings: number;
  receipts: number;
  paidEvents: number;
  ledgerSum: number;
  unbalanced: number;
}

const FACTS = `
  select i.status,
    (select count(*) from enrolments e where e.class_id = i.class_id and e.user_id = i.user_id)::int as enrolments,
    (select count(*) from ledger_transactions t where t.invoice_id = i.id and t.kind = 'class-payment')::int as postings,
    (select count(*) from mail_outbox m where m.kind = 'payment-receipt' and $2 = any(m.recipients))::int as receipts,
    (select count(*) from invoice_events v where v.invoice_id = i.id and v.to_status = 'paid')::int as "paidEvents",
    (select coalesce(sum(amount), 0) from ledger_entries)::int as "ledgerSum",
    (select count(*) from (select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0) u)::int as unbalanced
  from invoices i where i.merchant_order_id = $1`;

/** Either nothing of the payment or all of it: never an enrolment or a posting without the other. */
function expectWhole(facts: Facts) {
  expect({ ledgerSum: facts.ledgerSum, unbalanced: facts.unbalanced }).toEqual({ ledgerSum: 0, unbalanced: 0 });
  if (facts.status === 'paid') expect(facts).toMatchObject({ enrolments: 1, postings: 1, receipts: 1, paidEvents: 1 });
  else expect(facts).toMatchObject({ status: 'pending', enrolments: 0, postings: 0, receipts: 0, paidEvents: 0 });
}

describe.each(await dbKinds())('a server killed while it settles a payment, on %s', (kind: DbKind) => {
  const dataDir = join(work, `data-${kind}`);
  let database: Awaited<ReturnType<typeof throwawayDatabase>> | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    mkdirSync(dataDir, { recursive: true });
    if (kind === 'postgres') database = await throwawayDatabase(adminUrl, 'lms_int_paycrash');
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const env = (crash: boolean): Record<string, string | undefined> => ({
    DATA_DIR: dataDir,
    DIST_DIR: join(work, `dist-${kind}`),
    DATABASE_URL: database?.url,
    PGLITE_DIR: undefined,
    APP_TOKEN_SECRET: SECRET,
    DEFAULT_TENANT: demo.code,
    SEED_DEMO_USERS: 'true',
    PAYMENT_GATEWAY: 'simulator',
    PAYMENT_CALLBACK_ORIGIN: undefined,
    PAYMENT_CRASH_POINT: crash ? 'settle' : undefined,
    GATEWAY_SIM_BACKOFF_MS: '100,200,400,800,1600',
    GATEWAY_SIM_POLL_MS: '100',
    SMTP_URL: undefined,
    ACCESS_LOG: '0',
    REDIS_URL: undefined,
    LMS_ENV: undefined,
    NODE_ENV: undefined,
  });

  /** Reads the facts with the server stopped (PGlite allows one process a folder) or beside it (PostgreSQL). */
  async function facts(merchantOrderId: string, email: string): Promise<Facts> {
    if (database) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<Facts>(FACTS, [merchantOrderId, email]);
        if (!rows[0]) throw new Error(`no invoice ${merchantOrderId}`);
        return rows[0];
      } finally {
        await client.end();
      }
    }
    const folder = join(dataDir, 'pglite');
    const unlock = lockDataDir(folder);
    const db = await PGlite.create(folder);
    try {
      const { rows } = await db.query<Facts>(FACTS, [merchantOrderId, email]);
      if (!rows[0]) throw new Error(`no invoice ${merchantOrderId}`);
      return rows[0];
    } finally {
      await db.close();
      unlock();
    }
  }

  /** The API as the demo site's browser uses it, signed in as a fresh learner. */
  async function learner(base: string, email: string): Promise<ApiClient> {
    const config = siteApiConfig(demo, loadConfig({ APP_TOKEN_SECRET: SECRET, DATA_DIR: dataDir }));
    const bases = Object.fromEntries(Object.entries(config.bases).map(([name, path]) => [name, `${base}${path}`]));
    const browserLike: typeof fetch = (input, init) =>
      fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), Origin: base } });
    const client = createApiClient({ bases, fetch: browserLike });
    const pair = await generateToken(client, { id: config.clientId, secret: config.clientSecret, scopes: ['read', 'write'] });
    client.setCredentials({ appToken: await produceAppToken(pair, config.cipherKey), lmsId: demo.lmsId });
    const session = await register(client, signUpForm(email) as RegisterRequest);
    client.setCredentials({ accessToken: session.accessToken });
    return client;
  }

  it('keeps the payment whole, and settles it exactly once after the restart', async () => {
    onTestFailed(() => console.log(server?.tail(80)));
    server = await startServer(bundle, env(true));
    const port = Number(new URL(server.base).port);
    const email = `crash-${kind}@contoh.id`;
    const client = await learner(server.base, email);
    const invoice = await createInvoice(client, SLUG);
    expect(invoice).toMatchObject({ status: 'pending', total: 388_500 });

    // The learner pays; the gateway's callback reaches the server, which dies settling it.
    const exited = new Promise<NodeJS.Signals | null>((done) => server?.child.once('exit', (_code, signal) => done(signal)));
    const paid = await fetch(invoice.paymentUrl as string, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    }).catch((error: unknown) => error);
    if (paid instanceof Response) expect(paid.status).toBe(303);
    const signal = await Promise.race([exited, new Promise((done) => setTimeout(() => done('still running'), 20_000))]);
    expect(signal).toBe('SIGKILL');

    const afterCrash = await facts(invoice.merchantOrderId, email);
    expectWhole(afterCrash);
    // The kill came before the commit: nothing of the settlement was kept.
    expect(afterCrash.status).toBe('pending');

    server = await startServer(bundle, env(false), port);
    // A read of the order's state changes nothing.
    expect(await paymentStatus(client, invoice.merchantOrderId)).toMatchObject({ status: 'pending' });
    // The return page asks for the invoice: the gateway says paid, and this time it holds.
    const detail = await eventually(
      'the invoice is paid after the restart',
      async () => {
        const answer = await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId });
        return answer?.status === 'paid' ? answer : undefined;
      },
      { timeoutMs: 20_000, everyMs: 200, describe: () => server?.tail() ?? '' },
    );
    expect(detail).toMatchObject({ status: 'paid', enrolled: true, paymentUrl: null });
    expect(await paymentDetail(client, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({ status: 'paid' });

    if (kind === 'pglite') await server.stop();
    const settled = await facts(invoice.merchantOrderId, email);
    expectWhole(settled);
    expect(settled).toMatchObject({ status: 'paid', enrolments: 1, postings: 1, receipts: 1, paidEvents: 1 });
  }, 240_000);
});
