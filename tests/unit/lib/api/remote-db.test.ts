import { describe, expect, it } from 'vitest';
import { createApiClient } from '~/lib/api/client';
import {
  createAspiration,
  createBookReview,
  createDonation,
  createTestimony,
  createUserDisc,
  donationTotal,
  listAspirations,
  listBookReviews,
  listDonationAmounts,
  listDonations,
  REMOTE_DB_MESSAGES,
  REMOTE_DB_SUCCESS,
  type RemoteDb,
} from '~/lib/api/remote-db';
import { fakeFetch, json, type SeenRequest, SITE } from './fakes';

const KEY = 'lms-id.public-key';
const AT = '2027-01-15T03:00:00.000Z';
const REVIEW = { id: 7, book: 'metamorfosa', name: 'Rina', rating: 5, comment: 'Bagus sekali 🙏', created_at: AT };
const ANSWERS = Array.from({ length: 24 }, () => [0, 1] as [number, number]);

/** A remote database on a fake server answering with `answer`. */
function setup(answer: (request: SeenRequest) => Response | Promise<Response>) {
  const server = fakeFetch(answer);
  const client = createApiClient({ bases: { rest: `${SITE}/api/rest/v1/` }, fetch: server.fetch });
  const db: RemoteDb = { client, apiKey: KEY };
  return { db, requests: server.requests };
}

describe('lists (GET, SPEC §8: succeed only on 200)', () => {
  it('listBookReviews asks PostgREST for one book, newest first, with the apikey', async () => {
    const { db, requests } = setup(() => json(200, [REVIEW]));
    expect(await listBookReviews(db, 'metamorfosa')).toEqual({ status: true, message: REMOTE_DB_SUCCESS.list, data: [REVIEW] });
    const [request] = requests as [SeenRequest];
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/api/rest/v1/book_reviews');
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      select: 'id,book,name,rating,comment,created_at',
      book: 'eq.metamorfosa',
      order: 'created_at.desc',
      limit: '50',
    });
    expect(request.headers.get('apikey')).toBe(KEY);
    expect(request.headers.get('Accept')).toBe('application/json');
    expect(request.headers.get('AppToken')).toBeNull();
  });

  it('fail on any other status, even a 2xx, and on rows of another shape', async () => {
    for (const status of [206, 204]) {
      const { db } = setup(() => (status === 204 ? new Response(null, { status }) : json(status, [REVIEW])));
      expect(await listAspirations(db)).toMatchObject({ status: false, data: null, statusCode: status });
    }
    const { db } = setup(() => json(200, [{ ...REVIEW, rating: 'lima' }]));
    expect(await listBookReviews(db, 'metamorfosa')).toEqual({
      status: false,
      message: REMOTE_DB_MESSAGES.unexpected,
      data: null,
      statusCode: 200,
    });
  });

  it('listDonations reads the public columns; listDonationAmounts pages through select=amount; donationTotal sums it', async () => {
    const donation = { id: 1, name: 'Anonim', amount: 50_000, message: '', created_at: AT };
    expect((await listDonations(setup(() => json(200, [donation])).db)).data).toEqual([donation]);

    const total = 1000 + 1000 + 3;
    const { db, requests } = setup((request) => {
      const offset = Number(request.url.searchParams.get('offset'));
      return json(
        200,
        Array.from({ length: Math.max(0, Math.min(1000, total - offset)) }, () => ({ amount: 2_500 })),
      );
    });
    const amounts = await listDonationAmounts(db);
    expect(amounts.status && amounts.data.length).toBe(total);
    expect(requests.map((r) => [r.url.searchParams.get('select'), r.url.searchParams.get('offset')])).toEqual([
      ['amount', '0'],
      ['amount', '1000'],
      ['amount', '2000'],
    ]);
    expect(await donationTotal(db)).toEqual({ status: true, message: REMOTE_DB_SUCCESS.list, data: total * 2_500 });
  });
});

describe('creates (POST, SPEC §8: succeed only on 201)', () => {
  it('createBookReview sends the checked row asking for it back, and answers the stored row', async () => {
    const { db, requests } = setup(() => json(201, [REVIEW]));
    const result = await createBookReview(db, { book: 'metamorfosa', name: '  Rina ', rating: 5, comment: 'Bagus sekali 🙏' });
    expect(result).toEqual({ status: true, message: REMOTE_DB_SUCCESS.createBookReview, data: REVIEW });
    const [request] = requests as [SeenRequest];
    expect([request.method, request.path]).toEqual(['POST', '/api/rest/v1/book_reviews']);
    expect(request.body).toEqual({ book: 'metamorfosa', name: 'Rina', rating: 5, comment: 'Bagus sekali 🙏' });
    expect(request.headers.get('Prefer')).toBe('return=representation');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('apikey')).toBe(KEY);
  });

  it('each create posts to its table and succeeds on 201 with its row', async () => {
    const rows = {
      aspirations: { id: 1, name: 'Dewi', city: 'Makassar', message: 'Tambah kelas robotika.', created_at: AT },
      user_disc: {
        id: 2,
        name: 'Andi',
        email: 'andi@contoh.id',
        type: 'I',
        score_d: 0,
        score_i: 5,
        score_s: -2,
        score_c: -3,
        created_at: AT,
      },
      testimonies: { id: 3, name: 'Pak Joko', role: 'Guru SMK', message: 'Pelatihannya praktis sekali.', rating: 5, created_at: AT },
      donations: { id: 4, name: 'Ibu Ratna', amount: 100_000, message: '', anonymous: true, created_at: AT },
    };
    const { db, requests } = setup((request) => json(201, [rows[request.path.split('/').pop() as keyof typeof rows]]));
    const results = [
      await createAspiration(db, { name: 'Dewi', city: 'Makassar', message: 'Tambah kelas robotika.' }),
      await createUserDisc(db, { name: 'Andi', email: 'andi@contoh.id', answers: ANSWERS }),
      await createTestimony(db, { name: 'Pak Joko', role: 'Guru SMK', message: 'Pelatihannya praktis sekali.', rating: 5 }),
      await createDonation(db, { name: 'Ibu Ratna', amount: 100_000, anonymous: true }),
    ];
    expect(results.map((r) => r.status && r.message)).toEqual([
      REMOTE_DB_SUCCESS.createAspiration,
      REMOTE_DB_SUCCESS.createUserDisc,
      REMOTE_DB_SUCCESS.createTestimony,
      REMOTE_DB_SUCCESS.createDonation,
    ]);
    expect(results.map((r) => r.data)).toEqual(Object.values(rows));
    expect(requests.map((r) => r.path.split('/').pop())).toEqual(Object.keys(rows));
    expect(requests[3]?.body).toEqual({ name: 'Ibu Ratna', amount: 100_000, message: '', anonymous: true });
  });

  it('sends the idempotency key of a submission as Idempotency-Key, the same on a retry; none without one', async () => {
    const { db, requests } = setup(() => json(201, [REVIEW]));
    const review = { book: 'metamorfosa', name: 'Rina', rating: 5, comment: 'Bagus sekali 🙏' };
    const idempotencyKey = '3f1c2b9e-7a4d-4c1e-9b8a-0d5e6f7a8b9c';
    for (let n = 0; n < 2; n++) expect((await createBookReview(db, review, { idempotencyKey })).status).toBe(true);
    await createDonation(db, { name: 'Ibu Ratna', amount: 100_000 }, { idempotencyKey: 'kunci-donasi-0123456789' });
    await createBookReview(db, review);
    expect(requests.map((r) => r.headers.get('Idempotency-Key'))).toEqual([
      idempotencyKey,
      idempotencyKey,
      'kunci-donasi-0123456789',
      null,
    ]);
    // The key goes beside the call's own headers, never instead of them.
    expect(requests.every((r) => r.headers.get('apikey') === KEY && r.headers.get('Prefer') === 'return=representation')).toBe(true);
  });

  it('a 200 (or any status but 201) is not a creation', async () => {
    const { db } = setup(() => json(200, [REVIEW]));
    const result = await createBookReview(db, { book: 'metamorfosa', name: 'Rina', rating: 5, comment: 'Bagus sekali' });
    expect(result).toMatchObject({ status: false, data: null, statusCode: 200 });
    expect(result.message).toMatch(/HTTP 200/);
  });

  it('checks the input with the contract first: nothing is sent and the fields are named', async () => {
    const { db, requests } = setup(() => json(201, []));
    const result = await createDonation(db, { name: 'S', amount: 500 });
    expect(result).toMatchObject({
      status: false,
      statusCode: 400,
      fields: [
        { field: 'name', message: 'Nama minimal 2 karakter' },
        { field: 'amount', message: 'Donasi minimal Rp1.000' },
      ],
    });
    expect(result.message).toMatch(/^Data tidak valid: name: /);
    expect(requests).toEqual([]);
  });
});

describe('failures a visitor reads in Indonesian', () => {
  const review = { book: 'metamorfosa', name: 'Rina', rating: 5, comment: 'Bagus sekali' };
  const pg = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify({ code, message, details: null, hint: null }), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  it('no answer: offline and timeout keep what was typed', async () => {
    const offline = setup(() => Promise.reject(new TypeError('fetch failed')));
    expect(await createBookReview(offline.db, review)).toEqual({
      status: false,
      message: REMOTE_DB_MESSAGES.offline,
      data: null,
      statusCode: 0,
    });
    const slow = setup(() => Promise.reject(new DOMException('signal timed out', 'TimeoutError')));
    expect(await listAspirations(slow.db)).toMatchObject({ status: false, message: REMOTE_DB_MESSAGES.timeout, statusCode: 0 });
  });

  it('429 says when to try again; 401, 413 and 5xx say what to do; a refused value keeps the server message', async () => {
    const cases: [Response, RegExp | string][] = [
      [pg(429, 'over_request_rate_limit', 'Terlalu banyak permintaan', { 'Retry-After': '540' }), /Coba lagi dalam 9 menit/],
      [pg(429, 'over_request_rate_limit', 'Terlalu banyak permintaan', { 'Retry-After': '20' }), /Coba lagi dalam 20 detik/],
      [pg(401, 'PGRST301', 'Invalid API key'), REMOTE_DB_MESSAGES.denied],
      [pg(413, '413', 'Isi permintaan terlalu besar'), REMOTE_DB_MESSAGES.tooLarge],
      [pg(503, 'PGRST000', 'Basis data sedang tidak dapat dihubungi'), REMOTE_DB_MESSAGES.server],
      [new Response('Bad gateway', { status: 502 }), REMOTE_DB_MESSAGES.server],
      [
        pg(400, '23514', 'Data tidak valid: rating: Beri nilai 1 sampai 5 bintang'),
        'Data tidak valid: rating: Beri nilai 1 sampai 5 bintang',
      ],
      [pg(400, 'PGRST204', "Could not find the 'x' column of 'book_reviews' in the schema cache"), /HTTP 400/],
      [
        pg(422, 'idempotency_key_reused', 'Kunci pengiriman ini sudah dipakai untuk data lain; muat ulang formulir lalu kirim lagi.'),
        'Kunci pengiriman ini sudah dipakai untuk data lain; muat ulang formulir lalu kirim lagi.',
      ],
      [pg(404, 'PGRST205', "Could not find the table 'public.book_reviews' in the schema cache"), /HTTP 404/],
    ];
    for (const [response, message] of cases) {
      const { db } = setup(() => response.clone());
      const result = await createBookReview(db, review);
      expect(result.status).toBe(false);
      expect(result.message).toMatch(message);
      expect(result).toMatchObject({ statusCode: response.status, data: null });
    }
  });
});
