import { Hono } from 'hono';
import { z } from 'zod';
import { HEADERS } from '~/contract/common';
import { SETTING_KEYS, type SettingKey, SettingKeySchema, SettingsUpdateSchema, SettingUpdateSchema } from '~/contract/settings';
import type { ApiDeps, ApiEnv } from '../context';
import { HttpError, invalidInput } from '../http/errors';
import { ownAppCode } from '../http/own-app';
import { readJson } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from '../identity';
import { announces } from '../platform/announce';
import { readSettings, type SettingsWriteError, writeSettings } from './settings';
import { CopyKeySchema, copySchemaOf, listCopyKeys, readCopyKey, writeCopyKey } from './site-copy';

/** Settings per app code (SPEC §7 "Settings"): read by anyone with the tenant's app token, written by admins. */
export function settingsRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const admins = [requireUser(deps), requireRole('admin', 'superadmin')] as const;

  const ownCode = ownAppCode(deps);

  const load = async (lmsId: string) => {
    const settings = await readSettings(deps.db, lmsId);
    if (!settings) throw new HttpError(404, 'Pengaturan tenant tidak ditemukan');
    return settings;
  };

  const refuse = (error: SettingsWriteError): never => {
    if (error.kind === 'invalid') throw invalidInput(error.fields);
    throw new HttpError(409, `Pengaturan sudah diubah orang lain (revisi ${error.revision}); muat ulang lalu simpan lagi`);
  };

  // Registered before `/:code/…` so that `v0` is not taken for an app code.
  app.get('/v0/cms/app/settings', requireAppToken(deps), async (c) => {
    const lmsId = c.req.header(HEADERS.lmsId)?.trim() || c.req.query('lmsId') || c.get('tenant').lmsId;
    if (lmsId !== c.get('tenant').lmsId) throw new HttpError(403, 'lmsId tidak sesuai dengan AppToken');
    return c.json({ statusCode: 200, message: 'OK', data: await load(lmsId) });
  });

  app.get('/:code/cms/app/id', requireAppToken(deps), ownCode, (c) => {
    const { lmsId, appCode, title } = c.get('tenant');
    return c.json({ statusCode: 200, message: 'OK', data: { lmsId, code: appCode, title } });
  });

  app.get('/:code/cms/app/settings', requireAppToken(deps), ownCode, async (c) =>
    c.json({ statusCode: 200, message: 'OK', data: await load(c.get('tenant').lmsId) }),
  );

  app.get('/:code/cms/app/setting/:key', requireAppToken(deps), ownCode, async (c) => {
    const key = SettingKeySchema.safeParse(c.req.param('key'));
    if (!key.success) throw new HttpError(404, `Pengaturan "${c.req.param('key')}" tidak ditemukan`);
    const settings = await load(c.get('tenant').lmsId);
    return c.json({ statusCode: 200, message: 'OK', data: { key: key.data, value: settings[key.data], revision: settings.revision } });
  });

  app.put('/:code/cms/app/settings', requireAppToken(deps), ownCode, ...admins, announces(deps, 'settings'), async (c) => {
    const { revision, ...changes } = await readJson(c, SettingsUpdateSchema);
    const keys = SETTING_KEYS.filter((key) => changes[key] !== undefined);
    if (!keys.length) throw invalidInput([{ field: '(body)', message: `kirim minimal satu pengaturan: ${SETTING_KEYS.join(', ')}` }]);
    const result = await writeSettings(
      deps.db,
      c.get('tenant').lmsId,
      Object.fromEntries(keys.map((key) => [key, changes[key]])),
      revision,
    );
    if (!result.ok) return refuse(result.error);
    deps.tenants.invalidate();
    return c.json({ statusCode: 200, message: 'Pengaturan disimpan', data: result.settings });
  });

  app.put('/:code/cms/app/setting/:key', requireAppToken(deps), ownCode, ...admins, announces(deps, 'settings'), async (c) => {
    const key = SettingKeySchema.safeParse(c.req.param('key'));
    if (!key.success) throw invalidInput([{ field: 'key', message: key.error.issues[0]?.message ?? 'tidak dikenal' }]);
    const { value, revision } = await readJson(c, SettingUpdateSchema);
    const result = await writeSettings(
      deps.db,
      c.get('tenant').lmsId,
      { [key.data]: value } as Partial<Record<SettingKey, unknown>>,
      revision,
    );
    if (!result.ok) return refuse(result.error);
    deps.tenants.invalidate();
    return c.json({
      statusCode: 200,
      message: 'Pengaturan disimpan',
      data: { key: key.data, value: result.settings[key.data], revision: result.settings.revision },
    });
  });

  // Page copy (site, home, content pages): what the builds render besides settings and content items.
  app.get('/:code/cms/app/copy', requireAppToken(deps), ownCode, async (c) =>
    c.json({ statusCode: 200, message: 'OK', data: { keys: await listCopyKeys(deps.db, c.get('tenant').lmsId) } }),
  );

  const copyKey = (raw: string | undefined) => {
    const key = CopyKeySchema.safeParse(raw ?? '');
    if (!key.success) throw invalidInput([{ field: 'key', message: key.error.issues[0]?.message ?? 'tidak valid' }]);
    return key.data;
  };

  app.get('/:code/cms/app/copy/item', requireAppToken(deps), ownCode, async (c) => {
    const key = copyKey(c.req.query('key'));
    const value = await readCopyKey(deps.db, c.get('tenant').lmsId, key);
    if (value === undefined) throw new HttpError(404, `Salinan "${key}" tidak ditemukan`);
    return c.json({ statusCode: 200, message: 'OK', data: { key, value } });
  });

  // A copy change can show on any page (navigation, footer, home): announced as a settings change, a full rebuild.
  app.put('/:code/cms/app/copy/item', requireAppToken(deps), ownCode, ...admins, announces(deps, 'settings'), async (c) => {
    const key = copyKey(c.req.query('key'));
    const { value } = await readJson(c, CopyUpdateSchema);
    const checked = copySchemaOf(key).safeParse(value);
    if (!checked.success) {
      throw invalidInput(checked.error.issues.map((issue) => ({ field: ['value', ...issue.path].join('.'), message: issue.message })));
    }
    await writeCopyKey(deps.db, c.get('tenant').lmsId, key, checked.data);
    return c.json({ statusCode: 200, message: 'Salinan disimpan', data: { key, value: checked.data } });
  });

  return app;
}

const CopyUpdateSchema = z.strictObject({ value: z.unknown() });
