/**
 * The typed API client (SPEC §7): one module per call family, named as in `src/contract`. Imports
 * only the contract and `fetch`; anything of the environment (fetch, storage, cookies, progress) is injected.
 */
export { changePassword, forgotPassword, resendVerification, resetPassword, verifyEmail } from './account';
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
export { listCities, listProvinces } from './areas';
export { exchangeCode, getUserDetail, register, signIn, signOut } from './auth';
export { generateToken, getVersion, validateToken } from './authorizer';
export { type ApiBases, resolveBases } from './bases';
export {
  type CareerJobDetail,
  type CareerJobListParams,
  type CareerListParams,
  getCareer,
  getCareerJob,
  listCareerJobs,
  listCareers,
} from './careers';
export {
  type ApiClient,
  type ApiClientConfig,
  type AuthScheme,
  type CallOptions,
  type Credentials,
  callUrl,
  createApiClient,
  credentialHeaders,
  type ProgressHook,
  type RequestOptions,
  type ResponseSchema,
} from './client';
export { ApiRequestError, normalizeError } from './errors';
export {
  createAppointment,
  listSchools,
  listSubmissions,
  registerSchool,
  registerTeam,
  requestDemo,
  type SubmitOptions,
  signUpCoder,
} from './forms';
export { getPortfolio, listPortfolio, type PortfolioListParams } from './portfolio';
export {
  type CategoryCreate,
  type CategoryListParams,
  type CategoryUpdate,
  createCategory,
  createPost,
  deleteCategory,
  deletePost,
  type GalleryListParams,
  getCategory,
  getPodcast,
  getPost,
  getPostById,
  type KindListParams,
  type KindSlug,
  type LegacyPostListParams,
  listArticles,
  listBlogByCategory,
  listCategories,
  listGallery,
  listPodcasts,
  listPosts,
  listPostsLegacy,
  type PostDetailParams,
  type PostListParams,
  updateCategory,
  updatePost,
  viewPost,
} from './posts';
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
export { UPLOAD_TIMEOUT_MS, uploadFile } from './uploads';
export { getMe } from './users';
