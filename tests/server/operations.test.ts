import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, getAppSettings, updateAppSetting } from '~/lib/api';
import { loadConfig } from '~/server/config';
import { appSettings } from '~/server/db/schema';
import { loadKeyRing } from '~/server/platform/keys';
import { siteApiConfig } from '~/server/sites/site-api-config';
import { appClientOf, DEMO_APP_CODE, signInAs, tenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';
import { fromAddress } from './support/tokens';

/** What operators of many tenants rely on: no lost updates, recoverable settings, safe defaults, honest limits. */
describe.each(await dbKinds())('operating the platform on %s', (kind) => {
  const platform = platformFor(kind, { TRUST_PROXY: '1' });

  it('two admins changing different colours at the same moment keep both changes', async () => {
    const [first, second] = [await appClientOf(platform), await appClientOf(platform)];
    await signInAs(first, 'admin');
    await signInAs(second, 'superadmin');
    await Promise.all([
      updateAppSetting(first, DEMO_APP_CODE, 'css', { value: { clr_primary: '#101010' } }),
      updateAppSetting(second, DEMO_APP_CODE, 'css', { value: { clr_secondary: '#202020' } }),
    ]);
    const { css } = await getAppSettings(first, DEMO_APP_CODE);
    expect(css).toMatchObject({ clr_primary: '#101010', clr_secondary: '#202020' });
  });

  it('a stored value that no longer fits the rules is read as the default and can be fixed', async () => {
    const client = await appClientOf(platform);
    await signInAs(client, 'admin');
    const tenant = await tenantOf(platform);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await platform.deps.db
      .update(appSettings)
      .set({ value: { description: 'x'.repeat(5000) } })
      .where(eq(appSettings.key, 'meta'));
    expect((await getAppSettings(client, DEMO_APP_CODE)).meta.description).toBe('');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`${tenant.lmsId}: nilai "meta" tidak valid lagi`));
    await updateAppSetting(client, DEMO_APP_CODE, 'meta', { value: { description: 'Deskripsi baru' } });
    expect((await getAppSettings(client, DEMO_APP_CODE)).meta.description).toBe('Deskripsi baru');
  });

  it.each([
    ['logoDark', 'javascript:alert(1)'],
    ['favicon', 'data:image/svg+xml,<svg onload=alert(1)>'],
    ['meta', { image: 'vbscript:msgbox' }],
    ['blog', { cover: 'JavaScript:alert(1)' }],
  ] as const)('a %s address with a script scheme is refused with 400 naming it', async (key, value) => {
    const client = await appClientOf(platform);
    await signInAs(client, 'admin');
    const before = await getAppSettings(client, DEMO_APP_CODE);
    const error = await updateAppSetting(client, DEMO_APP_CODE, key, { value }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).statusCode).toBe(400);
    expect((error as ApiRequestError).message).toContain('path relatif atau URL http(s)');
    expect((await getAppSettings(client, DEMO_APP_CODE)).revision).toBe(before.revision);
  });

  it('behind one trusted proxy the limit counts the address the proxy saw, not what the client wrote', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tenant = await tenantOf(platform);
    // A new account each time, so what refuses is the address's count, not an account's lock.
    let account = 0;
    const signIn = (forwardedFor: string) =>
      platform.api.request(
        '/auth/generate/token',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', lmsId: tenant.lmsId, 'X-Forwarded-For': forwardedFor },
          body: JSON.stringify({ email: `tebak-${++account}@demo.example`, password: 'salah' }),
        },
        fromAddress('10.0.0.1'),
      );
    // The client writes a new address in front each time; the proxy appends the real one.
    for (let attempt = 1; attempt <= 10; attempt++) expect((await signIn(`198.51.100.${attempt}, 203.0.113.50`)).status).toBe(401);
    expect((await signIn('198.51.100.99, 203.0.113.50')).status).toBe(429);
    expect((await signIn('203.0.113.51')).status).toBe(401);
  });

  it('failures on one account from 30 addresses do not lock its owner out (item 7)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tenant = await tenantOf(platform);
    const attempt = (address: string, password: string) =>
      platform.api.request(
        '/auth/generate/token',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', lmsId: tenant.lmsId, 'X-Forwarded-For': address },
          body: JSON.stringify({ email: 'teacher@demo.example', password }),
        },
        fromAddress('10.0.0.2'),
      );
    for (let n = 1; n <= 30; n++) expect((await attempt(`192.0.2.${n}`, 'salah')).status).toBe(401);
    // Guessing stays slow through the waits of services/sign-in-delays.ts (security.test.ts), but
    // the owner from an address that has not failed gets in.
    expect((await attempt('192.0.2.200', 'demo-teacher-2026')).status).toBe(200);
  }, 60_000);
});

describe('configuration an operator sets', () => {
  it('demo accounts are seeded except in production, unless SEED_DEMO_USERS says otherwise', () => {
    const demoUsersWanted = (env: Record<string, string>) => loadConfig(env).seed.demoUsers;
    expect(demoUsersWanted({})).toBe(true);
    expect(demoUsersWanted({ LMS_ENV: 'production' })).toBe(false);
    expect(demoUsersWanted({ LMS_ENV: 'production', SEED_DEMO_USERS: 'true' })).toBe(true);
    expect(demoUsersWanted({ SEED_DEMO_USERS: 'false' })).toBe(false);
  });

  it('TRUST_PROXY is a number of proxies; anything else stops the start with a message', () => {
    const proxyHops = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).server.trustProxyHops;
    expect([undefined, 'false', 'true', '2'].map(proxyHops)).toEqual([0, 0, 1, 2]);
    expect(() => proxyHops('ya')).toThrow('TRUST_PROXY: harus true, false atau jumlah proxy');
  });

  it('production refuses to run on a generated key; the site build refuses half a key pair', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lms-keys-'));
    try {
      expect(() => loadKeyRing({ file: join(dir, 'k'), production: true })).toThrow('setel APP_TOKEN_SECRET');
      const tenant = { lmsId: 'x', appCode: 'X' };
      // Half a key pair is refused as the configuration is read (config.ts), before any build.
      expect(() => loadConfig({ DATA_DIR: dir, PUBLIC_APP_TOKEN_KEY: 'ab'.repeat(32) })).toThrow('harus disetel bersama');
      expect(() => siteApiConfig(tenant, loadConfig({ DATA_DIR: dir, LMS_ENV: 'production' }))).toThrow('setel APP_TOKEN_SECRET');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
