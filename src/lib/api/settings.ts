import { envelope } from '~/contract/common';
import { type AppSettings, AppSettingsResponseSchema, AppSettingsSchema, type SettingKey, SettingValueSchema } from '~/contract/settings';
import type { ApiClient, RequestOptions, ResponseSchema } from './client';

export { type AppId, getAppId } from './app-id';

/** One setting as the server stores it, typed by its key. */
export interface SettingValue<K extends SettingKey> {
  key: K;
  value: AppSettings[K];
  revision: number;
}

/** Partial settings to write; `revision` (from a previous read) makes a concurrent change fail with 409. */
export type SettingsChanges = Partial<{ [K in SettingKey]: unknown }> & { revision?: number };

const appPath = (code: string, rest: string) => `${encodeURIComponent(code)}/cms/app/${rest}`;

/** The answer for one key, its value checked against that key's part of the settings contract. */
const settingValueResponse = (key: SettingKey) => envelope(SettingValueSchema.extend({ value: AppSettingsSchema.shape[key] }));

/** GET {code}/cms/app/settings: every setting of the app, with the `revision` to send back when writing. */
export async function getAppSettings(client: ApiClient, code: string, options?: RequestOptions): Promise<AppSettings> {
  return (await client.call('main', appPath(code, 'settings'), AppSettingsResponseSchema, options)).data;
}

/** GET {code}/cms/app/setting/{key}: one setting. */
export async function getAppSetting<K extends SettingKey>(
  client: ApiClient,
  code: string,
  key: K,
  options?: RequestOptions,
): Promise<SettingValue<K>> {
  const body = await client.call('main', appPath(code, `setting/${encodeURIComponent(key)}`), settingValueResponse(key), options);
  return body.data as SettingValue<K>;
}

/** PUT {code}/cms/app/settings: writes some settings (admin or superadmin); answers with all settings after the write. */
export async function updateAppSettings(
  client: ApiClient,
  code: string,
  changes: SettingsChanges,
  options?: RequestOptions,
): Promise<AppSettings> {
  return (await client.call('main', appPath(code, 'settings'), AppSettingsResponseSchema, { ...options, method: 'PUT', body: changes }))
    .data;
}

/** PUT {code}/cms/app/setting/{key}: writes one setting (admin or superadmin). Object values are merged over the stored ones. */
export async function updateAppSetting<K extends SettingKey>(
  client: ApiClient,
  code: string,
  key: K,
  update: { value: unknown; revision?: number },
  options?: RequestOptions,
): Promise<SettingValue<K>> {
  const path = appPath(code, `setting/${encodeURIComponent(key)}`);
  const body = await client.call('main', path, settingValueResponse(key), { ...options, method: 'PUT', body: update });
  return body.data as SettingValue<K>;
}

/** GET v0/cms/app/settings: the site settings of the held lms id (or `lmsId` given here). */
export async function getSettingsByLmsId(client: ApiClient, lmsId?: string, options?: RequestOptions): Promise<AppSettings> {
  const credentials = lmsId ? { ...options?.credentials, lmsId } : options?.credentials;
  return (
    await client.call('main', 'v0/cms/app/settings', AppSettingsResponseSchema, { ...options, ...(credentials ? { credentials } : {}) })
  ).data;
}

/**
 * One key of a tenant's page copy as the API stores it: `site` and `home` are objects, `page:<route>`
 * (`page:About`, `page:Training-Services/Syllabus`) is `{ data, body }`: the page's front matter and
 * its Markdown. The server checks a value against its key's schema on write; reads pass it on as it is.
 */
export interface CopyItem {
  key: string;
  value: unknown;
}

type Answer<T> = { statusCode: number; message: string; data: T };
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A check of the copy answers in `call`'s shape: the envelope, and `data` passing `valid`. */
function copyAnswer<T>(valid: (data: Record<string, unknown>) => boolean): ResponseSchema<Answer<T>> {
  return {
    safeParse(input) {
      const body = isRecord(input) ? input : {};
      const { statusCode, message, data } = body;
      if (typeof statusCode === 'number' && typeof message === 'string' && isRecord(data) && valid(data))
        return { success: true, data: { statusCode, message, data: data as T } };
      return { success: false, error: { issues: [{ path: ['data'], message: 'jawaban salinan halaman tidak sesuai' }] } };
    },
  };
}

const CopyKeysAnswer = copyAnswer<{ keys: string[] }>(
  (data) => Array.isArray(data.keys) && data.keys.every((key) => typeof key === 'string'),
);
const CopyItemAnswer = copyAnswer<CopyItem>((data) => typeof data.key === 'string' && 'value' in data);

/** GET {code}/cms/app/copy: the tenant's copy keys, sorted (`home`, `page:About`, …, `site`). */
export async function listCopyKeys(client: ApiClient, code: string, options?: RequestOptions): Promise<string[]> {
  return (await client.call('main', appPath(code, 'copy'), CopyKeysAnswer, options)).data.keys;
}

/** GET {code}/cms/app/copy/item?key: one copy value; 404 (`Salinan "…" tidak ditemukan`) when the tenant has none. */
export async function getCopyItem(client: ApiClient, code: string, key: string, options?: RequestOptions): Promise<CopyItem> {
  return (await client.call('main', appPath(code, 'copy/item'), CopyItemAnswer, { ...options, query: { key } })).data;
}

/**
 * PUT {code}/cms/app/copy/item?key (admin or superadmin): stores one copy value and answers it as
 * stored; 400 naming each field (`value.data.hero.heading`, `value.body`) when it does not pass its
 * key's schema. The site is rebuilt after it.
 */
export async function updateCopyItem(
  client: ApiClient,
  code: string,
  key: string,
  value: unknown,
  options?: RequestOptions,
): Promise<CopyItem> {
  const call = { ...options, method: 'PUT' as const, query: { key }, body: { value } };
  return (await client.call('main', appPath(code, 'copy/item'), CopyItemAnswer, call)).data;
}
