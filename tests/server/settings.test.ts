import { beforeAll, describe, expect, it } from 'vitest';
import type { SettingKey } from '~/contract/settings';
import {
  type ApiClient,
  getAppId,
  getAppSetting,
  getAppSettings,
  getSettingsByLmsId,
  signIn,
  updateAppSetting,
  updateAppSettings,
} from '~/lib/api';
import { demoAccount } from '~/server/seed/seed';
import { appClientOf, clientOf, DEMO_APP_CODE, otherTenantOf, signInAs, tenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';

describe.each(await dbKinds())('settings through the API client on %s', (kind) => {
  const platform = platformFor(kind);
  /** The demo site with an app token, no user. */
  let site: ApiClient;
  let admin: ApiClient;
  let student: ApiClient;

  beforeAll(async () => {
    site = await appClientOf(platform);
    admin = await appClientOf(platform);
    student = await appClientOf(platform);
    await signInAs(admin, 'admin');
    await signInAs(student, 'student');
  }, 60_000);

  describe('reading', () => {
    it('GET {code}/cms/app/id names the lms id of the app code', async () => {
      const tenant = await tenantOf(platform);
      expect(await getAppId(site, DEMO_APP_CODE)).toEqual({ lmsId: tenant.lmsId, code: DEMO_APP_CODE, title: tenant.title });
    });

    it('GET {code}/cms/app/settings, setting/{key} and v0/cms/app/settings agree', async () => {
      const settings = await getAppSettings(site, DEMO_APP_CODE);
      expect(settings.title.length).toBeGreaterThan(0);
      expect(settings.css.clr_primary).toMatch(/^#/);
      expect(await getAppSetting(site, DEMO_APP_CODE, 'title')).toEqual({
        key: 'title',
        value: settings.title,
        revision: settings.revision,
      });
      expect(await getAppSetting(site, DEMO_APP_CODE, 'css')).toMatchObject({ value: settings.css });
      expect(await getSettingsByLmsId(site)).toEqual(settings);
      expect(await getSettingsByLmsId(clientOf(platform), (await tenantOf(platform)).lmsId, { credentials: site.credentials() })).toEqual(
        settings,
      );
    });

    it('answers 404 for an unknown key or app code', async () => {
      await expect(getAppSetting(site, DEMO_APP_CODE, 'password' as SettingKey)).rejects.toMatchObject({ statusCode: 404 });
      await expect(getAppSettings(site, 'NO-SUCH-APP')).rejects.toMatchObject({ statusCode: 404 });
    });

    it('answers 401 without an app token and with a bad one', async () => {
      const bare = clientOf(platform);
      await expect(getAppId(bare, DEMO_APP_CODE)).rejects.toMatchObject({ statusCode: 401 });
      await expect(getAppSettings(bare, DEMO_APP_CODE)).rejects.toMatchObject({ statusCode: 401 });
      await expect(getSettingsByLmsId(bare)).rejects.toMatchObject({ statusCode: 401 });
      const forged = { credentials: { appToken: `${DEMO_APP_CODE}.${'x'.repeat(80)}` } };
      await expect(getAppSetting(site, DEMO_APP_CODE, 'title', forged)).rejects.toMatchObject({ statusCode: 401 });
    });

    it("answers 403 for another tenant's app code or lms id", async () => {
      const other = await otherTenantOf(platform);
      await expect(getAppId(site, other.appCode)).rejects.toMatchObject({ statusCode: 403 });
      await expect(getAppSettings(site, other.appCode)).rejects.toMatchObject({ statusCode: 403 });
      await expect(getAppSetting(site, other.appCode, 'title')).rejects.toMatchObject({ statusCode: 403 });
      await expect(getSettingsByLmsId(site, other.lmsId)).rejects.toMatchObject({ statusCode: 403 });
      await expect(getAppSettings(site, DEMO_APP_CODE, { credentials: { lmsId: other.lmsId } })).rejects.toMatchObject({ statusCode: 403 });
    });
  });

  describe('writing', () => {
    it('PUT {code}/cms/app/settings by an admin stores the values and moves the revision on', async () => {
      const before = await getAppSettings(admin, DEMO_APP_CODE);
      const saved = await updateAppSettings(admin, DEMO_APP_CODE, {
        title: 'Nusantara Baru',
        isMaintenance: false,
        revision: before.revision,
      });
      expect(saved).toMatchObject({ title: 'Nusantara Baru', isMaintenance: false, revision: before.revision + 1 });
      expect(await getAppSettings(site, DEMO_APP_CODE)).toEqual(saved);
      expect(await getSettingsByLmsId(site)).toEqual(saved);
    });

    it('PUT {code}/cms/app/setting/{key} merges an object value over the stored one', async () => {
      const before = await getAppSettings(admin, DEMO_APP_CODE);
      const saved = await updateAppSetting(admin, DEMO_APP_CODE, 'css', { value: { clr_primary: '#123456' } });
      expect(saved).toEqual({ key: 'css', value: { ...before.css, clr_primary: '#123456' }, revision: before.revision + 1 });
      expect((await getAppSetting(site, DEMO_APP_CODE, 'css')).value).toEqual(saved.value);
    });

    it('answers 409 to a write based on a stale revision and keeps the newer values', async () => {
      const current = await getAppSettings(admin, DEMO_APP_CODE);
      const stale = current.revision - 1;
      await expect(updateAppSettings(admin, DEMO_APP_CODE, { title: 'Lama', revision: stale })).rejects.toMatchObject({ statusCode: 409 });
      await expect(updateAppSetting(admin, DEMO_APP_CODE, 'title', { value: 'Lama', revision: stale })).rejects.toMatchObject({
        statusCode: 409,
      });
      expect(await getAppSettings(site, DEMO_APP_CODE)).toEqual(current);
    });

    it('answers 403 to a student and 401 to a visitor, and stores nothing', async () => {
      const current = await getAppSettings(site, DEMO_APP_CODE);
      await expect(updateAppSettings(student, DEMO_APP_CODE, { title: 'Diretas' })).rejects.toMatchObject({ statusCode: 403 });
      await expect(updateAppSetting(student, DEMO_APP_CODE, 'title', { value: 'Diretas' })).rejects.toMatchObject({ statusCode: 403 });
      await expect(updateAppSettings(site, DEMO_APP_CODE, { title: 'Diretas' })).rejects.toMatchObject({ statusCode: 401 });
      expect(await getAppSettings(site, DEMO_APP_CODE)).toEqual(current);
    });

    it("answers 403 to another tenant's admin, to another app code and to a read-only token", async () => {
      const current = await getAppSettings(site, DEMO_APP_CODE);
      const other = await otherTenantOf(platform);
      const foreignAdmin = clientOf(platform);
      foreignAdmin.setCredentials({ lmsId: other.lmsId });
      const { accessToken } = await signIn(foreignAdmin, demoAccount(other.code, 'admin'));
      await expect(updateAppSettings(site, DEMO_APP_CODE, { title: 'Diretas' }, { credentials: { accessToken } })).rejects.toMatchObject({
        statusCode: 403,
      });
      await expect(updateAppSettings(admin, other.appCode, { title: 'Diretas' })).rejects.toMatchObject({ statusCode: 403 });

      const readOnly = await appClientOf(platform, ['read']);
      readOnly.setCredentials({ accessToken: admin.credentials().accessToken });
      await expect(updateAppSettings(readOnly, DEMO_APP_CODE, { title: 'Diretas' })).rejects.toMatchObject({ statusCode: 403 });
      expect(await getAppSettings(site, DEMO_APP_CODE)).toEqual(current);
    });

    it('refuses colours the site could not show at WCAG AA, naming the pair, and stores nothing', async () => {
      const current = await getAppSettings(site, DEMO_APP_CODE);
      await expect(updateAppSetting(admin, DEMO_APP_CODE, 'css', { value: { clr_dark: '#d0d0d0' } })).rejects.toMatchObject({
        statusCode: 400,
        fields: expect.arrayContaining([
          expect.objectContaining({
            field: 'css',
            message: expect.stringMatching(/--text-on-dark \(#ffffff\) di atas --ground-dark \(#d0d0d0\)/),
          }),
        ]),
      });
      expect(await getAppSettings(site, DEMO_APP_CODE)).toEqual(current);
    });

    it('answers 400 naming each bad field, and stores nothing', async () => {
      const current = await getAppSettings(site, DEMO_APP_CODE);
      await expect(
        updateAppSettings(admin, DEMO_APP_CODE, { title: 'Baik', css: { clr_primary: 'merah', ft_primary: 'Comic Sans' } }),
      ).rejects.toMatchObject({
        statusCode: 400,
        fields: expect.arrayContaining([
          expect.objectContaining({ field: 'css.clr_primary' }),
          expect.objectContaining({ field: 'css.ft_primary' }),
        ]),
      });
      await expect(updateAppSettings(admin, DEMO_APP_CODE, {})).rejects.toMatchObject({ statusCode: 400 });
      await expect(updateAppSetting(admin, DEMO_APP_CODE, 'nope' as SettingKey, { value: 1 })).rejects.toMatchObject({ statusCode: 400 });
      expect(await getAppSettings(site, DEMO_APP_CODE)).toEqual(current);
    });
  });
});
