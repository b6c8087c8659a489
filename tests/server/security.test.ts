import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADERS } from '~/contract/common';
import { RateLimiter } from '~/server/platform/rate-limit';
import { dbKinds, platformFor } from './support/platform';
import {
  countRows,
  DEMO_APP_CODE,
  DEMO_ORIGIN,
  expectApiError,
  fromAddress,
  generateAppToken,
  type IssuedAppToken,
  signInDemo,
} from './support/tokens';

const FOREIGN_ORIGIN = 'https://evil.example';

describe.each(await dbKinds())('API security on %s', (kind) => {
  const platform = platformFor(kind);
  let app: IssuedAppToken;
  let admin: string;

  beforeAll(async () => {
    app = await generateAppToken(platform);
    admin = await signInDemo(platform, 'admin');
  }, 60_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const settings = async () => {
    const res = await platform.api.request(`/${DEMO_APP_CODE}/cms/app/settings`, { headers: { AppToken: app.wire } });
    return (await res.json()).data;
  };

  describe('response headers', () => {
    it.each([
      ['a success', () => platform.api.request('/health'), 200],
      ['an authenticated read', () => platform.api.request('/v1/authorizer/validate', { headers: { AppToken: app.wire } }), 200],
      ['a refusal', () => platform.api.request('/v1/authorizer/validate'), 401],
      ['an unknown endpoint', () => platform.api.request('/tidak-ada'), 404],
      [
        'a body over the limit',
        () =>
          platform.api.request('/auth/generate/token', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Content-Length': String(70_000) },
            body: 'x'.repeat(70_000),
          }),
        413,
      ],
    ])('%s carries secure headers and Cache-Control: no-store', async (_name, call, status) => {
      const res = await call();
      expect(res.status).toBe(status);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
      expect(res.headers.get('Strict-Transport-Security')).toMatch(/^max-age=\d+/);
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
      expect(res.headers.get('X-Powered-By')).toBeNull();
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    });
  });

  describe('CORS', () => {
    const preflight = (origin: string) =>
      platform.api.request('/v1/authorizer/validate', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PUT',
          'Access-Control-Request-Headers': 'apptoken, lmsid, content-type',
        },
      });

    it.each([DEMO_ORIGIN, 'https://nusantaralearning.example', 'https://smkcoding.example'])(
      'a preflight from the tenant host %s is allowed with credentials',
      async (origin) => {
        const res = await preflight(origin);
        expect(res.status).toBe(204);
        expect(res.headers.get('Access-Control-Allow-Origin')).toBe(origin);
        // Cookies never cross origins: the site sends its tokens as headers.
        expect(res.headers.get('Access-Control-Allow-Credentials')).toBeNull();
        expect(res.headers.get('Access-Control-Allow-Methods')).toContain('PUT');
        expect(res.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('apptoken');
        expect(res.headers.get('Vary')).toContain('Origin');
      },
    );

    it.each([FOREIGN_ORIGIN, 'https://localhost.evil.example', 'null'])('a preflight from %s gets no allowed origin', async (origin) => {
      const res = await preflight(origin);
      expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
    });

    it('a plain request echoes a tenant origin and not a foreign one', async () => {
      const read = (origin: string) => platform.api.request('/v1/authorizer/validate', { headers: { AppToken: app.wire, Origin: origin } });
      expect((await read(DEMO_ORIGIN)).headers.get('Access-Control-Allow-Origin')).toBe(DEMO_ORIGIN);
      expect((await read(FOREIGN_ORIGIN)).headers.get('Access-Control-Allow-Origin')).toBeNull();
    });
  });

  describe('CSRF on cookie-authenticated writes', () => {
    const putTitle = (title: string, headers: Record<string, string>) =>
      platform.api.request(`/${DEMO_APP_CODE}/cms/app/setting/title`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ value: title }),
      });
    const cookies = () => ({ Cookie: `client_token=${app.wire}; token=${admin}` });

    it.each([
      ['a foreign Origin', { Origin: FOREIGN_ORIGIN }],
      ["the Origin of another tenant's host", { Origin: 'https://smkcoding.example' }],
      ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
      ['Sec-Fetch-Site: same-site from a foreign Origin', { 'Sec-Fetch-Site': 'same-site', Origin: 'https://sub.evil.example' }],
      ['Origin "null" (a sandboxed page)', { Origin: 'null' }],
      ['neither Origin nor Sec-Fetch-Site', {}],
    ])('refused with 403 and nothing written: %s', async (_name, provenance) => {
      const before = { settings: await settings(), rows: await countRows(platform) };
      const body = await expectApiError(await putTitle('Judul Palsu', { ...cookies(), ...provenance }), 403);
      expect(body.message).toMatch(/lintas situs/);
      expect({ settings: await settings(), rows: await countRows(platform) }).toEqual(before);
    });

    it('only the app token in a cookie is enough to be guarded', async () => {
      const before = await settings();
      await expectApiError(
        await putTitle('Judul Palsu', { Cookie: `client_token=${app.wire}`, Authorization: admin, Origin: FOREIGN_ORIGIN }),
        403,
      );
      await expectApiError(await putTitle('Judul Palsu', { Cookie: `token=${admin}`, AppToken: app.wire, Origin: FOREIGN_ORIGIN }), 403);
      expect(await settings()).toEqual(before);
    });

    it.each([
      ['the Origin of the tenant host', { Origin: DEMO_ORIGIN }],
      ['Sec-Fetch-Site: same-origin', { 'Sec-Fetch-Site': 'same-origin' }],
    ])('allowed with %s', async (name, provenance) => {
      const title = `Nusantara Learning (${name})`;
      const res = await putTitle(title, { ...cookies(), ...provenance });
      expect(res.status).toBe(200);
      expect((await settings()).title).toBe(title);
    });

    it('a header-authenticated write from a foreign Origin is not refused by CSRF (a cross-site page cannot set these headers)', async () => {
      const res = await putTitle('Nusantara Learning (header)', {
        AppToken: app.wire,
        Authorization: `Bearer ${admin}`,
        Origin: FOREIGN_ORIGIN,
      });
      expect(res.status).toBe(200);
      expect((await settings()).title).toBe('Nusantara Learning (header)');
    });

    it('reads authenticated by cookie are not CSRF-guarded', async () => {
      const res = await platform.api.request('/v1/authorizer/validate', {
        headers: { Cookie: `client_token=${app.wire}`, Origin: FOREIGN_ORIGIN },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
    });
  });

  describe('rate limits and sign-in waits', () => {
    /** The limiter's clock: still unless a test moves it, so waits are exact. */
    let clock = 0;
    let realLimiter: RateLimiter;
    beforeAll(() => {
      realLimiter = platform.deps.rateLimiter;
      clock = Date.now();
      platform.deps.rateLimiter = new RateLimiter(platform.shared.rateLimitStore, () => clock);
    });
    afterAll(() => {
      platform.deps.rateLimiter = realLimiter;
    });

    const signIn = (
      env: ReturnType<typeof fromAddress>,
      password: string,
      email = 'admin@demo.example',
      headers: Record<string, string> = {},
    ) =>
      platform.api.request(
        '/auth/generate/token',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: app.tenant.lmsId, ...headers },
          body: JSON.stringify({ email, password }),
        },
        env,
      );
    /** What a caller sees of an answer: status, message and when to come back. */
    const seen = async (res: Response) => [res.status, ((await res.json()) as { message: string }).message, res.headers.get('Retry-After')];

    it('failures from one address earn waits that double (429 with Retry-After 1, 2, 4 s), even for the right password', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const attacker = fromAddress('203.0.113.7');
      // One failure on each of many accounts: the address's count, not any account's lock.
      let guess = 0;
      const guessElsewhere = () => signIn(attacker, 'salah', `tebak-${++guess}@demo.example`);
      for (let attempt = 1; attempt <= 10; attempt++) await expectApiError(await guessElsewhere(), 401);
      // Operators see each failure with the tenant and the address, never the password tried.
      expect(warn).toHaveBeenCalledTimes(10);
      expect(warn).toHaveBeenLastCalledWith('[auth] gagal masuk: demo dari 203.0.113.7');

      for (const wait of [1, 2, 4]) {
        const res = await signIn(attacker, 'demo-admin-2026');
        expect(res.headers.get('Retry-After')).toBe(String(wait));
        expect(res.headers.get('Cache-Control')).toBe('no-store');
        const body = await expectApiError(res, 429);
        expect(body.message).toBe(`Terlalu banyak percobaan masuk; coba lagi dalam ${wait} detik`);
        // Asking again during the wait is refused and does not lengthen it.
        clock += wait * 1000 - 500;
        expect((await guessElsewhere()).headers.get('Retry-After')).toBe('1');
        clock += 500;
        await expectApiError(await guessElsewhere(), 401);
      }
      clock += 8000;
      expect((await signIn(attacker, 'demo-admin-2026')).status).toBe(200);
      // Another client is not held back by the first one's attempts.
      expect((await signIn(fromAddress('203.0.113.8'), 'demo-admin-2026')).status).toBe(200);
    }, 60_000);

    it('five wrong passwords lock the account for 5 minutes, then 10 after one more failure; the message says when', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const guesser = fromAddress('203.0.113.40');
      const teacher = (password: string) => signIn(guesser, password, 'teacher@demo.example');
      for (let attempt = 1; attempt <= 5; attempt++) await expectApiError(await teacher(`salah-${attempt}`), 401);
      // The 6th attempt is not checked, even with the right password.
      let res = await teacher('demo-teacher-2026');
      expect(res.headers.get('Retry-After')).toBe('300');
      expect((await expectApiError(res, 429)).message).toBe(
        'Terlalu banyak percobaan masuk yang gagal. Akun ini dikunci sementara; coba lagi dalam 5 menit.',
      );
      clock += 299_000;
      res = await teacher('demo-teacher-2026');
      expect(res.headers.get('Retry-After')).toBe('1');
      expect((await expectApiError(res, 429)).message).toBe(
        'Terlalu banyak percobaan masuk yang gagal. Akun ini dikunci sementara; coba lagi dalam 1 detik.',
      );
      clock += 1000;
      // After the wait one attempt is checked; one more failure locks for twice as long.
      await expectApiError(await teacher('salah-lagi'), 401);
      res = await teacher('demo-teacher-2026');
      expect(res.headers.get('Retry-After')).toBe('600');
      expect((await expectApiError(res, 429)).message).toContain('coba lagi dalam 10 menit.');
      clock += 600_000;
      expect((await teacher('demo-teacher-2026')).status).toBe(200);
    }, 60_000);

    it('a locked account still lets its owner in from another address, and the lock never passes 30 minutes', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const guesser = fromAddress('203.0.113.41');
      for (let attempt = 1; attempt <= 5; attempt++) await expectApiError(await signIn(guesser, 'salah', 'writer@demo.example'), 401);
      await expectApiError(await signIn(guesser, 'demo-writer-2026', 'writer@demo.example'), 429);
      expect((await signIn(fromAddress('203.0.113.42'), 'demo-writer-2026', 'writer@demo.example')).status).toBe(200);
      // Many addresses failing raise the lock to its longest, 30 minutes, for every address that keeps guessing.
      for (let n = 1; n <= 12; n++) await expectApiError(await signIn(fromAddress(`198.18.0.${n}`), 'salah', 'writer@demo.example'), 401);
      const res = await signIn(guesser, 'demo-writer-2026', 'writer@demo.example');
      expect(res.headers.get('Retry-After')).toBe('1800');
      expect((await expectApiError(res, 429)).message).toContain('coba lagi dalam 30 menit.');
    }, 60_000);

    it('failures on one account from 31 addresses do not lock its owner out: the right password from a 32nd signs in', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      for (let n = 1; n <= 31; n++) await expectApiError(await signIn(fromAddress(`192.0.2.${n}`), 'salah', 'mentor@demo.example'), 401);
      expect((await signIn(fromAddress('192.0.2.200'), 'demo-mentor-2026', 'mentor@demo.example')).status).toBe(200);
      // Nor after a typo or two of their own.
      for (let n = 1; n <= 31; n++) await expectApiError(await signIn(fromAddress(`192.0.2.${n}`), 'lagi', 'mentor@demo.example'), 401);
      const owner = fromAddress('192.0.2.201');
      await expectApiError(await signIn(owner, 'demo-mentor-2025', 'mentor@demo.example'), 401);
      await expectApiError(await signIn(owner, 'Demo-mentor-2026', 'mentor@demo.example'), 401);
      expect((await signIn(owner, 'demo-mentor-2026', 'mentor@demo.example')).status).toBe(200);
    }, 60_000);

    it("guessing at one account from many addresses stays slow: an address past its third failure waits for the account's lock", async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const guess = (env: ReturnType<typeof fromAddress>) => signIn(env, 'tebakan', 'tamu@demo.example');
      for (let n = 1; n <= 20; n++) await expectApiError(await guess(fromAddress(`198.51.100.${n}`)), 401);
      const guesser = fromAddress('198.51.100.50');
      for (let attempt = 1; attempt <= 3; attempt++) await expectApiError(await guess(guesser), 401);
      // 23 failures on the account: the longest lock, though this address has failed only 3 times.
      let res = await guess(guesser);
      expect(res.headers.get('Retry-After')).toBe('1800');
      await expectApiError(res, 429);
      clock += 60_000;
      expect((await guess(guesser)).headers.get('Retry-After')).toBe('1740');
      // Each failure elsewhere starts the account's lock again for every address that keeps guessing.
      await expectApiError(await guess(fromAddress('198.51.100.51')), 401);
      res = await guess(guesser);
      expect(res.headers.get('Retry-After')).toBe('1800');
      await expectApiError(res, 429);
    }, 60_000);

    it('an unknown e-mail and a wrong password get the same answers, refusals and waits', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const attempts = async (email: string, address: string) => {
        const answers = [];
        for (let attempt = 1; attempt <= 8; attempt++) answers.push(await seen(await signIn(fromAddress(address), 'salah', email)));
        return answers;
      };
      const known = await attempts('student@demo.example', '203.0.113.20');
      expect(known.map(([status]) => status)).toEqual([...Array(5).fill(401), 429, 429, 429]);
      expect(known[0]).toEqual([401, 'Email atau password salah', null]);
      expect(known[5]).toEqual([
        429,
        'Terlalu banyak percobaan masuk yang gagal. Akun ini dikunci sementara; coba lagi dalam 5 menit.',
        '300',
      ]);
      expect(await attempts('tidak-ada@demo.example', '203.0.113.21')).toEqual(known);
    }, 60_000);

    it('a forged X-Forwarded-For does not reset the count (no proxy is trusted by default)', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const attacker = fromAddress('203.0.113.9');
      const signInAs = (forwardedFor: string, attempt: number) =>
        signIn(attacker, 'salah', `penebak-${attempt}@demo.example`, { 'X-Forwarded-For': forwardedFor });
      for (let attempt = 1; attempt <= 10; attempt++) await expectApiError(await signInAs(`198.51.100.${attempt}`, attempt), 401);
      await expectApiError(await signInAs('198.51.100.99', 99), 429);
    }, 60_000);

    it('a class behind one address signs in together: 60 sign-ins a minute pass, the 61st waits', async () => {
      const school = fromAddress('203.0.113.30');
      for (let n = 1; n <= 60; n++) expect((await signIn(school, 'demo-student-2026', 'student@demo.example')).status).toBe(200);
      const res = await signIn(school, 'demo-student-2026', 'student@demo.example');
      expect(res.headers.get('Retry-After')).toBe('60');
      expect((await expectApiError(res, 429)).message).toBe('Terlalu banyak permintaan; coba lagi dalam 60 detik');
    }, 60_000);

    it('the 61st token/generate from one address within a minute gets 429 and issues nothing', async () => {
      const client = fromAddress('203.0.113.10');
      const generate = () =>
        platform.api.request(
          '/v1/authorizer/token/generate',
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Origin: DEMO_ORIGIN },
            body: JSON.stringify({ id: DEMO_APP_CODE, secret: 'salah', scopes: ['read'] }),
          },
          client,
        );
      for (let attempt = 1; attempt <= 60; attempt++) expect((await generate()).status).toBe(401);
      const before = await countRows(platform);
      const res = await generate();
      expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
      await expectApiError(res, 429);
      expect(await countRows(platform)).toEqual(before);
    });
  });

  describe('endpoints and failures', () => {
    it.each([
      ['GET', '/tidak-ada'],
      ['GET', '/v1/authorizer/token/generate'],
      ['DELETE', `/${DEMO_APP_CODE}/cms/app/settings`],
      ['POST', '/v9/authorizer/validate'],
    ])('%s %s → JSON 404', async (method, path) => {
      const body = await expectApiError(await platform.api.request(path, { method }), 404);
      expect(body.message).toBe('Endpoint tidak ditemukan');
    });

    it('/health/ready answers 200 with the version while the database answers', async () => {
      const res = await platform.api.request('/health/ready');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        status: 'ok',
        version: '1.0.0-test',
        checks: { database: 'ok', migrations: 'ok', builds: 'not served' },
        tenants: {},
      });
    });

    it('/health/ready answers 503 in the error shape when the database does not, while /health (liveness) stays 200', async () => {
      vi.spyOn(platform.deps.db, 'execute').mockRejectedValue(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      const res = await platform.api.request('/health/ready');
      expect(res.status).toBe(503);
      const body = (await res.json()) as { statusCode: number; message: string };
      expect(body.statusCode).toBe(503);
      expect(JSON.stringify(body)).not.toContain('ECONNREFUSED');
      expect((await platform.api.request('/health')).status).toBe(200);
      vi.mocked(platform.deps.db.execute).mockRestore();
    });

    it('an unexpected failure answers 500 without its message, stack or file paths', async () => {
      const failure = new Error('relation "tenants" does not exist at /work/main/src/server/services/tenants.ts:31');
      vi.spyOn(platform.deps.tenants, 'byAppCode').mockRejectedValueOnce(failure);
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const body = await expectApiError(await platform.api.request('/v1/authorizer/validate', { headers: { AppToken: app.wire } }), 500);
      expect(body.message).toBe('Terjadi kesalahan pada server');
      expect(console.error).toHaveBeenCalled();
    });
  });
});

describe('app tokens a minute, as configured', () => {
  const platform = platformFor('pglite', { TOKEN_GENERATE_PER_MINUTE: '3' });

  it('TOKEN_GENERATE_PER_MINUTE sets how many app tokens one address may generate a minute', async () => {
    const generate = (address: string) =>
      platform.api.request(
        '/v1/authorizer/token/generate',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: DEMO_ORIGIN },
          body: JSON.stringify({ id: DEMO_APP_CODE, secret: 'salah', scopes: ['read'] }),
        },
        fromAddress(address),
      );
    for (let attempt = 1; attempt <= 3; attempt++) expect((await generate('203.0.113.20')).status).toBe(401);
    await expectApiError(await generate('203.0.113.20'), 429);
    expect((await generate('203.0.113.21')).status).toBe(401);
  });
});
