import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AppSettings,
  AppSettingsSchema,
  type ChatSetting,
  ChatSettingSchema,
  SETTING_VALUE_SCHEMAS,
  type SettingKey,
  type SiteCss,
} from '~/contract/settings';
import { themeProblems, themeVariables } from '~/lib/tenant/theme';
import type { Db, Tx } from '../db/client';
import { appSettings, tenants } from '../db/schema';
import { type FieldError, fail } from '../platform/errors';

/** Every setting of a tenant, with SPEC defaults for what was never stored. */
export async function readSettings(db: Db, lmsId: string): Promise<AppSettings | undefined> {
  const [tenant] = await db
    .select({ title: tenants.title, revision: tenants.settingsRevision, updatedAt: tenants.settingsUpdatedAt })
    .from(tenants)
    .where(eq(tenants.lmsId, lmsId))
    .limit(1);
  if (!tenant) return undefined;
  const rows = await db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings).where(eq(appSettings.lmsId, lmsId));
  const stored: Record<string, unknown> = {};
  for (const row of rows) {
    if (!(row.key in SETTING_VALUE_SCHEMAS)) continue;
    // A value stored under older rules must not make the tenant's settings unreadable (and so unfixable).
    const checked = SETTING_VALUE_SCHEMAS[row.key as SettingKey].safeParse(row.value);
    if (checked.success) stored[row.key] = checked.data;
    else console.warn(`[settings] ${lmsId}: nilai "${row.key}" tidak valid lagi; memakai bawaan sampai disimpan ulang`);
  }
  return AppSettingsSchema.parse({
    title: tenant.title,
    logoDark: '/logo-dark.svg',
    logoLight: '/logo-light.svg',
    favicon: '/favicon.svg',
    ...stored,
    revision: tenant.revision,
    updatedAt: tenant.updatedAt.toISOString(),
  });
}

/**
 * The tenant's chat setting alone, in one read: the AI chat checks it on every question. Its defaults
 * (off) when never stored or no longer valid, as `readSettings` gives it.
 */
export async function readChatSetting(db: Db, lmsId: string): Promise<ChatSetting> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(and(eq(appSettings.lmsId, lmsId), eq(appSettings.key, 'chat')))
    .limit(1);
  const checked = ChatSettingSchema.safeParse(row?.value ?? {});
  return checked.success ? checked.data : ChatSettingSchema.parse({});
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Each changed key validated; object values merged over the stored one first. */
function mergeChanges(current: AppSettings, changes: Partial<Record<SettingKey, unknown>>) {
  const values: Partial<Record<SettingKey, unknown>> = {};
  const fields: FieldError[] = [];
  for (const key of Object.keys(changes) as SettingKey[]) {
    const schema: z.ZodType = SETTING_VALUE_SCHEMAS[key];
    const incoming = changes[key];
    const merged = isPlainObject(incoming) && isPlainObject(current[key]) ? { ...(current[key] as object), ...incoming } : incoming;
    const result = schema.safeParse(merged);
    if (!result.success) {
      for (const issue of result.error.issues) fields.push({ field: [key, ...issue.path].join('.'), message: issue.message });
      continue;
    }
    // Colours the site could not show readably are refused here, not discovered by a failing build.
    const unreadable = key === 'css' ? themeProblems(themeVariables(result.data as SiteCss)) : [];
    for (const problem of unreadable) fields.push({ field: 'css', message: `kontras di bawah WCAG AA: ${problem}` });
    if (unreadable.length === 0) values[key] = result.data;
  }
  return { values, fields };
}

/** The settings a write changes, as they were and as they are stored: what its audit entry summarises. */
export interface SettingsChange {
  before: Partial<Record<SettingKey, unknown>>;
  after: Partial<Record<SettingKey, unknown>>;
}

/** Runs in the write's transaction once the values are stored (e.g. the audit entry), so both stand or fall together. */
export type OnSettingsStored = (tx: Tx, change: SettingsChange) => Promise<void>;

/** Stores the values if the tenant is still at `expected`; false when another write landed first. */
async function storeAt(
  db: Db,
  lmsId: string,
  values: Partial<Record<SettingKey, unknown>>,
  expected: number,
  stored: (tx: Tx) => Promise<void>,
): Promise<boolean> {
  const keys = Object.keys(values) as SettingKey[];
  return db.transaction(async (tx) => {
    // The revision bump is the lock: of two writers expecting the same revision, one updates no row.
    const bumped = await tx
      .update(tenants)
      .set({
        settingsRevision: sql`${tenants.settingsRevision} + 1`,
        settingsUpdatedAt: new Date(),
        ...(typeof values.title === 'string' ? { title: values.title } : {}),
      })
      .where(and(eq(tenants.lmsId, lmsId), eq(tenants.settingsRevision, expected)))
      .returning({ revision: tenants.settingsRevision });
    if (!bumped.length) return false;
    await tx.delete(appSettings).where(and(eq(appSettings.lmsId, lmsId), inArray(appSettings.key, keys)));
    await tx.insert(appSettings).values(keys.map((key) => ({ lmsId, key, value: values[key] as object, updatedAt: new Date() })));
    await stored(tx);
    return true;
  });
}

/**
 * Validates and stores some settings and answers every setting as it now is. Object values (css,
 * meta, blog, overview) are merged over the stored value, so a partial write never drops what it did
 * not mention. A value that does not pass: `invalid` naming each field. With `revision`, a write
 * that finds another one landed since is refused (`settingsChanged`, with the current revision);
 * without it, the merge is redone over the newer values, so two admins changing different colours
 * keep both. `onStored` runs in the write's transaction with the keys' values before and after.
 */
export async function writeSettings(
  db: Db,
  lmsId: string,
  changes: Partial<Record<SettingKey, unknown>>,
  revision?: number,
  onStored?: OnSettingsStored,
): Promise<AppSettings> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await readSettings(db, lmsId);
    if (!current) throw new Error(`tenant ${lmsId} hilang`);
    if (revision !== undefined && revision !== current.revision) throw fail('settingsChanged', { revision: current.revision });
    const { values, fields } = mergeChanges(current, changes);
    if (fields.length) throw fail('invalid', { fields });
    const before = Object.fromEntries(Object.keys(values).map((key) => [key, current[key as SettingKey]]));
    const stored = async (tx: Tx) => onStored?.(tx, { before, after: values });
    if (await storeAt(db, lmsId, values, current.revision, stored)) {
      const settings = await readSettings(db, lmsId);
      if (settings) return settings;
    }
  }
  const latest = await readSettings(db, lmsId);
  throw fail('settingsChanged', { revision: latest?.revision ?? 0 });
}
