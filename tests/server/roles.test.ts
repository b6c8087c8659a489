import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { kindOfRole, ROLES, type Role, roleOfKind } from '~/contract/roles';
import { userSessions } from '~/server/db/schema';
import { dbKinds, platformFor } from './support/platform';
import { countRows, DEMO_APP_CODE, expectApiError, generateAppToken, type IssuedAppToken, signInDemo } from './support/tokens';

/** SPEC §6, written out rather than derived from ROLES, so a reordering of the list is caught. */
const SPEC_ROLES: [number, Role][] = [
  [0, 'superadmin'],
  [1, 'admin'],
  [2, 'mentor'],
  [3, 'teacher'],
  [4, 'student'],
  [5, 'industry'],
  [6, 'writer'],
  [7, 'lead_program'],
  [8, 'partner'],
  [9, 'lead_region'],
];

describe('user kind → role (SPEC §6)', () => {
  it.each(SPEC_ROLES)('kind %i is %s, and back', (kind, role) => {
    expect(roleOfKind(kind)).toBe(role);
    expect(kindOfRole(role)).toBe(kind);
  });

  it('there are exactly the ten roles of SPEC §6', () => {
    expect([...ROLES]).toEqual(SPEC_ROLES.map(([, role]) => role));
  });

  it.each([-1, 10, 11, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1', '0', null, undefined, true, {}, [1]])('%j has no role', (kind) => {
    expect(roleOfKind(kind)).toBeNull();
  });
});

describe.each(await dbKinds())('settings writes by role on %s', (kind) => {
  const platform = platformFor(kind);
  let app: IssuedAppToken;
  const tokens = new Map<Role, string>();

  beforeAll(async () => {
    app = await generateAppToken(platform);
    for (const role of ROLES) tokens.set(role, await signInDemo(platform, role));
  }, 60_000);

  const putTitle = (title: string, authorization?: string) =>
    platform.api.request(`/${DEMO_APP_CODE}/cms/app/setting/title`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', AppToken: app.wire, ...(authorization ? { Authorization: authorization } : {}) },
      body: JSON.stringify({ value: title }),
    });
  const settings = async () => {
    const res = await platform.api.request(`/${DEMO_APP_CODE}/cms/app/settings`, { headers: { AppToken: app.wire } });
    return (await res.json()).data;
  };
  const expectRefused = async (authorization: string | undefined, status: number) => {
    const before = { settings: await settings(), rows: await countRows(platform) };
    const body = await expectApiError(await putTitle('Judul Tidak Sah', authorization), status);
    expect({ settings: await settings(), rows: await countRows(platform) }).toEqual(before);
    return body;
  };

  it.each(['superadmin', 'admin'] as const)('%s of the tenant may write (Bearer or bare token)', async (role) => {
    const token = tokens.get(role) ?? '';
    const revision = (await settings()).revision;
    const bearer = await putTitle(`Nusantara Learning (${role})`, `Bearer ${token}`);
    expect(bearer.status).toBe(200);
    expect((await bearer.json()).data).toEqual({ key: 'title', value: `Nusantara Learning (${role})`, revision: revision + 1 });
    const bare = await putTitle(`Nusantara Learning (${role}, bare)`, token);
    expect(bare.status).toBe(200);
    expect((await settings()).title).toBe(`Nusantara Learning (${role}, bare)`);
  });

  it.each(['mentor', 'teacher', 'student', 'industry', 'writer', 'lead_program', 'partner', 'lead_region'] as const)(
    '%s gets 403 and writes nothing',
    async (role) => {
      const body = await expectRefused(`Bearer ${tokens.get(role)}`, 403);
      expect(body.message).toBe('Akses ditolak: hanya untuk admin, superadmin');
    },
  );

  it('no Authorization → 401', async () => {
    const body = await expectRefused(undefined, 401);
    expect(body.message).toBe('Silakan masuk terlebih dahulu');
  });

  it.each(['Bearer', 'Bearer    ', `Bearer ${randomBytes(32).toString('base64url')}`, 'tidak-dikenal'])(
    'an unknown access token (%j) → 401',
    async (authorization) => {
      await expectRefused(authorization, 401);
    },
  );

  it('an expired access token → 401', async () => {
    const token = await signInDemo(platform, 'admin');
    expect((await platform.api.request('/auth/user/detail', { headers: { Authorization: token } })).status).toBe(200);
    const hash = createHash('sha256').update(token).digest('hex');
    await platform.deps.db
      .update(userSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userSessions.tokenHash, hash));
    await expectRefused(`Bearer ${token}`, 401);
    await expectApiError(await platform.api.request('/auth/user/detail', { headers: { Authorization: token } }), 401);
    // Other sessions of the same account live on.
    expect((await putTitle('Nusantara Learning', tokens.get('admin'))).status).toBe(200);
  });

  it("an admin of another tenant with this tenant's app token → 403", async () => {
    const otherAdmin = await signInDemo(platform, 'admin', { tenantCode: 'smkcoding' });
    const body = await expectRefused(`Bearer ${otherAdmin}`, 403);
    expect(body.message).toBe('Akun ini bukan milik tenant tersebut');
  });

  it('the auth service reports each role with its kind', async () => {
    for (const [kindNumber, role] of SPEC_ROLES) {
      const res = await platform.api.request('/auth/user/detail', { headers: { Authorization: `Bearer ${tokens.get(role)}` } });
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ email: `${role}@demo.example`, kind: kindNumber, role, lmsId: app.tenant.lmsId });
    }
  });
});
