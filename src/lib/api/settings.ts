import { envelope } from '~/contract/common';
import { type AppSettings, AppSettingsResponseSchema, AppSettingsSchema, type SettingKey, SettingValueSchema } from '~/contract/settings';
import type { ApiClient, RequestOptions } from './client';

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
