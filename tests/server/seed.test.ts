import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '~/contract/roles';
import { listTenantCodes, loadTenant } from '~/lib/tenant/load';
import { appSettings, tenants, users } from '~/server/db/schema';
import { demoAccount, seedDatabase } from '~/server/seed/seed';
import { dbKinds, platformFor } from './support/platform';
import { countRows, DEMO_APP_CODE, fromAddress, generateAppToken, type IssuedAppToken, signInDemo } from './support/tokens';

const TENANTS_ROOT = 'tenants';
const CODES = listTenantCodes(TENANTS_ROOT);

describe.each(await dbKinds())('seed on %s', (kind) => {
  // From scratch, not from the run's seeded template: the start-up seed itself is under test here.
  const platform = platformFor(kind, {}, { fresh: true });
  let app: IssuedAppToken;

  beforeAll(async () => {
    app = await generateAppToken(platform);
  }, 60_000);

  const reseed = () => seedDatabase(platform.deps.db, { tenantsRoot: TENANTS_ROOT });
  const storedSettings = () =>
    platform.deps.db
      .select({ lmsId: appSettings.lmsId, key: appSettings.key, value: appSettings.value })
      .from(appSettings)
      .orderBy(asc(appSettings.lmsId), asc(appSettings.key));
  // Ordered: an update may move a row, and the physical order of a table is no promise.
  const storedTenants = () => platform.deps.db.select().from(tenants).orderBy(asc(tenants.code));
  const settings = async () => {
    const res = await platform.api.request(`/${DEMO_APP_CODE}/cms/app/settings`, { headers: { AppToken: app.wire } });
    return (await res.json()).data;
  };

  it('every tenant folder has its tenants row, with the identity of its tenant.json', async () => {
    expect(CODES.length).toBe(13);
    const rows = await platform.deps.db.select().from(tenants);
    expect(rows.map((row) => row.code).sort()).toEqual(CODES);
    for (const code of CODES) {
      const file = loadTenant(TENANTS_ROOT, code);
      expect(rows.find((row) => row.code === code)).toMatchObject({
        lmsId: file.lmsId,
        appCode: file.appCode,
        hosts: file.hosts,
        mainTenant: file.mainTenant ?? null,
      });
    }
    expect(rows.filter((row) => row.mainTenant !== null).map((row) => [row.code, row.mainTenant])).toEqual([['pesilat', 'demo']]);
  });

  it('each role has a demo account on every tenant, and each can sign in', async () => {
    const accounts = await platform.deps.db.select({ lmsId: users.lmsId, email: users.email, kind: users.kind }).from(users);
    for (const code of CODES) {
      const { lmsId } = loadTenant(TENANTS_ROOT, code);
      for (const [kindNumber, role] of ROLES.entries()) {
        expect(accounts, `${role}@${code}`).toContainEqual({ lmsId, email: demoAccount(code, role).email, kind: kindNumber });
      }
      // The roles of one tenant sign in side by side; tenants one after another.
      const signedIn = await Promise.all(ROLES.map((role) => signInDemo(platform, role, { tenantCode: code, lmsId })));
      expect(new Set(signedIn).size).toBe(ROLES.length);
    }
  }, 60_000);

  it('seeding again adds nothing and changes nothing', async () => {
    const before = {
      rows: await countRows(platform),
      settings: await storedSettings(),
      tenants: await storedTenants(),
    };
    expect(await reseed()).toEqual({ tenants: 13, settingsAdded: 0, usersAdded: 0, contentAdded: 0, catalogueAdded: 0 });
    expect(await reseed()).toEqual({ tenants: 13, settingsAdded: 0, usersAdded: 0, contentAdded: 0, catalogueAdded: 0 });
    expect({
      rows: await countRows(platform),
      settings: await storedSettings(),
      tenants: await storedTenants(),
    }).toEqual(before);
  }, 60_000);

  it('settings changed through the API survive a re-seed', async () => {
    const admin = await signInDemo(platform, 'admin');
    const res = await platform.api.request(`/${DEMO_APP_CODE}/cms/app/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', AppToken: app.wire, Authorization: `Bearer ${admin}` },
      body: JSON.stringify({ title: 'Nusantara Learning Baru', css: { clr_primary: '#123456' }, isMaintenance: true }),
    });
    expect(res.status).toBe(200);
    const changed = await settings();

    await reseed();
    platform.deps.tenants.invalidate();
    const after = await settings();
    expect(after).toEqual(changed);
    expect(after).toMatchObject({ title: 'Nusantara Learning Baru', isMaintenance: true, css: { clr_primary: '#123456' } });
  });

  it('a re-seed restores what went missing (a setting, a demo account) and the identity from the files, nothing else', async () => {
    const { lmsId, hosts } = loadTenant(TENANTS_ROOT, 'demo');
    await platform.deps.db.delete(appSettings).where(and(eq(appSettings.lmsId, lmsId), eq(appSettings.key, 'blog')));
    await platform.deps.db.delete(users).where(and(eq(users.lmsId, lmsId), eq(users.email, demoAccount('demo', 'student').email)));
    await platform.deps.db
      .update(tenants)
      .set({ hosts: ['dibajak.example'] })
      .where(eq(tenants.lmsId, lmsId));

    // The re-created student is enrolled again in the class the catalogue seed gives them.
    expect(await reseed()).toEqual({ tenants: 13, settingsAdded: 1, usersAdded: 1, contentAdded: 0, catalogueAdded: 1 });
    const [row] = await platform.deps.db.select({ hosts: tenants.hosts }).from(tenants).where(eq(tenants.lmsId, lmsId));
    expect(row?.hosts).toEqual(hosts);
    platform.deps.tenants.invalidate();
    // From the files, not from the title an admin changed since.
    const restored = await settings();
    expect(restored.blog.title).toBe('Blog Nusantara Learning');
    expect(restored.title).toBe('Nusantara Learning Baru');
    const res = await platform.api.request(
      '/auth/generate/token',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', lmsId },
        body: JSON.stringify(demoAccount('demo', 'student')),
      },
      fromAddress(),
    );
    expect(res.status).toBe(200);
  });

  it("finds demo's pesilat site (SPEC §2: /pesilat/… on demo's hosts switches to it), and none for other tenants", async () => {
    const directory = platform.deps.tenants;
    directory.invalidate();
    const file = loadTenant(TENANTS_ROOT, 'pesilat');
    expect(await directory.pesilatTenantOf('demo')).toEqual({
      lmsId: file.lmsId,
      code: 'pesilat',
      appCode: file.appCode,
      title: file.setting.title,
      hosts: file.hosts,
      mainTenant: 'demo',
      // Pesilat shows and sells demo's catalogue (tenant.json catalogueFrom), under demo's tax rule.
      catalogueLmsId: loadTenant(TENANTS_ROOT, 'demo').lmsId,
      tax: { vatBps: 1100, included: false },
    });
    for (const code of ['pesilat', 'jongkreatif', 'tidak-ada']) expect(await directory.pesilatTenantOf(code), code).toBeUndefined();
    expect((await directory.byHost('pesilat.localhost'))?.mainTenant).toBe('demo');
    expect((await directory.byHost('localhost'))?.mainTenant).toBeNull();
  });

  it('a re-seed restores a main tenant changed in the database; of two pesilat sites of one tenant the first by code wins', async () => {
    const { lmsId: aksara } = loadTenant(TENANTS_ROOT, 'aksara');
    const { lmsId: pesilat } = loadTenant(TENANTS_ROOT, 'pesilat');
    const directory = platform.deps.tenants;
    await platform.deps.db.update(tenants).set({ mainTenant: 'demo' }).where(eq(tenants.lmsId, aksara));
    directory.invalidate();
    expect((await directory.pesilatTenantOf('demo'))?.code).toBe('aksara');

    await platform.deps.db.update(tenants).set({ mainTenant: null }).where(eq(tenants.lmsId, pesilat));
    await reseed();
    directory.invalidate();
    const rows = await platform.deps.db.select({ code: tenants.code, mainTenant: tenants.mainTenant }).from(tenants);
    expect(rows.filter((row) => row.mainTenant !== null)).toEqual([{ code: 'pesilat', mainTenant: 'demo' }]);
    expect((await directory.pesilatTenantOf('demo'))?.code).toBe('pesilat');
  });
});
