/**
 * The typed API client (SPEC §7): one module per call family, named as in `src/contract`. Imports
 * only the contract and ofetch; anything of the environment (fetch, storage, cookies, progress) is injected.
 */
export {
  APP_VERSION_STORAGE_KEY,
  type AppStartConfig,
  type AppStartEnvironment,
  type AppState,
  type CookieJar,
  isLocalDevelopmentHost,
  runAppStart,
  type StorageLike,
} from './app-start';
export { produceAppToken } from './app-token';
export { getUserDetail, signIn } from './auth';
export { generateToken, getVersion, listCities, listProvinces, validateToken } from './authorizer';
export { API_BASE_ENV, type ApiBases, basesFromEnv, resolveBases } from './bases';
export {
  type ApiClient,
  type ApiClientConfig,
  type AuthScheme,
  type CallOptions,
  type Credentials,
  createApiClient,
  credentialHeaders,
  type ProgressHook,
  type RequestOptions,
  type ResponseSchema,
} from './client';
export { ApiRequestError, normalizeError } from './errors';
export {
  type AppId,
  getAppId,
  getAppSetting,
  getAppSettings,
  getSettingsByLmsId,
  type SettingsChanges,
  type SettingValue,
  updateAppSetting,
  updateAppSettings,
} from './settings';
