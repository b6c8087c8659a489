import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type AppSettings, AppSettingsSchema, SETTING_VALUE_SCHEMAS, type SettingKey } from '~/contract/settings';
import type { Db } from '../db/client';
import { appSettings, tenants } from '../db/schema';

/** A rejected settings write: the field and the reason, or a stale revision. */
export type SettingsWriteError = { kind: 'invalid'; fields: { field: string; message: string }[] } | { kind: 'conflict'; revision: number };

/** Every setting of a tenant, with SPEC defaults for what was never stored. */
export async function readSettings(db: Db, lmsId: string): Promise<AppSettings | undefined> {
  const [tenant] = await db
    .select({ title: tenants.title, revision: tenants.settingsRevision, updatedAt: tenants.settingsUpdatedAt })
    .from(tenants)
    .where(eq(tenants.lmsId, lmsId))
    .limit(1);
  if (!tenant) return undefined;
  const rows = await db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings).where(eq(appSettings.lmsId, lmsId));
  const stored = Object.fromEntries(rows.filter((row) => row.key in SETTING_VALUE_SCHEMAS).map((row) => [row.key, row.value]));
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Validates and stores some settings in one transaction. Object values (css, meta, blog, overview)
 * are merged over the stored value, so a partial write never drops what it did not mention. When
 * `revision` is given and another write landed since, nothing is written (conflict).
 */
export async function writeSettings(
  db: Db,
  lmsId: string,
  changes: Partial<Record<SettingKey, unknown>>,
  revision?: number,
): Promise<{ ok: true; settings: AppSettings } | { ok: false; error: SettingsWriteError }> {
  const current = await readSettings(db, lmsId);
  if (!current) throw new Error(`tenant ${lmsId} hilang`);
  const keys = Object.keys(changes) as SettingKey[];
  const values: Partial<Record<SettingKey, unknown>> = {};
  const fields: { field: string; message: string }[] = [];
  for (const key of keys) {
    const schema: z.ZodType = SETTING_VALUE_SCHEMAS[key];
    const incoming = changes[key];
    const merged = isPlainObject(incoming) && isPlainObject(current[key]) ? { ...(current[key] as object), ...incoming } : incoming;
    const result = schema.safeParse(merged);
    if (result.success) values[key] = result.data;
    else for (const issue of result.error.issues) fields.push({ field: [key, ...issue.path].join('.'), message: issue.message });
  }
  if (fields.length) return { ok: false, error: { kind: 'invalid', fields } };

  const conflict = await db.transaction(async (tx) => {
    // The revision bump is the lock: a concurrent writer with the same expected revision updates no row.
    const bumped = await tx
      .update(tenants)
      .set({
        settingsRevision: sql`${tenants.settingsRevision} + 1`,
        settingsUpdatedAt: new Date(),
        ...(keys.includes('title') ? { title: values.title as string } : {}),
      })
      .where(and(eq(tenants.lmsId, lmsId), revision === undefined ? undefined : eq(tenants.settingsRevision, revision)))
      .returning({ revision: tenants.settingsRevision });
    if (!bumped.length) return true;
    if (keys.length) {
      await tx.delete(appSettings).where(and(eq(appSettings.lmsId, lmsId), inArray(appSettings.key, keys)));
      await tx.insert(appSettings).values(keys.map((key) => ({ lmsId, key, value: values[key] as object, updatedAt: new Date() })));
    }
    return false;
  });
  if (conflict) return { ok: false, error: { kind: 'conflict', revision: current.revision } };
  const settings = await readSettings(db, lmsId);
  return settings ? { ok: true, settings } : { ok: false, error: { kind: 'conflict', revision: current.revision } };
}
