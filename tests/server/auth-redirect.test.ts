import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADERS } from '~/contract/common';
import { exchangeCode } from '~/lib/api';
import { authCodes } from '~/server/db/schema';
import { hashSecret } from '~/server/platform/hash';
import { RateLimiter } from '~/server/platform/rate-limit';
import { clientOf, otherTenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';
import { DEMO_ORIGIN, expectApiError, fromAddress, generateAppToken, type IssuedAppToken, OTHER_APP_CODE } from './support/tokens';

const STATE = 'kembali_ke-Kelas_0123456789';

describe.each(await dbKinds())('redirect-login mode: the account login page and the code exchange on %s', (kind) => {
  const platform = platformFor(kind);
  let app: IssuedAppToken;
  let params: Record<string, string>;

  beforeAll(async () => {
    app = await generateAppToken(platform);
    params = { redirectTo: DEMO_ORIGIN, lmsId: app.tenant.lmsId, code: app.tenant.appCode, generatedToken: app.wire, state: STATE };
  }, 60_000);

  const page = (query: Record<string, string>) => platform.api.request(`/auth/login?${new URLSearchParams(query)}`);
  const post = (form: Record<string, string>, headers: Record<string, string> = { 'Sec-Fetch-Site': 'same-origin' }, env = fromAddress()) =>
    platform.api.request(
      '/auth/login',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams(form).toString(),
      },
      env,
    );
  const signInForm = (email: string, password: string) => ({ ...params, email, password });
  /** Signs in on the page and answers with the one-time code it sent back. */
  const codeFor = async (email = 'admin@demo.example', password = 'demo-admin-2026') => {
    const res = await post(signInForm(email, password));
    expect(res.status).toBe(303);
    return new URL(res.headers.get('Location') ?? '').searchParams.get('code') ?? '';
  };
  const exchange = (code: string, lmsId = app.tenant.lmsId) =>
    platform.api.request(
      '/auth/exchange/token',
      { method: 'POST', headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId }, body: JSON.stringify({ code }) },
      fromAddress(),
    );

  describe('GET login', () => {
    it('serves an Indonesian sign-in form without script, under a policy that lets it post only here and back', async () => {
      const res = await page(params);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<html lang="id">');
      expect(html).toMatch(/<form method="post" action="login">/);
      expect(html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/);
      expect(html).toMatch(/<label for="password">Kata sandi<\/label>\s*<input id="password" name="password" type="password"/);
      expect(html).toContain(`<input type="hidden" name="state" value="${STATE}">`);
      // A forgotten password is reset on the tenant's own site, where the page came from.
      expect(html).toContain(`<a href="${DEMO_ORIGIN}/Lupa-Password">Lupa password?</a>`);
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain('<meta name="referrer" content="no-referrer">');
      const policy = res.headers.get('Content-Security-Policy') ?? '';
      expect(policy).toContain("script-src 'none'");
      expect(policy).toContain(`form-action 'self' ${DEMO_ORIGIN}`);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    });

    it('refuses a return address the tenant does not serve, or that is more than an origin, with ERR_REDIRECT', async () => {
      for (const redirectTo of [
        'https://jahat.example',
        `${DEMO_ORIGIN}/Kelas`,
        `${DEMO_ORIGIN}/`,
        'javascript:alert(1)',
        '//jahat.example',
        'http://localhost.jahat.example',
        // The tenant's own public host, but in clear: the one-time code would travel readable.
        'http://nusantaralearning.example',
      ]) {
        const res = await page({ ...params, redirectTo });
        expect(res.status, redirectTo).toBe(400);
        expect(await res.text()).toContain('Alamat kembali tidak diizinkan (ERR_REDIRECT)');
      }
    });

    it('refuses an unknown tenant, another app code, a bad or foreign app token, and a malformed state', async () => {
      const other = await generateAppToken(platform, { appCode: OTHER_APP_CODE });
      const cases: [Record<string, string>, string][] = [
        [{ lmsId: '00000000-0000-4000-8000-000000000000' }, 'lmsId tidak valid'],
        [{ code: OTHER_APP_CODE }, 'Kode aplikasi tidak sesuai'],
        [{ generatedToken: `${app.tenant.appCode}.AAAA` }, 'Token aplikasi tidak valid'],
        [{ generatedToken: other.wire }, 'Token aplikasi tidak valid'],
        [{ state: 'pendek' }, 'Parameter state tidak valid'],
        [{ state: `${'a'.repeat(20)}<script>` }, 'Parameter state tidak valid'],
      ];
      for (const [change, message] of cases) {
        const res = await page({ ...params, ...change });
        expect(res.status, JSON.stringify(change)).toBe(400);
        const html = await res.text();
        expect(html).toContain(message);
        expect(html).not.toContain('<form');
      }
    });
  });

  describe('POST login', () => {
    it('the right password answers 303 to /CallbackAuth with a one-time code and the state, nothing else in the URL', async () => {
      const res = await post(signInForm('admin@demo.example', 'demo-admin-2026'));
      expect(res.status).toBe(303);
      const back = new URL(res.headers.get('Location') ?? '');
      expect(`${back.origin}${back.pathname}`).toBe(`${DEMO_ORIGIN}/CallbackAuth`);
      expect([...back.searchParams.keys()].sort()).toEqual(['code', 'state']);
      expect(back.searchParams.get('state')).toBe(STATE);
      const code = back.searchParams.get('code') ?? '';
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only the hash is stored, for one minute.
      const [row] = await platform.deps.db
        .select()
        .from(authCodes)
        .where(eq(authCodes.codeHash, hashSecret(code)));
      expect(row?.returnOrigin).toBe(DEMO_ORIGIN);
      expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(60_000);
    });

    it('a wrong password shows the form again with the message and the e-mail, never the password', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const res = await post(signInForm('admin@demo.example', 'sandi-keliru-77'));
      expect(res.status).toBe(401);
      const html = await res.text();
      expect(html).toContain('<p class="error" role="alert" id="form-error">Email atau password salah</p>');
      expect(html).toContain('value="admin@demo.example"');
      expect(html).not.toContain('sandi-keliru-77');
      const invalid = await post(signInForm('bukan-email', 'x'));
      expect(invalid.status).toBe(400);
      expect(await invalid.text()).toContain('aria-describedby="email-error"');
    });

    it('refuses a cross-site post (login CSRF) and changed hidden fields', async () => {
      const form = signInForm('admin@demo.example', 'demo-admin-2026');
      expect((await post(form, { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://jahat.example' })).status).toBe(403);
      expect((await post(form, {})).status).toBe(403);
      expect((await post(form, { Origin: 'http://localhost' })).status).toBe(303);
      const changed = await post({ ...form, redirectTo: 'https://jahat.example' });
      expect(changed.status).toBe(400);
      expect(await changed.text()).toContain('ERR_REDIRECT');
    });

    it('shares the account lock of generate/token: the 6th attempt after five failures is refused with when to return', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const realLimiter = platform.deps.rateLimiter;
      platform.deps.rateLimiter = new RateLimiter(platform.shared.rateLimitStore, () => Date.now());
      try {
        const visitor = fromAddress('203.0.113.140');
        for (let n = 1; n <= 5; n++) expect((await post(signInForm('mentor@demo.example', 'salah'), undefined, visitor)).status).toBe(401);
        const res = await post(signInForm('mentor@demo.example', 'demo-mentor-2026'), undefined, visitor);
        expect(res.status).toBe(429);
        expect(res.headers.get('Retry-After')).toBe('300');
        expect(await res.text()).toContain('Akun ini dikunci sementara; coba lagi dalam 5 menit.');
      } finally {
        platform.deps.rateLimiter = realLimiter;
      }
    });
  });

  describe('POST exchange/token', () => {
    it('trades a code once for a sign-in of that user; the second time it is refused', async () => {
      const code = await codeFor();
      const client = clientOf(platform);
      client.setCredentials({ lmsId: app.tenant.lmsId });
      const result = await exchangeCode(client, code);
      expect(result.user).toMatchObject({ email: 'admin@demo.example', role: 'admin' });
      expect(result.accessToken).not.toBe(code);
      const again = await expectApiError(await exchange(code), 400);
      expect(again.message).toBe('Kode masuk tidak valid atau sudah dipakai; silakan masuk kembali.');
    });

    it('a code is bound to its tenant: another lmsId is refused and does not spend it', async () => {
      const code = await codeFor();
      await expectApiError(await exchange(code, (await otherTenantOf(platform)).lmsId), 400);
      expect((await exchange(code)).status).toBe(200);
    });

    it('refuses an expired code, an unknown one and a malformed one', async () => {
      const code = await codeFor();
      await platform.deps.db
        .update(authCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(authCodes.codeHash, hashSecret(code)));
      expect((await expectApiError(await exchange(code), 400)).message).toContain('Kode masuk tidak valid');
      await expectApiError(await exchange('A'.repeat(43)), 400);
      expect((await expectApiError(await exchange('pendek'), 400)).fields?.[0]?.field).toBe('code');
    });

    it('of parallel exchanges of one code exactly one signs in', async () => {
      const code = await codeFor();
      const answers = await Promise.all([1, 2, 3, 4].map(() => exchange(code)));
      expect(answers.map((res) => res.status).sort()).toEqual([200, 400, 400, 400]);
    });
  });
});
