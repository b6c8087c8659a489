import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { HEADERS } from '~/contract/common';
import { SETTING_KEYS, type SettingKey, SettingKeySchema, SettingsUpdateSchema, SettingUpdateSchema } from '~/contract/settings';
import type { ApiDeps, ApiEnv } from '../context';
import { ownAppCode } from '../http/own-app';
import { ok } from '../http/respond';
import { readJson } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from '../identity';
import { announceChange } from '../platform/announce-change';
import { recordAudit } from '../platform/audit';
import { fail } from '../platform/errors';
import { type OnSettingsStored, readSettings, writeSettings } from './settings';
import { CopyKeySchema, copySchemaOf, listCopyKeys, readCopyKey, writeCopyKey } from './site-copy';

/** Settings per app code (SPEC §7 "Settings"): read by anyone with the tenant's app token, written by admins. */
export function settingsRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const admins = [requireUser(deps), requireRole('admin', 'superadmin')] as const;

  const ownCode = ownAppCode(deps);

  const load = async (lmsId: string) => {
    const settings = await readSettings(deps.db, lmsId);
    if (!settings) throw fail('settingsNotFound');
    return settings;
  };

  /**
   * After each write: the tenant's settings changed. Page copy too is announced as a settings change
   * (it can show on any page: navigation, footer, home), so both rebuild the whole site.
   */
  const announce = (c: Context<ApiEnv>) => announceChange(deps, { tenant: c.get('tenant').code, reason: 'settings', ids: [] });
  /** The audit entry of a settings write, in its transaction: the keys it changed, before and after. */
  const audited =
    (c: Context<ApiEnv>): OnSettingsStored =>
    (tx, { before, after }) =>
      recordAudit(tx, { lmsId: c.get('tenant').lmsId, actor: c.get('user'), action: 'settings.update', target: 'settings', before, after });

  // Registered before `/:code/…` so that `v0` is not taken for an app code.
  app.get('/v0/cms/app/settings', requireAppToken(deps), async (c) => {
    const lmsId = c.req.header(HEADERS.lmsId)?.trim() || c.req.query('lmsId') || c.get('tenant').lmsId;
    if (lmsId !== c.get('tenant').lmsId) throw fail('lmsIdNotAppToken');
    return ok(c, await load(lmsId));
  });

  app.get('/:code/cms/app/id', requireAppToken(deps), ownCode, (c) => {
    const { lmsId, appCode, title } = c.get('tenant');
    return ok(c, { lmsId, code: appCode, title });
  });

  app.get('/:code/cms/app/settings', requireAppToken(deps), ownCode, async (c) => ok(c, await load(c.get('tenant').lmsId)));

  app.get('/:code/cms/app/setting/:key', requireAppToken(deps), ownCode, async (c) => {
    const key = SettingKeySchema.safeParse(c.req.param('key'));
    if (!key.success) throw fail('settingNotFound', { key: c.req.param('key') });
    const settings = await load(c.get('tenant').lmsId);
    return ok(c, { key: key.data, value: settings[key.data], revision: settings.revision });
  });

  app.put('/:code/cms/app/settings', requireAppToken(deps), ownCode, ...admins, async (c) => {
    const { revision, ...changes } = await readJson(c, SettingsUpdateSchema);
    const keys = SETTING_KEYS.filter((key) => changes[key] !== undefined);
    if (!keys.length) {
      throw fail('invalid', { fields: [{ field: '(body)', message: `kirim minimal satu pengaturan: ${SETTING_KEYS.join(', ')}` }] });
    }
    const settings = await writeSettings(
      deps.db,
      c.get('tenant').lmsId,
      Object.fromEntries(keys.map((key) => [key, changes[key]])),
      revision,
      audited(c),
    );
    deps.tenants.invalidate();
    await announce(c);
    return ok(c, settings, 'Pengaturan disimpan');
  });

  app.put('/:code/cms/app/setting/:key', requireAppToken(deps), ownCode, ...admins, async (c) => {
    const key = SettingKeySchema.safeParse(c.req.param('key'));
    if (!key.success) throw fail('invalid', { fields: [{ field: 'key', message: key.error.issues[0]?.message ?? 'tidak dikenal' }] });
    const { value, revision } = await readJson(c, SettingUpdateSchema);
    const settings = await writeSettings(
      deps.db,
      c.get('tenant').lmsId,
      { [key.data]: value } as Partial<Record<SettingKey, unknown>>,
      revision,
      audited(c),
    );
    deps.tenants.invalidate();
    await announce(c);
    return ok(c, { key: key.data, value: settings[key.data], revision: settings.revision }, 'Pengaturan disimpan');
  });

  // Page copy (site, home, content pages): what the builds render besides settings and content items.
  app.get('/:code/cms/app/copy', requireAppToken(deps), ownCode, async (c) =>
    ok(c, { keys: await listCopyKeys(deps.db, c.get('tenant').lmsId) }),
  );

  const copyKey = (raw: string | undefined) => {
    const key = CopyKeySchema.safeParse(raw ?? '');
    if (!key.success) throw fail('invalid', { fields: [{ field: 'key', message: key.error.issues[0]?.message ?? 'tidak valid' }] });
    return key.data;
  };

  app.get('/:code/cms/app/copy/item', requireAppToken(deps), ownCode, async (c) => {
    const key = copyKey(c.req.query('key'));
    const value = await readCopyKey(deps.db, c.get('tenant').lmsId, key);
    if (value === undefined) throw fail('copyNotFound', { key });
    return ok(c, { key, value });
  });

  app.put('/:code/cms/app/copy/item', requireAppToken(deps), ownCode, ...admins, async (c) => {
    const key = copyKey(c.req.query('key'));
    const { value } = await readJson(c, CopyUpdateSchema);
    const checked = copySchemaOf(key).safeParse(value);
    if (!checked.success) {
      const fields = checked.error.issues.map((issue) => ({ field: ['value', ...issue.path].join('.'), message: issue.message }));
      throw fail('invalid', { fields });
    }
    const lmsId = c.get('tenant').lmsId;
    const before = await readCopyKey(deps.db, lmsId, key);
    await writeCopyKey(deps.db, lmsId, key, checked.data);
    await recordAudit(deps.db, {
      lmsId,
      actor: c.get('user'),
      action: 'copy.update',
      target: `copy:${key}`,
      before: { value: before },
      after: { value: checked.data },
    });
    await announce(c);
    return ok(c, { key, value: checked.data }, 'Salinan disimpan');
  });

  return app;
}

const CopyUpdateSchema = z.strictObject({ value: z.unknown() });
