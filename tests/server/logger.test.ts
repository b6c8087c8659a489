import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COOKIES } from '~/contract/common';
import { clickLogs } from '~/server/db/schema';
import { otherTenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';
import { DEMO_ORIGIN, expectApiError, fromAddress, generateAppToken, type IssuedAppToken, signInDemo } from './support/tokens';

describe.each(await dbKinds())('logging on %s', (kind) => {
  const platform = platformFor(kind);
  let app: IssuedAppToken;

  beforeAll(async () => {
    app = await generateAppToken(platform);
  }, 60_000);

  const log = (overrides: Record<string, unknown> = {}) => ({
    from: `${DEMO_ORIGIN}/Blog?utm_source=x`,
    to: `${DEMO_ORIGIN}/Kelas/ai-dasar?code=rahasia#bagian`,
    type: 'internal_navigation',
    timestamp: new Date().toISOString(),
    ...overrides,
  });
  const post = (
    body: unknown,
    headers: Record<string, string> = { AppToken: app.wire, 'Content-Type': 'application/json' },
    env = fromAddress(),
  ) =>
    platform.api.request(
      '/v1/logger/log/click',
      { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) },
      env,
    );
  const rows = () => platform.deps.db.select().from(clickLogs).where(eq(clickLogs.lmsId, app.tenant.lmsId)).orderBy(clickLogs.id);
  const last = async () => (await rows()).at(-1);

  describe('POST v1/logger/log/click', () => {
    it('stores a click with 204, without query strings or fragments; the page is the path on the own site', async () => {
      const res = await post(log());
      expect(res.status).toBe(204);
      expect(await last()).toMatchObject({
        type: 'internal_navigation',
        fromUrl: `${DEMO_ORIGIN}/Blog`,
        toUrl: `${DEMO_ORIGIN}/Kelas/ai-dasar`,
        page: '/Kelas/ai-dasar',
      });
    });

    it('an external link is grouped as host and path; a page load without referrer keeps an empty from', async () => {
      expect((await post(log({ type: 'external', to: 'https://YouTube.com/watch?v=abc' }))).status).toBe(204);
      expect(await last()).toMatchObject({ type: 'external', toUrl: 'https://youtube.com/watch', page: 'youtube.com/watch' });
      expect((await post(log({ type: 'page_load', from: '', to: `${DEMO_ORIGIN}/` }))).status).toBe(204);
      expect(await last()).toMatchObject({ type: 'page_load', fromUrl: '', page: '/' });
    });

    it("takes sendBeacon's text/plain body with the client token cookie from the tenant's own site, not from another", async () => {
      const cookie = `${COOKIES.appToken}=${app.wire}`;
      const beacon = await post(log({ to: `${DEMO_ORIGIN}/Beacon` }), {
        'Content-Type': 'text/plain;charset=UTF-8',
        Cookie: cookie,
        'Sec-Fetch-Site': 'same-origin',
      });
      expect(beacon.status).toBe(204);
      expect((await last())?.page).toBe('/Beacon');
      const before = (await rows()).length;
      const foreign = await post(log(), {
        'Content-Type': 'text/plain',
        Cookie: cookie,
        'Sec-Fetch-Site': 'cross-site',
        Origin: 'https://jahat.example',
      });
      await expectApiError(foreign, 403);
      expect((await rows()).length).toBe(before);
    });

    it('clamps a client clock more than a day off to a day from the server time', async () => {
      const now = Date.now();
      await post(log({ timestamp: new Date(now + 5 * 86_400_000).toISOString() }));
      expect(Math.abs(((await last())?.at.getTime() ?? 0) - (now + 86_400_000))).toBeLessThan(10_000);
      await post(log({ timestamp: '2001-01-01T00:00:00.000Z' }));
      expect(Math.abs(((await last())?.at.getTime() ?? 0) - (now - 86_400_000))).toBeLessThan(10_000);
    });

    it('refuses without an app token (401), a bad body (400 naming the field), a form body (415)', async () => {
      const before = (await rows()).length;
      await expectApiError(await post(log(), { 'Content-Type': 'application/json' }), 401);
      expect((await expectApiError(await post(log({ type: 'scroll' })), 400)).fields?.[0]?.field).toBe('type');
      expect((await expectApiError(await post(log({ to: 'javascript:alert(1)' })), 400)).fields?.[0]?.field).toBe('to');
      await expectApiError(await post('{', { AppToken: app.wire, 'Content-Type': 'text/plain' }), 400);
      await expectApiError(await post('a=b', { AppToken: app.wire, 'Content-Type': 'application/x-www-form-urlencoded' }), 415);
      expect((await rows()).length).toBe(before);
    });

    it('one address gets 120 logs a minute; the 121st is refused with Retry-After', async () => {
      const visitor = fromAddress('203.0.113.99');
      for (let n = 1; n <= 120; n++) expect((await post(log(), undefined, visitor)).status).toBe(204);
      const res = await post(log(), undefined, visitor);
      expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
      await expectApiError(res, 429);
    }, 60_000);
  });

  describe('GET v1/logger/log/summary', () => {
    let adminToken: string;
    beforeAll(async () => {
      adminToken = await signInDemo(platform, 'admin');
      const other = await otherTenantOf(platform);
      const at = (iso: string) => new Date(iso);
      await platform.deps.db.insert(clickLogs).values([
        // 18:00 UTC on 1 March is 2 March in Jakarta.
        { lmsId: app.tenant.lmsId, type: 'page_load', fromUrl: '', toUrl: 'x', page: '/Ringkas', at: at('2030-03-01T18:00:00Z') },
        { lmsId: app.tenant.lmsId, type: 'page_load', fromUrl: '', toUrl: 'x', page: '/Ringkas', at: at('2030-03-02T10:00:00Z') },
        { lmsId: app.tenant.lmsId, type: 'external', fromUrl: '', toUrl: 'x', page: 'youtube.com/', at: at('2030-03-02T10:00:00Z') },
        { lmsId: app.tenant.lmsId, type: 'page_load', fromUrl: '', toUrl: 'x', page: '/Ringkas', at: at('2030-03-01T16:59:00Z') },
        { lmsId: other.lmsId, type: 'page_load', fromUrl: '', toUrl: 'x', page: '/Ringkas', at: at('2030-03-02T10:00:00Z') },
      ]);
    });
    const summary = (query: string, token = adminToken) =>
      platform.api.request(`/v1/logger/log/summary?${query}`, { headers: { AppToken: app.wire, Authorization: `Bearer ${token}` } });

    it("counts the tenant's own logs per Jakarta day, page and type", async () => {
      const res = await summary('from=2030-03-01&to=2030-03-02');
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown }).data).toEqual([
        { day: '2030-03-01', page: '/Ringkas', type: 'page_load', count: 1 },
        { day: '2030-03-02', page: '/Ringkas', type: 'page_load', count: 2 },
        { day: '2030-03-02', page: 'youtube.com/', type: 'external', count: 1 },
      ]);
      const external = await summary('from=2030-03-02&to=2030-03-02&type=external');
      expect(((await external.json()) as { data: unknown[] }).data).toEqual([
        { day: '2030-03-02', page: 'youtube.com/', type: 'external', count: 1 },
      ]);
    });

    it('is for admins only, and refuses a span over 366 days or backwards', async () => {
      await expectApiError(await summary('from=2030-03-01&to=2030-03-02', await signInDemo(platform, 'student')), 403);
      const res = await platform.api.request('/v1/logger/log/summary?from=2030-03-01&to=2030-03-02', { headers: { AppToken: app.wire } });
      await expectApiError(res, 401);
      expect((await summary('from=2030-01-01&to=2031-01-01')).status).toBe(200);
      await expectApiError(await summary('from=2030-01-01&to=2031-01-02'), 400);
      await expectApiError(await summary('from=2030-03-02&to=2030-03-01'), 400);
      await expectApiError(await summary('from=2030-3-1&to=2030-03-02'), 400);
    });
  });
});
