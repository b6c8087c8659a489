import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISC_QUESTIONNAIRE } from '~/lib/disc/questionnaire';
import { scoreDisc } from '~/lib/disc/score';
import { bookReviews, donations, userDisc } from '~/server/db/schema';
import { MAX_BODY_BYTES } from '~/server/http/limits';
import type { TenantRecord } from '~/server/platform/tenants';
import { REST_LIMITS, restRoutes } from '~/server/rest/routes';
import { otherTenantOf, SITE_ORIGIN, tenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';
import { apiKeyOf, nextAddress, postgrestOf, restFetch, restRequest } from './support/rest';
import { fromAddress } from './support/tokens';

/** A full DISC sheet: in every group the first word is 'most' and the second 'least'. */
const ANSWERS = DISC_QUESTIONNAIRE.map((_, index) => (index % 3 === 0 ? [1, 2] : [0, 3]) as [number, number]);

const review = (book: string, overrides: Record<string, unknown> = {}) => ({
  book,
  name: 'Rina Wulandari',
  rating: 5,
  comment: 'Bukunya bagus sekali, sangat menginspirasi.',
  ...overrides,
});

/** A PostgREST error body as the client returns it. */
const pgError = (code: string, message?: string | RegExp) =>
  expect.objectContaining({
    code,
    ...(message === undefined ? {} : { message: typeof message === 'string' ? message : expect.stringMatching(message) }),
  });

describe.each(await dbKinds())('hosted database REST (SPEC §7) through postgrest-js on %s', (kind) => {
  const platform = platformFor(kind);
  let tenant: TenantRecord;
  let other: TenantRecord;

  beforeAll(async () => {
    tenant = await tenantOf(platform);
    other = await otherTenantOf(platform);
  }, 60_000);

  describe('the apikey', () => {
    it('is required: 401 PGRST302 without one, as a Supabase gateway answers', async () => {
      const res = await restRequest(platform, undefined, 'book_reviews');
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
      expect(await res.json()).toEqual({
        code: 'PGRST302',
        message: 'No API key found in request',
        details: null,
        hint: expect.any(String),
      });
    });

    it('must be a key this server made for a tenant: 401 PGRST301 otherwise', async () => {
      const key = apiKeyOf(platform, tenant);
      const forged = [
        'anon',
        `${tenant.lmsId}.${'A'.repeat(43)}`,
        `${other.lmsId}.${key.split('.')[1]}`,
        apiKeyOf(platform, { lmsId: '00000000-0000-4000-8000-000000000000' }),
      ];
      for (const apiKey of forged) {
        const { status, error, data } = await postgrestOf(platform, { apiKey }).from('book_reviews').select();
        expect([status, data, error]).toEqual([401, null, pgError('PGRST301', 'Invalid API key')]);
      }
      const { status } = await postgrestOf(platform, { apiKey: key }).from('book_reviews').select();
      expect(status).toBe(200);
    });

    it("may be sent from a tenant's pages: the CORS preflight allows it, Prefer, Range and Idempotency-Key, and exposes Content-Range", async () => {
      const preflight = {
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, content-type, prefer, range',
      };
      const res = await restRequest(platform, undefined, 'book_reviews', { method: 'OPTIONS', headers: preflight });
      expect(res.status).toBe(204);
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:4321');
      expect(res.headers.get('Access-Control-Allow-Headers')?.toLowerCase().split(',')).toEqual(
        expect.arrayContaining(['apikey', 'prefer', 'range', 'content-type', 'idempotency-key']),
      );
      const get = await restRequest(platform, tenant, 'book_reviews?select=id&limit=1', { headers: { Origin: 'http://localhost:4321' } });
      expect(get.headers.get('Access-Control-Expose-Headers')).toMatch(/Content-Range/);
      expect(get.headers.get('Access-Control-Expose-Headers')).toMatch(/Idempotent-Replayed/);
      // The forms send the key too, from a site that may run on another host than its API.
      const form = await restFetch(platform)(`${SITE_ORIGIN}/api/v1/school/register`, {
        method: 'OPTIONS',
        headers: { Origin: SITE_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'idempotency-key' },
      });
      expect(form.headers.get('Access-Control-Allow-Headers')?.toLowerCase().split(',')).toContain('idempotency-key');
    });

    it('is what the site is built with (siteApiConfig.restApiKey)', async () => {
      const { siteApiConfig } = await import('~/server/sites/site-api-config');
      const { loadConfig } = await import('~/server/config');
      const config = siteApiConfig(tenant, loadConfig({ APP_TOKEN_SECRET: 'a1'.repeat(32), DATA_DIR: '/nonexistent' }));
      expect(config.restApiKey).toBe(apiKeyOf(platform, tenant));
      const other = loadConfig({ APP_TOKEN_SECRET: 'a1'.repeat(32), PUBLIC_REST_API_KEY: 'other' });
      expect(siteApiConfig(tenant, other).restApiKey).toBe('other');
    });
  });

  describe('the calls of SPEC §7, each answering 201 on insert and 200 on list', () => {
    it('POST and GET book_reviews', async () => {
      const db = postgrestOf(platform, tenant);
      const minimal = await db.from('book_reviews').insert(review('metamorfosa'));
      expect([minimal.status, minimal.data, minimal.error]).toEqual([201, null, null]);
      const created = await db
        .from('book_reviews')
        .insert(review('metamorfosa', { name: 'Budi', rating: 4 }))
        .select();
      expect(created.status).toBe(201);
      expect(created.data).toEqual([
        {
          id: expect.any(Number),
          book: 'metamorfosa',
          name: 'Budi',
          rating: 4,
          comment: review('x').comment,
          created_at: expect.any(String),
        },
      ]);
      await db.from('book_reviews').insert(review('buku-lain'));

      const list = await db.from('book_reviews').select('name,rating').eq('book', 'metamorfosa').order('id');
      expect([list.status, list.error]).toEqual([200, null]);
      expect(list.data).toEqual([
        { name: 'Rina Wulandari', rating: 5 },
        { name: 'Budi', rating: 4 },
      ]);
    });

    it('POST and GET aspirations', async () => {
      const db = postgrestOf(platform, tenant);
      const aspiration = { name: 'Dewi', city: 'Makassar', message: 'Semoga ada kelas robotika di Sulawesi.' };
      expect((await db.from('aspirations').insert(aspiration)).status).toBe(201);
      const { status, data } = await db.from('aspirations').select('name,city,message');
      expect(status).toBe(200);
      expect(data).toContainEqual(aspiration);
    });

    it('POST user_disc: the type and scores are computed from the answers; the table is not readable', async () => {
      const db = postgrestOf(platform, tenant);
      const sheet = { name: 'Andi Saputra', email: 'Andi@Contoh.id ', answers: ANSWERS };
      const { status, data } = await db.from('user_disc').insert(sheet).select().single();
      const expected = scoreDisc(ANSWERS);
      expect(status).toBe(201);
      expect(data).toEqual({
        id: expect.any(Number),
        name: 'Andi Saputra',
        email: 'andi@contoh.id',
        type: expected.type,
        score_d: expected.scores.D,
        score_i: expected.scores.I,
        score_s: expected.scores.S,
        score_c: expected.scores.C,
        created_at: expect.any(String),
      });
      const [row] = await platform.deps.db
        .select()
        .from(userDisc)
        .where(eq(userDisc.id, (data as { id: number }).id));
      expect(row).toMatchObject({ lmsId: tenant.lmsId, type: expected.type, answers: ANSWERS });

      // The sender cannot choose a type: the column is the server's (42501, as a column grant refuses it).
      const forged = await db.from('user_disc').insert({ ...sheet, type: 'D' });
      expect([forged.status, forged.error]).toEqual([401, pgError('42501', 'permission denied for table user_disc')]);
      const read = await db.from('user_disc').select('name');
      expect([read.status, read.data, read.error]).toEqual([401, null, pgError('42501', 'permission denied for table user_disc')]);
    });

    it('POST user_disc refuses a sheet that is not 24 pairs of two different words', async () => {
      const db = postgrestOf(platform, tenant);
      for (const answers of [ANSWERS.slice(1), [...ANSWERS.slice(1), [2, 2]], [...ANSWERS.slice(1), [0, 4]], 'DISC']) {
        const { status, error } = await db.from('user_disc').insert({ name: 'Andi', email: 'andi@contoh.id', answers });
        expect(status).toBe(400);
        expect(error?.message).toMatch(/^Data tidak valid: answers/);
      }
    });

    it('POST testimonies (insert-only)', async () => {
      const db = postgrestOf(platform, tenant);
      const testimony = { name: 'Pak Joko', role: 'Guru SMK', message: 'Pelatihannya praktis dan langsung terpakai di kelas.', rating: 5 };
      expect((await db.from('testimonies').insert(testimony)).status).toBe(201);
      const read = await db.from('testimonies').select();
      expect([read.status, read.error?.code]).toEqual([401, '42501']);
    });

    it('POST donations and GET donations?select=amount', async () => {
      const db = postgrestOf(platform, other);
      const pledges: Record<string, unknown>[] = [
        { name: 'Sari', amount: 50_000, message: 'Semangat!' },
        { name: 'Hamba Allah', amount: 1_250_000, anonymous: true },
        { name: 'Tono', amount: 100_000 },
      ];
      for (const pledge of pledges) expect((await db.from('donations').insert(pledge)).status).toBe(201);
      const { status, data } = await db.from('donations').select('amount');
      expect(status).toBe(200);
      expect(data).toEqual([{ amount: 50_000 }, { amount: 1_250_000 }, { amount: 100_000 }]);
    });
  });

  describe('anonymous donors', () => {
    it('read as Anonim, in filters and orders too; their own insert answers them with their name', async () => {
      const db = postgrestOf(platform, tenant);
      const mine = await db.from('donations').insert({ name: 'Ibu Ratna', amount: 2_000_000, anonymous: true }).select().single();
      expect(mine.data).toMatchObject({ name: 'Ibu Ratna', anonymous: true, amount: 2_000_000 });
      await db.from('donations').insert({ name: 'Pak Bambang', amount: 75_000, message: 'Untuk buku perpustakaan' });

      const { data } = await db.from('donations').select().order('id');
      expect(data).toEqual([
        { id: expect.any(Number), name: 'Anonim', amount: 2_000_000, message: '', created_at: expect.any(String) },
        { id: expect.any(Number), name: 'Pak Bambang', amount: 75_000, message: 'Untuk buku perpustakaan', created_at: expect.any(String) },
      ]);
      expect((await db.from('donations').select('amount').eq('name', 'Ibu Ratna')).data).toEqual([]);
      expect((await db.from('donations').select('amount').ilike('name', '*ratna*')).data).toEqual([]);
      expect((await db.from('donations').select('amount').eq('name', 'Anonim')).data).toEqual([{ amount: 2_000_000 }]);

      // The flag and the tenant are columns no one reads; a made-up one does not exist.
      for (const column of ['anonymous', 'lms_id']) {
        const res = await db.from('donations').select(column);
        expect([res.status, res.error]).toEqual([401, pgError('42501', 'permission denied for table donations')]);
        const filtered = await db.from('donations').select('amount').eq(column, true);
        expect(filtered.status).toBe(401);
      }
      const missing = await db.from('donations').select('donor');
      expect([missing.status, missing.error]).toEqual([400, pgError('42703', 'column donations.donor does not exist')]);
    });
  });

  describe('tenant isolation', () => {
    it("a key of one tenant never reads nor writes another tenant's rows", async () => {
      const mine = postgrestOf(platform, tenant);
      const theirs = postgrestOf(platform, other);
      await theirs.from('book_reviews').insert(review('rahasia-b', { name: 'Pembaca B' }));
      await mine.from('book_reviews').insert(review('rahasia-a', { name: 'Pembaca A' }));

      expect((await mine.from('book_reviews').select('name').eq('book', 'rahasia-b')).data).toEqual([]);
      expect((await theirs.from('book_reviews').select('name').in('book', ['rahasia-a', 'rahasia-b'])).data).toEqual([
        { name: 'Pembaca B' },
      ]);
      const mineAll = await mine.from('book_reviews').select('name', { count: 'exact' });
      const rows = await platform.deps.db.select().from(bookReviews).where(eq(bookReviews.lmsId, tenant.lmsId));
      expect(mineAll.count).toBe(rows.length);
      expect(mineAll.data).not.toContainEqual({ name: 'Pembaca B' });

      // The tenant is never the sender's to choose.
      const forged = await mine.from('book_reviews').insert({ ...review('rahasia-b'), lms_id: other.lmsId });
      expect([forged.status, forged.error?.code]).toEqual([401, '42501']);
      const stored = await platform.deps.db
        .select()
        .from(bookReviews)
        .where(and(eq(bookReviews.lmsId, other.lmsId), eq(bookReviews.book, 'rahasia-b')));
      expect(stored.map((row) => row.name)).toEqual(['Pembaca B']);
      const other2 = await theirs.from('donations').select('amount').eq('name', 'Ibu Ratna');
      expect(other2.data).toEqual([]);
    });
  });

  describe('limits', () => {
    it('rows per address: past 60 in ten minutes the next insert waits (429 with Retry-After, nothing stored)', async () => {
      const address = nextAddress();
      const db = postgrestOf(platform, tenant, address);
      const bulk = Array.from({ length: 50 }, (_, n) => review('kelas', { name: `Siswa ${n + 1}` }));
      expect((await db.from('book_reviews').insert(bulk)).status).toBe(201);
      for (let n = 51; n <= REST_LIMITS.rowsPerAddress.limit; n++)
        expect((await db.from('book_reviews').insert(review('kelas', { name: `Siswa ${n}` }))).status).toBe(201);
      const res = await restRequest(platform, tenant, 'book_reviews', {
        method: 'POST',
        body: JSON.stringify(review('kelas', { name: 'Siswa lebih' })),
        address,
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({
        code: 'over_request_rate_limit',
        message: expect.stringMatching(/^Terlalu banyak/),
        details: null,
        hint: null,
      });
      const stored = await platform.deps.db.select().from(bookReviews).where(eq(bookReviews.name, 'Siswa lebih'));
      expect(stored).toEqual([]);
      // Another address of the same school district is not held back, and reads go on.
      expect((await postgrestOf(platform, tenant).from('book_reviews').insert(review('kelas'))).status).toBe(201);
      expect((await db.from('book_reviews').select('id').limit(1)).status).toBe(200);
    });

    it('rows per tenant: many addresses together cannot flood one tenant; other tenants are not affected', async () => {
      const limits = { ...REST_LIMITS, rowsPerTenant: { name: 'rest-rows-tenant-test', limit: 5, windowMs: 60_000 } };
      const app = new Hono().route('/api/rest/v1', restRoutes(platform.deps, limits));
      const post = (who: TenantRecord) =>
        app.request(
          '/api/rest/v1/aspirations',
          {
            method: 'POST',
            headers: { apikey: apiKeyOf(platform, who), 'Content-Type': 'application/json' },
            body: JSON.stringify({ name: 'Warga', city: 'Bandung', message: 'Tambah kelas malam.' }),
          },
          fromAddress(nextAddress()),
        );
      for (let n = 0; n < 5; n++) expect((await post(tenant)).status).toBe(201);
      const refused = await post(tenant);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
      expect((await post(other)).status).toBe(201);
    });

    it('a body past the app-wide limit is refused before it is read (413)', async () => {
      const res = await restRequest(platform, tenant, 'aspirations', {
        method: 'POST',
        body: JSON.stringify({ name: 'X', city: 'Y', message: 'a'.repeat(MAX_BODY_BYTES) }),
      });
      expect(res.status).toBe(413);
    });

    it('answers at most 1000 rows, saying how many there are', async () => {
      const res = await restRequest(platform, tenant, 'book_reviews?select=id&limit=5000', { headers: { Prefer: 'count=exact' } });
      const total = Number(res.headers.get('Content-Range')?.split('/')[1]);
      expect(total).toBeGreaterThan(60);
      expect(((await res.json()) as unknown[]).length).toBe(Math.min(total, 1000));
    });
  });

  describe('Idempotency-Key: a double submit stores one row', () => {
    const post = (key: string | undefined, body: unknown, init: { prefer?: string; path?: string; address?: string } = {}) =>
      restRequest(platform, tenant, init.path ?? 'book_reviews', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { ...(key && { 'Idempotency-Key': key }), ...(init.prefer && { Prefer: init.prefer }) },
        ...(init.address && { address: init.address }),
      });
    const stored = (book: string) => platform.deps.db.select().from(bookReviews).where(eq(bookReviews.book, book));
    const answerOf = async (res: Response) => ({
      status: res.status,
      body: await res.text(),
      type: res.headers.get('Content-Type'),
      applied: res.headers.get('Preference-Applied'),
      range: res.headers.get('Content-Range'),
    });

    it('two requests at once with one key and body: one row, both 201 with the same answer, one marked as replayed', async () => {
      const key = crypto.randomUUID();
      const body = review('idem-serentak');
      const [first, second] = await Promise.all([
        post(key, body, { prefer: 'return=representation' }),
        post(key, body, { prefer: 'return=representation' }),
      ]);
      const [a, b] = [await answerOf(first), await answerOf(second)];
      expect(a).toEqual(b);
      expect(a).toMatchObject({ status: 201, type: 'application/json; charset=utf-8', applied: 'return=representation', range: '*/*' });
      const rows = await stored('idem-serentak');
      expect(rows).toHaveLength(1);
      expect(JSON.parse(a.body)).toEqual([expect.objectContaining({ id: rows[0]?.id, book: 'idem-serentak', name: body.name })]);
      expect([first.headers.get('Idempotent-Replayed'), second.headers.get('Idempotent-Replayed')].sort()).toEqual(['true', null].sort());

      // Later, with the keys' fields in another order, the same answer again; minimal answers replay their headers too.
      const later = await post(key, Object.fromEntries(Object.entries(body).reverse()), { prefer: 'return=representation' });
      expect([await answerOf(later), later.headers.get('Idempotent-Replayed')]).toEqual([a, 'true']);
      const minimalKey = crypto.randomUUID();
      const minimal = await answerOf(await post(minimalKey, review('idem-minimal'), { prefer: 'return=minimal, count=exact' }));
      const replay = await post(minimalKey, review('idem-minimal'), { prefer: 'return=minimal, count=exact' });
      expect(minimal).toEqual({ status: 201, body: '', type: null, applied: 'return=minimal, count=exact', range: '*/1' });
      expect([await answerOf(replay), replay.headers.get('Idempotent-Replayed')]).toEqual([minimal, 'true']);
      expect(await stored('idem-minimal')).toHaveLength(1);
      // Without a key every request inserts, as PostgREST does.
      for (let n = 0; n < 2; n++) expect((await post(undefined, review('idem-tanpa-kunci'))).status).toBe(201);
      expect(await stored('idem-tanpa-kunci')).toHaveLength(2);
    });

    it('the same key with another body or other preferences is refused (422) and stores nothing', async () => {
      const key = crypto.randomUUID();
      expect((await post(key, review('idem-kunci'))).status).toBe(201);
      for (const [body, prefer] of [
        [review('idem-kunci-lain'), undefined],
        [review('idem-kunci', { rating: 1 }), undefined],
        [review('idem-kunci'), 'return=representation'],
      ] as const) {
        const res = await post(key, body, prefer ? { prefer } : {});
        expect(res.status).toBe(422);
        expect(await res.json()).toEqual({
          code: 'idempotency_key_reused',
          message: expect.stringMatching(/^Kunci pengiriman ini sudah dipakai untuk data lain/),
          details: expect.any(String),
          hint: expect.any(String),
        });
      }
      expect(await stored('idem-kunci')).toHaveLength(1);
      expect(await stored('idem-kunci-lain')).toEqual([]);
      // A key is the tenant's and the table's own: the same key elsewhere is a new submission.
      const elsewhere = await post(key, { name: 'Warga', city: 'Bandung', message: 'Tambah kelas malam.' }, { path: 'aspirations' });
      expect([elsewhere.status, elsewhere.headers.get('Idempotent-Replayed')]).toEqual([201, null]);
    });

    it('a malformed key is refused (400 PGRST100, in Indonesian) before anything is stored', async () => {
      for (const key of ['pendek', 'a'.repeat(65), 'kunci dengan spasi 1234', 'kunci/garis/miring/1234']) {
        const res = await post(key, review('idem-rusak'));
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          code: 'PGRST100',
          message: 'Idempotency-Key tidak valid: 16–64 huruf, angka, - atau _',
          details: expect.any(String),
          hint: null,
        });
      }
      expect(await stored('idem-rusak')).toEqual([]);
    });

    it('a replay does not count against the rows per address; only real inserts do', async () => {
      const rule = { name: 'rest-rows-address-idem-test', limit: 2, windowMs: 60_000 };
      const appOf = (limit: number) =>
        new Hono().route('/api/rest/v1', restRoutes(platform.deps, { ...REST_LIMITS, rowsPerAddress: { ...rule, limit } }));
      const address = nextAddress();
      const send = (app: Hono, key: string, book: string) =>
        app.request(
          '/api/rest/v1/book_reviews',
          {
            method: 'POST',
            headers: { apikey: apiKeyOf(platform, tenant), 'Content-Type': 'application/json', 'Idempotency-Key': key },
            body: JSON.stringify(review(book)),
          },
          fromAddress(address),
        );
      const app = appOf(rule.limit);
      const key = crypto.randomUUID();
      expect((await send(app, key, 'idem-batas-1')).status).toBe(201);
      for (let n = 0; n < 5; n++) {
        const replay = await send(app, key, 'idem-batas-1');
        expect([replay.status, replay.headers.get('Idempotent-Replayed')]).toEqual([201, 'true']);
      }
      expect((await send(app, crypto.randomUUID(), 'idem-batas-2')).status).toBe(201);
      // The two inserts reached the limit: the next submission waits, and its key stays free for the retry.
      const third = crypto.randomUUID();
      expect((await send(app, third, 'idem-batas-3')).status).toBe(429);
      expect(await stored('idem-batas-1')).toHaveLength(1);
      expect(await stored('idem-batas-3')).toEqual([]);
      const retry = await send(appOf(100), third, 'idem-batas-3');
      expect([retry.status, retry.headers.get('Idempotent-Replayed')]).toEqual([201, null]);
      expect(await stored('idem-batas-3')).toHaveLength(1);
    });
  });

  describe('the protocol: ranges, counts, media types, preferences', () => {
    let third: TenantRecord;
    const get = (path: string, headers: Record<string, string> = {}) => restRequest(platform, third, path, { headers });

    beforeAll(async () => {
      third = (await platform.deps.tenants.all()).find((t) => t.lmsId !== tenant.lmsId && t.lmsId !== other.lmsId) as TenantRecord;
      const pledges = [1, 2, 3, 4, 5].map((n) => ({ name: `Donatur ${n}`, amount: n * 10_000 }));
      expect((await postgrestOf(platform, third).from('donations').insert(pledges)).status).toBe(201);
    });

    it('Content-Range: 0-4/* without a count; with count=exact 206 for part, 200 for all, */0 for none', async () => {
      const plain = await get('donations?select=amount');
      expect([plain.status, plain.headers.get('Content-Range'), plain.headers.get('Preference-Applied')]).toEqual([200, '0-4/*', null]);
      expect(plain.headers.get('Content-Type')).toBe('application/json; charset=utf-8');

      const part = await get('donations?select=amount', { Prefer: 'count=exact', Range: '0-1', 'Range-Unit': 'items' });
      expect([part.status, part.headers.get('Content-Range'), part.headers.get('Preference-Applied')]).toEqual([
        206,
        '0-1/5',
        'count=exact',
      ]);
      expect(await part.json()).toEqual([{ amount: 10_000 }, { amount: 20_000 }]);

      const all = await get('donations?select=amount&order=amount.desc', { Prefer: 'count=exact' });
      expect([all.status, all.headers.get('Content-Range')]).toEqual([200, '0-4/5']);
      const none = await get('donations?select=amount&amount=gt.1000000', { Prefer: 'count=exact' });
      expect([none.status, none.headers.get('Content-Range'), await none.json()]).toEqual([200, '*/0', []]);
      const noneUncounted = await get('donations?select=amount&amount=gt.1000000');
      expect(noneUncounted.headers.get('Content-Range')).toBe('*/*');
    });

    it('limit and offset narrow the Range header; past the end is 416 PGRST103', async () => {
      const page = await get('donations?select=amount&offset=1&limit=2', { Prefer: 'count=exact' });
      expect([page.status, page.headers.get('Content-Range'), await page.json()]).toEqual([
        206,
        '1-2/5',
        [{ amount: 20_000 }, { amount: 30_000 }],
      ]);
      const both = await get('donations?select=amount&limit=10', { Range: '3-' });
      expect(await both.json()).toEqual([{ amount: 40_000 }, { amount: 50_000 }]);

      const past = await get('donations?select=amount&offset=10', { Prefer: 'count=exact' });
      expect([past.status, past.headers.get('Content-Range')]).toEqual([416, '*/5']);
      expect(await past.json()).toEqual({
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details: 'An offset of 10 was requested, but there are only 5 rows.',
        hint: null,
      });
      const inverted = await get('donations?select=amount', { Range: '3-1' });
      expect([inverted.status, ((await inverted.json()) as { code: string }).code]).toEqual([416, 'PGRST103']);
      const negative = await get('donations?select=amount&limit=-1');
      expect(negative.status).toBe(416);
    });

    it('HEAD answers the headers of GET without a body', async () => {
      const res = await restRequest(platform, third, 'donations?select=amount', { method: 'HEAD', headers: { Prefer: 'count=exact' } });
      expect([res.status, res.headers.get('Content-Range'), await res.text()]).toEqual([200, '0-4/5', '']);
    });

    it('Accept: application/vnd.pgrst.object+json answers one object, else 406 PGRST116; other media 406 PGRST107', async () => {
      const object = 'application/vnd.pgrst.object+json';
      const one = await get('donations?select=name,amount&amount=eq.30000', { Accept: object });
      expect([one.status, one.headers.get('Content-Type'), await one.json()]).toEqual([
        200,
        `${object}; charset=utf-8`,
        { name: 'Donatur 3', amount: 30_000 },
      ]);
      const none = await get('donations?amount=eq.1', { Accept: `${object};nulls=stripped` });
      expect([none.status, await none.json()]).toEqual([
        406,
        {
          code: 'PGRST116',
          message: 'Cannot coerce the result to a single JSON object',
          details: 'The result contains 0 rows',
          hint: null,
        },
      ]);
      const csv = await get('donations', { Accept: 'text/csv' });
      expect([csv.status, await csv.json()]).toEqual([
        406,
        { code: 'PGRST107', message: 'None of these media types are available: text/csv', details: null, hint: null },
      ]);
      expect((await get('donations?select=amount&limit=1', { Accept: 'text/html, */*;q=0.1' })).status).toBe(200);
    });

    it('POST answers 201: empty with return=minimal (the default), the rows with return=representation', async () => {
      const body = JSON.stringify({ name: 'Donatur 6', amount: 60_000 });
      const post = (prefer?: string, path = 'donations') =>
        restRequest(platform, third, path, { method: 'POST', body, headers: prefer ? { Prefer: prefer } : {} });
      const plain = await post();
      expect([plain.status, await plain.text(), plain.headers.get('Preference-Applied'), plain.headers.get('Content-Range')]).toEqual([
        201,
        '',
        null,
        '*/*',
      ]);
      const minimal = await post('return=minimal, count=exact');
      expect([minimal.status, minimal.headers.get('Preference-Applied'), minimal.headers.get('Content-Range')]).toEqual([
        201,
        'return=minimal, count=exact',
        '*/1',
      ]);
      const full = await post('return=representation', 'donations?select=name,amount,anonymous');
      expect([full.status, full.headers.get('Preference-Applied'), await full.json()]).toEqual([
        201,
        'return=representation',
        [{ name: 'Donatur 6', amount: 60_000, anonymous: false }],
      ]);
      const strict = await post('handling=strict, tx=commit, bogus=1');
      expect([strict.status, ((await strict.json()) as { code: string }).code]).toEqual([400, 'PGRST122']);
      // A bad select of the representation is refused before anything is written.
      const before = await platform.deps.db.select().from(donations).where(eq(donations.lmsId, third.lmsId));
      expect((await post('return=representation', 'donations?select=lms_id')).status).toBe(401);
      expect(await platform.deps.db.select().from(donations).where(eq(donations.lmsId, third.lmsId))).toHaveLength(before.length);
    });

    it('filters: nested or/and/not trees, quoted in-lists, and a typed comparison PostgreSQL refuses (22P02)', async () => {
      const tree = await get(`donations?select=amount&or=(amount.eq.50000,and(name.like.*2,amount.not.eq.30000))&order=amount`);
      expect(await tree.json()).toEqual([{ amount: 20_000 }, { amount: 50_000 }]);
      const notOr = await get('donations?select=amount&not.or=(amount.lt.20000,amount.gt.40000)&order=amount.desc');
      expect(await notOr.json()).toEqual([{ amount: 40_000 }, { amount: 30_000 }, { amount: 20_000 }]);
      const quoted = await get(`donations?select=amount&name=in.(${encodeURIComponent('"Donatur 1","Donatur, 9"')})`);
      expect(await quoted.json()).toEqual([{ amount: 10_000 }]);
      const typed = await get('donations?amount=gt.banyak');
      expect([typed.status, ((await typed.json()) as { code: string }).code]).toEqual([400, '22P02']);
    });

    it('answers PGRST100 for what does not parse and PGRST127 for what is not implemented', async () => {
      const cases: [string, string][] = [
        ['donations?amount=sama.1', 'PGRST100'],
        ['donations?amount=1', 'PGRST100'],
        ['donations?order=amount.sideways', 'PGRST100'],
        ['donations?limit=banyak', 'PGRST100'],
        ['donations?or=(amount.eq.1', 'PGRST100'],
        ['donations?select=na-me', 'PGRST100'],
        ['donations?amount=is.maybe', 'PGRST100'],
        ['donations?select=amount::text', 'PGRST127'],
        ['donations?select=amount.sum()', 'PGRST127'],
        ['donations?select=donors(*)', 'PGRST127'],
        ['donations?amount=fts.kata', 'PGRST127'],
        ['donations?amount=eq(any).{1,2}', 'PGRST127'],
        ['donations?donors.amount=eq.1', 'PGRST127'],
      ];
      for (const [path, code] of cases) {
        const res = await get(path);
        expect([path, res.status, ((await res.json()) as { code: string }).code]).toEqual([path, 400, code]);
      }
      const root = await get('');
      expect([root.status, ((await root.json()) as { code: string }).code]).toEqual([404, 'PGRST126']);
      const deep = await get('donations/1');
      expect([deep.status, ((await deep.json()) as { code: string }).code]).toEqual([404, 'PGRST125']);
    });
  });

  describe('bad input', () => {
    const post = (table: string, body: string, headers: Record<string, string> = {}) =>
      restRequest(platform, tenant, table, { method: 'POST', body, headers: { Prefer: 'return=representation', ...headers } });

    it('stores script payloads, emoji and Indonesian letters as plain text and returns them intact', async () => {
      const texts = {
        name: 'Ñoman Putu Ayu Ṣaraswati 🙏',
        city: 'Kota Bau-Bau — “Sulawesi Tenggara”',
        message: '<script>alert("x")</script> <img src=x onerror=alert(1)>\n\'; drop table aspirations; --\nTerima kasih 🇮🇩✨ 😀 ẞ',
      };
      const res = await post('aspirations', JSON.stringify({ ...texts, name: `  ${texts.name}  ` }));
      expect(res.status).toBe(201);
      const [created] = (await res.json()) as Record<string, unknown>[];
      expect(created).toMatchObject(texts);
      const { data } = await postgrestOf(platform, tenant)
        .from('aspirations')
        .select('name,city,message')
        .eq('id', created?.id as number)
        .single();
      expect(data).toEqual(texts);
    });

    it('takes no inherited property name for a column (constructor, __proto__): 42703, never a 500', async () => {
      for (const query of ['select=constructor', 'select=__proto__', 'constructor=eq.1', 'hasOwnProperty=is.null', 'order=toString.asc']) {
        const res = await restRequest(platform, tenant, `aspirations?${query}`);
        expect([query, res.status]).toEqual([query, 400]);
        expect(((await res.json()) as { code: string }).code).toBe('42703');
      }
    });

    it('refuses empty, malformed and non-object bodies with PGRST102', async () => {
      for (const body of ['', '{', 'null', '"teks"', '42', '[1,2]', '[{"name":"a"},"b"]']) {
        const res = await post('aspirations', body);
        expect(res.status, body).toBe(400);
        expect(((await res.json()) as { code: string }).code).toBe('PGRST102');
      }
      const text = await post('aspirations', 'name=a', { 'Content-Type': 'text/plain' });
      expect(await text.json()).toMatchObject({ code: 'PGRST102', message: 'Content-Type not acceptable: text/plain' });
      const mismatch = await post('aspirations', JSON.stringify([{ name: 'a' }, { city: 'b' }]));
      expect(await mismatch.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
    });

    it('names the wrong field in Indonesian, with the SQLSTATE PostgreSQL would give', async () => {
      const cases: [string, Record<string, unknown>, string, RegExp][] = [
        ['book_reviews', { book: 'b', name: 'Rina', comment: 'Bagus sekali' }, '23502', /rating: Beri nilai 1 sampai 5 bintang/],
        ['book_reviews', review('b', { rating: '5' }), '22P02', /rating/],
        ['book_reviews', review('b', { rating: 6 }), '23514', /rating: Beri nilai 1 sampai 5 bintang/],
        // PostgreSQL reads 4.5 as no smallint at all: invalid input, not a check.
        ['book_reviews', review('b', { rating: 4.5 }), '22P02', /rating/],
        ['book_reviews', review('b', { name: 'R'.repeat(101) }), '23514', /name: Nama maksimal 100 karakter/],
        ['book_reviews', review('b', { name: '   ' }), '23514', /name: Nama minimal 2 karakter/],
        ['book_reviews', review('b', { name: 'Rina\nBaris' }), '23514', /name: Nama harus satu baris/],
        ['book_reviews', review('b', { comment: 'x'.repeat(2001) }), '23514', /comment: Komentar maksimal 2000 karakter/],
        ['aspirations', { name: 'Dewi', city: 'Solo', message: 12345 }, '22P02', /message/],
        ['testimonies', { name: 'Joko', role: 'Guru', message: 'Bagus', rating: 5 }, '23514', /message: Testimoni minimal 10 karakter/],
        ['donations', { name: 'Sari', amount: 0 }, '23514', /amount: Donasi minimal/],
        ['donations', { name: 'Sari', amount: 10_500.5 }, '22P02', /amount: Nominal harus rupiah bulat/],
        ['donations', { name: 'Sari', amount: '50000' }, '22P02', /amount/],
        ['donations', { name: 'Sari', amount: 50_000, anonymous: 'ya' }, '22P02', /anonymous/],
        ['donations', { name: 'Sari', amount: 1e12 }, '23514', /amount: Nominal terlalu besar/],
      ];
      for (const [table, body, code, message] of cases) {
        const res = await post(table, JSON.stringify(body));
        expect(res.status, JSON.stringify(body)).toBe(400);
        const error = (await res.json()) as { code: string; message: string; details: string };
        expect(error.code, JSON.stringify(body)).toBe(code);
        expect(error.message).toMatch(/^Data tidak valid: /);
        expect(error.message).toMatch(message);
      }
    });

    it('refuses unknown columns (PGRST204) and tables (PGRST205 with a hint), and a NUL byte', async () => {
      const extra = await post('aspirations', JSON.stringify({ name: 'Dewi', city: 'Solo', message: 'Tambah kelas.', umur: 17 }));
      expect(await extra.json()).toEqual({
        code: 'PGRST204',
        message: "Could not find the 'umur' column of 'aspirations' in the schema cache",
        details: null,
        hint: null,
      });
      const table = await postgrestOf(platform, tenant).from('book_review').select();
      expect([table.status, table.error]).toEqual([
        404,
        {
          code: 'PGRST205',
          message: "Could not find the table 'public.book_review' in the schema cache",
          details: null,
          hint: "Perhaps you meant the table 'public.book_reviews'",
        },
      ]);
      const nul = await post('aspirations', JSON.stringify({ name: 'De\u0000wi', city: 'Solo', message: 'Tambah kelas.' }));
      expect(nul.status).toBe(400);
    });

    it('refuses writes other than inserts (42501) and unknown functions (PGRST202)', async () => {
      const db = postgrestOf(platform, tenant);
      const update = await db.from('book_reviews').update({ rating: 1 }).eq('book', 'metamorfosa');
      const remove = await db.from('book_reviews').delete().eq('book', 'metamorfosa');
      const upsert = await db.from('book_reviews').upsert(review('metamorfosa'));
      for (const res of [update, remove, upsert]) expect([res.status, res.error?.code]).toEqual([401, '42501']);
      expect((await db.from('book_reviews').select('id').eq('book', 'metamorfosa')).data?.length).toBe(2);
      const rpc = await db.rpc('hapus_semua');
      expect([rpc.status, rpc.error?.code]).toEqual([404, 'PGRST202']);
    });
  });
});
