import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Db, openDatabase } from '~/server/db/client';
import { gatewaySimCallbacks, gatewaySimTransactions } from '~/server/db/schema';
import { callbackSignature, createDuitkuGateway, invoiceHeaders, statusSignature, verifyCallbackSignature } from '~/server/payments/duitku';
import { type CreateInvoiceRequest, GatewayError, type MerchantAccount } from '~/server/payments/gateway';
import {
  CallbackWorker,
  createGatewaySimulator,
  type GatewaySimulator,
  queueCallbacks,
  registerSimMerchant,
} from '~/server/payments/gateway-sim';
import { adminQuery, type DbKind, dbKinds, MIGRATIONS, POSTGRES_ADMIN_URL } from './support/platform';

/*
 * The Duitku client and the embedded gateway simulator, as a merchant and a payer meet them: the
 * client calls the simulator over real HTTP, the payer clicks the simulator's page, and callbacks
 * arrive at a small receiver server of the test.
 */

/** The test vector of Duitku's documentation. */
const VECTOR = { merchantCode: 'D0001', amount: '10000', merchantOrderId: '12345', apiKey: '732B39FC61796845775D2C4FB05332AF' };
const VECTOR_SIGNATURE = '4104f20a70c933113c66c004fe25a9f1';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Polls `check` until it gives a value (not undefined/false), or fails after `ms`. */
async function waitFor<T>(check: () => T | Promise<T>, ms = 5000, what = 'condition'): Promise<Exclude<T, false | undefined>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value as Exclude<T, false | undefined>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 15));
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A node HTTP server on 127.0.0.1, any free port. */
async function listen(handler: Handler): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** Where the gateway's callbacks land: every post recorded; per order, the statuses to answer in turn (then 200). */
async function callbackReceiver() {
  const received: { fields: Record<string, string>; contentType: string; at: number }[] = [];
  const answers = new Map<string, number[]>();
  const holds = new Map<string, number>();
  const server = await listen((req, res, body) => {
    const fields = Object.fromEntries(new URLSearchParams(body));
    received.push({ fields, contentType: req.headers['content-type'] ?? '', at: Date.now() });
    const order = fields.merchantOrderId ?? '';
    const status = answers.get(order)?.shift() ?? 200;
    const answer = () => {
      res.writeHead(status, { 'Content-Type': 'text/plain' });
      res.end(status === 200 ? 'OK' : 'coba lagi nanti');
    };
    const hold = holds.get(order);
    if (hold) setTimeout(answer, hold);
    else answer();
  });
  return {
    ...server,
    callbackUrl: `${server.url}/payments/callback`,
    /** What this order's next posts are answered with. */
    answer: (order: string, statuses: number[]) => answers.set(order, [...statuses]),
    /** Answer this order's posts only after `ms`. */
    hold: (order: string, ms: number) => holds.set(order, ms),
    of: (order: string) => received.filter((post) => post.fields.merchantOrderId === order),
  };
}

/** A migrated, empty database of the given kind. */
async function openSimDatabase(kind: DbKind): Promise<{ db: Db; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://', migrationsFolder: MIGRATIONS });
    return { db: database.db, close: () => database.close() };
  }
  const name = `lms_duitku_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ url: url.href, dataDir: 'unused', migrationsFolder: MIGRATIONS });
  } catch (error) {
    await adminQuery(`drop database if exists ${name} with (force)`);
    throw error;
  }
  return {
    db: database.db,
    close: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

describe('Duitku signatures', () => {
  it('signs a callback as the documentation does', () => {
    const { merchantCode, amount, merchantOrderId, apiKey } = VECTOR;
    expect(callbackSignature(merchantCode, amount, merchantOrderId, apiKey)).toBe(VECTOR_SIGNATURE);
    expect(callbackSignature(merchantCode, 10000, merchantOrderId, apiKey)).toBe(VECTOR_SIGNATURE);
    expect(verifyCallbackSignature({ merchantCode, amount, merchantOrderId, signature: VECTOR_SIGNATURE }, apiKey)).toBe(true);
    expect(verifyCallbackSignature({ merchantCode, amount, merchantOrderId, signature: VECTOR_SIGNATURE.toUpperCase() }, apiKey)).toBe(
      true,
    );
  });

  it('signs transactionStatus with md5 and createInvoice with sha256 in headers', () => {
    expect(statusSignature('D0001', '12345', VECTOR.apiKey)).toBe(md5(`D000112345${VECTOR.apiKey}`));
    expect(invoiceHeaders('D0001', VECTOR.apiKey, 1_700_000_000_123)).toEqual({
      'x-duitku-signature': sha256(`D00011700000000123${VECTOR.apiKey}`),
      'x-duitku-timestamp': '1700000000123',
      'x-duitku-merchantcode': 'D0001',
    });
  });

  it('refuses forged, altered, missing and malformed signatures without throwing', () => {
    const { merchantCode, amount, merchantOrderId, apiKey } = VECTOR;
    const fields = { merchantCode, amount, merchantOrderId, signature: VECTOR_SIGNATURE };
    const refused: Record<string, unknown>[] = [
      { ...fields, signature: md5(`${merchantCode}${amount}${merchantOrderId}another-key`) },
      { ...fields, amount: '100000' },
      { ...fields, merchantOrderId: '12346' },
      { ...fields, merchantCode: 'D0002' },
      { merchantCode, amount, merchantOrderId },
      { ...fields, signature: '' },
      { ...fields, signature: VECTOR_SIGNATURE.slice(0, 31) },
      { ...fields, signature: `${VECTOR_SIGNATURE}0` },
      { ...fields, signature: `${VECTOR_SIGNATURE.slice(0, 31)}z` },
      { ...fields, signature: 'ä'.repeat(32) },
      { ...fields, signature: sha256('anything') },
      { signature: VECTOR_SIGNATURE },
      { ...fields, signature: [VECTOR_SIGNATURE] },
      { ...fields, amount: 10000 },
      { ...fields, signature: new Blob([VECTOR_SIGNATURE]) },
    ];
    for (const forged of refused) expect(verifyCallbackSignature(forged, apiKey), JSON.stringify(forged)).toBe(false);
    expect(verifyCallbackSignature(fields, '')).toBe(false);
    expect(verifyCallbackSignature(fields, 'another-key')).toBe(false);
  });
});

describe('Duitku client against a misbehaving gateway', () => {
  const KEY = 'SECRET-KEY-0123456789ABCDEF';
  let server: Awaited<ReturnType<typeof listen>>;
  let reply: Handler = (_req, res) => res.end();
  const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  beforeAll(async () => {
    server = await listen((req, res, body) => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      reply(req, res, body);
    });
  });
  afterAll(() => server?.close());

  const account = (): MerchantAccount => ({ merchantCode: 'DXXXX', apiKey: KEY, baseUrl: `${server.url}/gw/` });
  const json =
    (status: number, body: unknown, type = 'application/json'): Handler =>
    (_req, res) => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
  const request: CreateInvoiceRequest = {
    merchantOrderId: 'INV-1',
    paymentAmount: 111_000,
    productDetails: 'Kelas',
    email: 'a@b.example',
    customerName: 'Budi',
    itemDetails: [{ name: 'Kelas', price: 111_000, quantity: 1 }],
    callbackUrl: 'https://example.com/cb',
    returnUrl: 'https://example.com/ret',
    expiryPeriod: 60,
  };
  /** The GatewayError a call ends with; the API key never appears in it. */
  const failure = async (call: Promise<unknown>): Promise<GatewayError> => {
    const error = await call.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).message).not.toContain(KEY);
    return error as GatewayError;
  };

  it('sends the signed createInvoice and transactionStatus Duitku expects', async () => {
    const gateway = createDuitkuGateway({ now: () => 1_700_000_000_000 });
    reply = json(200, {
      merchantCode: 'DXXXX',
      reference: 'DXXXXABC',
      paymentUrl: 'https://pay.example/x',
      statusCode: '00',
      statusMessage: 'SUCCESS',
    });
    await expect(gateway.createInvoice(account(), request)).resolves.toEqual({
      reference: 'DXXXXABC',
      paymentUrl: 'https://pay.example/x',
    });
    const created = seen.at(-1);
    expect(created?.url).toBe('/gw/api/merchant/createInvoice');
    expect(created?.headers['x-duitku-signature']).toBe(sha256(`DXXXX1700000000000${KEY}`));
    expect(created?.headers['x-duitku-timestamp']).toBe('1700000000000');
    expect(created?.headers['x-duitku-merchantcode']).toBe('DXXXX');
    expect(JSON.parse(created?.body ?? '{}')).toMatchObject({
      paymentAmount: 111_000,
      merchantOrderId: 'INV-1',
      customerVaName: 'Budi',
      itemDetails: request.itemDetails,
      expiryPeriod: 60,
    });

    reply = json(200, {
      merchantOrderId: 'INV-1',
      reference: 'DXXXXABC',
      amount: '111000.00',
      fee: '4000.50',
      statusCode: '00',
      statusMessage: 'SUCCESS',
    });
    await expect(gateway.transactionStatus(account(), 'INV-1')).resolves.toEqual({
      merchantOrderId: 'INV-1',
      reference: 'DXXXXABC',
      statusCode: '00',
      statusMessage: 'SUCCESS',
      amount: 111_000,
      fee: 4001,
    });
    const asked = seen.at(-1);
    expect(asked?.url).toBe('/gw/api/merchant/transactionStatus');
    expect(JSON.parse(asked?.body ?? '{}')).toEqual({
      merchantCode: 'DXXXX',
      merchantOrderId: 'INV-1',
      signature: md5(`DXXXXINV-1${KEY}`),
    });
  });

  it('maps 5xx to retryable and 4xx to final errors with the gateway message', async () => {
    const gateway = createDuitkuGateway();
    reply = json(500, { Message: 'Internal error' });
    let error = await failure(gateway.createInvoice(account(), request));
    expect({ retryable: error.retryable, status: error.status }).toEqual({ retryable: true, status: 500 });
    reply = json(503, '<html>Service Unavailable</html>', 'text/html');
    error = await failure(gateway.transactionStatus(account(), 'INV-1'));
    expect({ retryable: error.retryable, status: error.status }).toEqual({ retryable: true, status: 503 });
    reply = json(400, { Message: 'Minimum Payment 10000 IDR' });
    error = await failure(gateway.createInvoice(account(), request));
    expect({ retryable: error.retryable, status: error.status, message: error.message }).toEqual({
      retryable: false,
      status: 400,
      message: 'Minimum Payment 10000 IDR',
    });
    reply = json(401, 'Unauthorized', 'text/plain');
    error = await failure(gateway.transactionStatus(account(), 'INV-1'));
    expect({ retryable: error.retryable, status: error.status, message: error.message }).toEqual({
      retryable: false,
      status: 401,
      message: 'Unauthorized',
    });
  });

  it('maps timeouts and unreachable gateways to retryable errors', async () => {
    reply = () => {}; // never answers
    const started = Date.now();
    let error = await failure(createDuitkuGateway({ timeoutMs: 150 }).transactionStatus(account(), 'INV-1'));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('150 ms');
    expect(Date.now() - started).toBeLessThan(2000);
    const closed = await listen(() => {});
    await closed.close();
    error = await failure(createDuitkuGateway().createInvoice({ ...account(), baseUrl: closed.url }, request));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('refuses answers that do not read as the protocol', async () => {
    const gateway = createDuitkuGateway();
    const malformed: [Handler, 'createInvoice' | 'transactionStatus'][] = [
      [json(200, 'not json', 'text/html'), 'createInvoice'],
      [json(200, { statusCode: '00', paymentUrl: 'https://pay.example/x' }), 'createInvoice'],
      [json(200, { reference: 'R', paymentUrl: 'javascript:alert(1)', statusCode: '00' }), 'createInvoice'],
      [
        json(200, {
          reference: 'R',
          paymentUrl: 'https://pay.example/x',
          statusCode: '01',
          statusMessage: 'Payment channel not available',
        }),
        'createInvoice',
      ],
      [json(200, { merchantOrderId: 'INV-1', reference: 'R', amount: '111000.50', fee: '0', statusCode: '00' }), 'transactionStatus'],
      [json(200, { merchantOrderId: 'INV-1', reference: 'R', amount: 'sepuluh', fee: '0', statusCode: '00' }), 'transactionStatus'],
      [json(200, { merchantOrderId: 'INV-1', reference: 'R', amount: '111000', fee: '0', statusCode: '03' }), 'transactionStatus'],
      [json(200, { merchantOrderId: 'INV-2', reference: 'R', amount: '111000', fee: '0', statusCode: '00' }), 'transactionStatus'],
      [json(302, ''), 'transactionStatus'],
    ];
    for (const [handler, call] of malformed) {
      reply = handler;
      const error = await failure(
        call === 'createInvoice' ? gateway.createInvoice(account(), request) : gateway.transactionStatus(account(), 'INV-1'),
      );
      expect(error.retryable).toBe(false);
    }
  });
});

describe.each(await dbKinds())('Duitku simulator on %s', (kind) => {
  const MERCHANT = { merchantCode: 'D0001', apiKey: VECTOR.apiKey, name: 'Nusantara Learning' };
  let database: { db: Db; close: () => Promise<void> };
  let sim: GatewaySimulator;
  let simServer: ReturnType<typeof createAdaptorServer>;
  let simOrigin: string;
  let receiver: Awaited<ReturnType<typeof callbackReceiver>>;
  const logs: string[] = [];
  const gateway = createDuitkuGateway({ timeoutMs: 5000 });

  beforeAll(async () => {
    database = await openSimDatabase(kind);
    await registerSimMerchant(database.db, { ...MERCHANT, apiKey: 'old-key' });
    await registerSimMerchant(database.db, MERCHANT);
    await registerSimMerchant(database.db, { merchantCode: 'D0002', apiKey: 'OTHER-KEY', name: 'Toko Lain' });
    receiver = await callbackReceiver();
    sim = createGatewaySimulator({ db: database.db, callbackBackoffMs: [50, 50, 50], pollMs: 200, log: (line) => logs.push(line) });
    sim.worker.start();
    // Mounted as the site server mounts the API (`mount('/api', …)` strips the prefix from the URL).
    const api = new Hono().route('/sim/duitku', sim.app);
    const root = new Hono().mount('/api', api.fetch);
    simServer = createAdaptorServer({ fetch: root.fetch });
    await new Promise<void>((done) => simServer.listen(0, '127.0.0.1', done));
    simOrigin = `http://127.0.0.1:${(simServer.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await sim?.worker.stop();
    if (simServer) {
      (simServer as Server).closeAllConnections?.();
      await new Promise((done) => simServer.close(done));
    }
    await receiver?.close();
    await database?.close();
  });

  const account = (overrides: Partial<MerchantAccount> = {}): MerchantAccount => ({
    merchantCode: MERCHANT.merchantCode,
    apiKey: MERCHANT.apiKey,
    baseUrl: `${simOrigin}/api/sim/duitku`,
    ...overrides,
  });
  let orders = 0;
  const newOrder = () => `INV-${kind}-${++orders}-${randomBytes(3).toString('hex')}`;
  const RETURN_URL = 'http://demo.localhost:4321/Pembayaran?from=duitku';
  const invoice = (merchantOrderId: string, overrides: Partial<CreateInvoiceRequest> = {}): CreateInvoiceRequest => ({
    merchantOrderId,
    paymentAmount: 4_995_000,
    productDetails: 'Kelas Fullstack JavaScript <Angkatan 3>',
    email: 'siti@demo.example',
    customerName: 'Siti Rahma',
    phoneNumber: '081234567890',
    itemDetails: [
      { name: 'Kelas Fullstack JavaScript', price: 4_500_000, quantity: 1 },
      { name: 'PPN 11%', price: 495_000, quantity: 1 },
    ],
    callbackUrl: receiver.callbackUrl,
    returnUrl: RETURN_URL,
    expiryPeriod: 60,
    additionalParam: 'kelas-fullstack',
    merchantUserInfo: 'user-42',
    ...overrides,
  });
  /** The payer's click on the payment page (a same-origin form post). */
  const choose = (paymentUrl: string, action: string, headers: Record<string, string> = { Origin: simOrigin }) =>
    fetch(paymentUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({ action }).toString(),
      redirect: 'manual',
    });
  const simState = async (reference: string) => {
    const res = await fetch(`${simOrigin}/api/sim/duitku/sim/transactions/${reference}`);
    expect(res.status).toBe(200);
    return (await res.json()) as {
      transaction: { statusCode: string; statusMessage: string; fee: number; paymentCode: string };
      callbacks: {
        resultCode: string;
        attempts: number;
        lastStatus: number | null;
        deliveredAt: string | null;
        abandonedAt: string | null;
      }[];
    };
  };
  const tester = (path: string, body: unknown) =>
    fetch(`${simOrigin}/api/sim/duitku/sim/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const expectReturn = (res: Response, order: string, reference: string, resultCode: string) => {
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://demo.localhost:4321/Pembayaran');
    expect(Object.fromEntries(location.searchParams)).toEqual({ from: 'duitku', merchantOrderId: order, resultCode, reference });
  };

  it('takes a payment from invoice to signed callback', async () => {
    const order = newOrder();
    const created = await gateway.createInvoice(account(), invoice(order));
    expect(created.reference).toMatch(/^D0001[A-Z0-9]{16}$/);
    expect(created.paymentUrl).toBe(`${simOrigin}/api/sim/duitku/pay/${created.reference}`);
    expect(await gateway.transactionStatus(account(), order)).toEqual({
      merchantOrderId: order,
      reference: created.reference,
      statusCode: '01',
      statusMessage: 'PENDING',
      amount: 4_995_000,
      fee: 0,
    });

    const page = await fetch(created.paymentUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://demo.localhost:4321");
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<html lang="id">');
    expect(html).toContain('Simulator Duitku');
    expect(html).toContain('Nusantara Learning');
    expect(html).toContain(order);
    expect(html).toContain('Kelas Fullstack JavaScript &lt;Angkatan 3&gt;');
    expect(html).toContain('Rp4.995.000');
    expect(html).toMatch(/<main>[\s\S]*<h1>/);
    for (const action of ['pay', 'fail', 'expire']) expect(html).toContain(`name="action" value="${action}"`);
    expect(html).toContain('>Bayar</button>');

    expectReturn(await choose(created.paymentUrl, 'pay'), order, created.reference, '00');
    const paid = await gateway.transactionStatus(account(), order);
    expect(paid).toMatchObject({ statusCode: '00', statusMessage: 'SUCCESS', amount: 4_995_000, fee: 4000 });

    const [callback] = await waitFor(() => receiver.of(order).length === 1 && receiver.of(order), 5000, 'the callback');
    expect(callback?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(callback?.fields).toMatchObject({
      merchantCode: 'D0001',
      amount: '4995000',
      merchantOrderId: order,
      productDetail: 'Kelas Fullstack JavaScript <Angkatan 3>',
      additionalParam: 'kelas-fullstack',
      merchantUserId: 'user-42',
      paymentCode: 'VA',
      resultCode: '00',
      reference: created.reference,
    });
    expect(verifyCallbackSignature(callback?.fields ?? {}, MERCHANT.apiKey)).toBe(true);
    expect(callback?.fields.settlementDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const state = await waitFor(async () => {
      const found = await simState(created.reference);
      return found.callbacks[0]?.deliveredAt ? found : undefined;
    });
    expect(state.callbacks).toMatchObject([{ resultCode: '00', attempts: 1, lastStatus: 200, abandonedAt: null }]);

    // Paid is final: the page shows the outcome and the way back, and another click changes nothing.
    const after = await (await fetch(created.paymentUrl)).text();
    expect(after).toContain('pembayaran berhasil');
    expect(after).not.toContain('name="action"');
    expect(after).toContain(`href="${RETURN_URL}&amp;merchantOrderId=${order}&amp;resultCode=00&amp;reference=${created.reference}"`);
    const again = await choose(created.paymentUrl, 'fail');
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('tidak lagi menunggu pembayaran');
    expect((await gateway.transactionStatus(account(), order)).statusCode).toBe('00');
    await new Promise((done) => setTimeout(done, 100));
    expect(receiver.of(order)).toHaveLength(1);
  });

  it('gives payment URLs under publicUrl when one is set, over any fetch', async () => {
    const proxied = createGatewaySimulator({ db: database.db, publicUrl: 'https://lms.example/api/sim/duitku/', log: () => {} });
    const inProcess = createDuitkuGateway({ fetch: async (input, init) => proxied.app.fetch(new Request(input, init)) });
    const created = await inProcess.createInvoice(account({ baseUrl: 'http://sim.internal' }), invoice(newOrder()));
    expect(created.paymentUrl).toBe(`https://lms.example/api/sim/duitku/pay/${created.reference}`);
  });

  it('answers a repeated createInvoice with the same transaction, a changed amount with 400', async () => {
    const order = newOrder();
    const first = await gateway.createInvoice(account(), invoice(order));
    expect(await gateway.createInvoice(account(), invoice(order))).toEqual(first);
    const changed = invoice(order, { paymentAmount: 5_000_000, itemDetails: [{ name: 'Kelas', price: 5_000_000, quantity: 1 }] });
    const error = await gateway.createInvoice(account(), changed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ retryable: false, status: 400 });
    expect((error as Error).message).toContain('different paymentAmount');
  });

  it('retries a callback the merchant refuses until it answers 200', async () => {
    const order = newOrder();
    receiver.answer(order, [500, 500, 200]);
    const created = await gateway.createInvoice(account(), invoice(order));
    expectReturn(await choose(created.paymentUrl, 'pay'), order, created.reference, '00');
    const state = await waitFor(async () => {
      const found = await simState(created.reference);
      return found.callbacks[0]?.deliveredAt ? found : undefined;
    });
    expect(state.callbacks).toMatchObject([{ attempts: 3, lastStatus: 200 }]);
    await new Promise((done) => setTimeout(done, 150));
    expect(receiver.of(order)).toHaveLength(3);
    for (const post of receiver.of(order)) expect(verifyCallbackSignature(post.fields, MERCHANT.apiKey)).toBe(true);
    expect(logs.filter((line) => line.includes(order))).toHaveLength(2);
  });

  it('abandons a callback after the last wait', async () => {
    const order = newOrder();
    receiver.answer(order, [503, 500, 502, 500, 500, 500]);
    const created = await gateway.createInvoice(account(), invoice(order));
    expectReturn(await choose(created.paymentUrl, 'fail'), order, created.reference, '02');
    const state = await waitFor(async () => {
      const found = await simState(created.reference);
      return found.callbacks[0]?.abandonedAt ? found : undefined;
    });
    expect(state.callbacks).toMatchObject([{ resultCode: '02', attempts: 4, lastStatus: 500, deliveredAt: null }]);
    expect(receiver.of(order)).toHaveLength(4);
    expect(logs.filter((line) => line.includes(order)).at(-1)).toContain('percobaan habis');
    expect(await gateway.transactionStatus(account(), order)).toMatchObject({ statusCode: '02', statusMessage: 'CANCELED', fee: 0 });
  });

  it('sends duplicate, out-of-order and late callbacks on request, leaving the transaction as it is', async () => {
    const order = newOrder();
    const created = await gateway.createInvoice(account(), invoice(order));
    await choose(created.paymentUrl, 'pay');
    await waitFor(() => receiver.of(order).length === 1);

    let res = await tester('callbacks', { reference: created.reference, resultCode: '00', copies: 2 });
    expect(res.status).toBe(202);
    expect(((await res.json()) as { queued: number[] }).queued).toHaveLength(2);
    res = await tester('callbacks', { reference: created.reference, resultCode: '02' });
    expect(res.status).toBe(202);
    await waitFor(() => receiver.of(order).length === 4, 5000, 'four callbacks');
    expect(receiver.of(order).map((post) => post.fields.resultCode)).toEqual(['00', '00', '00', '02']);
    for (const post of receiver.of(order)) expect(verifyCallbackSignature(post.fields, MERCHANT.apiKey)).toBe(true);

    const asked = Date.now();
    res = await tester('callbacks', { reference: created.reference, resultCode: '01', delayMs: 400 });
    expect(res.status).toBe(202);
    const late = await waitFor(() => receiver.of(order)[4], 5000, 'the late callback');
    expect(late.fields.resultCode).toBe('01');
    expect(late.at - asked).toBeGreaterThanOrEqual(350);
    expect(await gateway.transactionStatus(account(), order)).toMatchObject({ statusCode: '00', statusMessage: 'SUCCESS' });

    for (const bad of [
      { reference: created.reference, resultCode: '03' },
      { reference: created.reference, resultCode: '00', copies: 11 },
      { reference: created.reference, resultCode: '00', delayMs: 600_001 },
    ])
      expect((await tester('callbacks', bad)).status).toBe(400);
    expect((await tester('callbacks', { reference: 'D0001NOSUCHREFERENCE', resultCode: '00' })).status).toBe(404);
  });

  it('changes the gateway state without a callback (a callback lost on the way)', async () => {
    const order = newOrder();
    const created = await gateway.createInvoice(account(), invoice(order));
    const res = await tester(`transactions/${created.reference}`, { statusCode: '00' });
    expect(res.status).toBe(200);
    expect(await gateway.transactionStatus(account(), order)).toMatchObject({ statusCode: '00', fee: 4000 });
    const state = await simState(created.reference);
    expect(state.transaction).toMatchObject({ statusCode: '00', statusMessage: 'SUCCESS', paymentCode: 'VA' });
    expect(state.callbacks).toEqual([]);
    await new Promise((done) => setTimeout(done, 100));
    expect(receiver.of(order)).toHaveLength(0);
  });

  it('lets a transaction expire, by the payer or by time, without a callback', async () => {
    const order = newOrder();
    const created = await gateway.createInvoice(account(), invoice(order));
    expectReturn(await choose(created.paymentUrl, 'expire'), order, created.reference, '02');
    expect(await gateway.transactionStatus(account(), order)).toMatchObject({ statusCode: '02', statusMessage: 'EXPIRED' });
    expect((await simState(created.reference)).callbacks).toEqual([]);

    const lapsing = newOrder();
    const other = await gateway.createInvoice(account(), invoice(lapsing, { expiryPeriod: 1 }));
    expect((await gateway.transactionStatus(account(), lapsing)).statusCode).toBe('01');
    await database.db
      .update(gatewaySimTransactions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(gatewaySimTransactions.reference, other.reference));
    expect(await gateway.transactionStatus(account(), lapsing)).toMatchObject({ statusCode: '02', statusMessage: 'EXPIRED' });
    const page = await (await fetch(other.paymentUrl)).text();
    expect(page).toContain('Batas waktu pembayaran ini sudah lewat');
    expect(page).not.toContain('name="action"');
    expect((await choose(other.paymentUrl, 'pay')).status).toBe(409);
    expect(await gateway.transactionStatus(account(), lapsing)).toMatchObject({ statusCode: '02' });
    await new Promise((done) => setTimeout(done, 100));
    expect(receiver.of(order)).toHaveLength(0);
    expect(receiver.of(lapsing)).toHaveLength(0);
  });

  it('refuses the wrong merchant, key, clock and body', async () => {
    const order = newOrder();
    const refusal = async (call: Promise<unknown>) => {
      const error = await call.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).retryable).toBe(false);
      return error as GatewayError;
    };
    expect(await refusal(gateway.createInvoice(account({ merchantCode: 'D9999' }), invoice(order)))).toMatchObject({ status: 401 });
    expect(await refusal(gateway.createInvoice(account({ apiKey: 'WRONG' }), invoice(order)))).toMatchObject({
      status: 401,
      message: 'Invalid signature',
    });
    expect(await refusal(gateway.createInvoice(account({ merchantCode: 'D0002' }), invoice(order)))).toMatchObject({ status: 401 });
    const skewed = createDuitkuGateway({ now: () => Date.now() - 6 * 60_000 });
    expect(await refusal(skewed.createInvoice(account(), invoice(order)))).toMatchObject({ status: 401 });
    const badBodies: Partial<CreateInvoiceRequest>[] = [
      { paymentAmount: 9999, itemDetails: [{ name: 'Kelas', price: 9999, quantity: 1 }] },
      { paymentAmount: 4_995_001 },
      { returnUrl: 'javascript:alert(1)' },
      { callbackUrl: 'ftp://example.com/cb' },
      { expiryPeriod: 0 },
      { expiryPeriod: 43_201 },
    ];
    for (const body of badBodies)
      expect(await refusal(gateway.createInvoice(account(), invoice(order, body))), JSON.stringify(body)).toMatchObject({ status: 400 });
    expect((await refusal(gateway.createInvoice(account(), invoice(order, badBodies[0])))).message).toContain('Minimum Payment 10000 IDR');
    // Nothing of it was created.
    expect(await refusal(gateway.transactionStatus(account(), order))).toMatchObject({ status: 400, message: 'Transaction not found' });

    const created = await gateway.createInvoice(account(), invoice(order));
    expect(created.reference).toBeTruthy();
    expect(await refusal(gateway.transactionStatus(account({ apiKey: 'WRONG' }), order))).toMatchObject({
      status: 401,
      message: 'Invalid signature',
    });
    expect(await refusal(gateway.transactionStatus(account({ merchantCode: 'D9999' }), order))).toMatchObject({ status: 401 });
    // Another merchant's own valid call does not see this merchant's order.
    expect(await refusal(gateway.transactionStatus(account({ merchantCode: 'D0002', apiKey: 'OTHER-KEY' }), order))).toMatchObject({
      status: 400,
    });
  });

  it('refuses a payer click from another site and an unknown choice or reference', async () => {
    const order = newOrder();
    const created = await gateway.createInvoice(account(), invoice(order));
    expect((await choose(created.paymentUrl, 'pay', { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await choose(created.paymentUrl, 'pay', { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await choose(created.paymentUrl, 'refund')).status).toBe(400);
    expect((await fetch(`${simOrigin}/api/sim/duitku/pay/D0001NOSUCHREFERENCE`)).status).toBe(404);
    expect((await gateway.transactionStatus(account(), order)).statusCode).toBe('01');
  });

  it('posts each callback once with several workers on one database, and stop() waits for the post under way', async () => {
    const order = newOrder();
    const created = await gateway.createInvoice(account(), invoice(order));
    const fields = { merchantCode: 'D0001', amount: '4995000', merchantOrderId: order, resultCode: '00', reference: created.reference };
    await queueCallbacks(database.db, { reference: created.reference, url: receiver.callbackUrl, fields, copies: 8 });
    const workers = [1, 2].map(() => new CallbackWorker({ db: database.db, backoffMs: [50], log: () => {} }));
    await Promise.all([...workers.map((worker) => worker.runOnce()), sim.worker.runOnce()]);
    await waitFor(() => receiver.of(order).length >= 8);
    await new Promise((done) => setTimeout(done, 100));
    expect(receiver.of(order)).toHaveLength(8);
    const rows = await database.db.select().from(gatewaySimCallbacks).where(eq(gatewaySimCallbacks.reference, created.reference));
    expect(rows.map((row) => row.attempts)).toEqual(Array(8).fill(1));

    const slow = newOrder();
    receiver.hold(slow, 300);
    const held = await gateway.createInvoice(account(), invoice(slow));
    await choose(held.paymentUrl, 'pay');
    await waitFor(() => receiver.of(slow).length === 1, 5000, 'the slow post');
    await sim.worker.stop();
    const [row] = await database.db.select().from(gatewaySimCallbacks).where(eq(gatewaySimCallbacks.reference, held.reference));
    expect(row?.deliveredAt).toBeInstanceOf(Date);
    expect(row?.lockedUntil).toBeNull();
  });
});
