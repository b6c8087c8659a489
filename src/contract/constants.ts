/**
 * The contract's plain constants: no zod here, so the script every page runs can import them
 * without the schema library (see src/islands/README.md "Size budget"). `common.ts` re-exports them.
 */

/** Request headers of SPEC §7, spelled as the original platform sends them. */
export const HEADERS = {
  appToken: 'AppToken',
  lmsId: 'lmsId',
  authorization: 'Authorization',
} as const;

/** The two cookies SPEC §4 "App version" clears: the general (user) token and the client (app) token. */
export const COOKIES = {
  token: 'token',
  appToken: 'client_token',
} as const;

/** The general cookie lifetime of SPEC §9: 2,592,000 s (30 days); the user token cookie and a sign-in last this long. */
export const TOKEN_COOKIE_SECONDS = 2_592_000;

/** App token cookies last 23 hours (SPEC §9); the server issues tokens for 24 so a cookie never outlives its token. */
export const APP_TOKEN_COOKIE_SECONDS = 23 * 60 * 60;
export const APP_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

/** Default mount paths of the embedded services (docs/design.md "Base paths"); each is overridable by environment. */
export const API_BASES = {
  main: '/api/',
  core: '/api/core/',
  auth: '/api/auth/',
  ai: '/api/ai/',
  stats: '/api/stats/',
  mailer: '/api/mailer/',
  upload: '/api/upload/',
  rest: '/api/rest/v1/',
} as const;
export type ApiBaseName = keyof typeof API_BASES;

/**
 * Wire format of the app token (SPEC §7): the code, a dot, then base64url of a 16-byte counter
 * block followed by AES-256-CTR(`<timestamp ms>.<token>`). Client and server both follow these.
 */
export const APP_TOKEN_FORMAT = {
  separator: '.',
  counterBytes: 16,
  /** The decrypted payload: a 13-digit millisecond timestamp, a dot and the issued token. */
  payload: /^(\d{13})\.([A-Za-z0-9_-]{43})$/,
} as const;

/**
 * Keys the browser keeps in local storage (SPEC §3, §4, §6). `clear()` on a new app version drops
 * them all; the version is written back right after.
 */
export const STORAGE_KEYS = {
  /** The last app version seen (SPEC §4 "App version"). */
  version: 'app_version',
  /** The signed-in user's access token (SPEC §6: "A bearer access token from local storage"). */
  accessToken: 'access_token',
  /** The role name of the signed-in user (SPEC §6: "stored locally as user_kind unless flagged"). */
  userKind: 'user_kind',
  /** Name, e-mail and role of the signed-in user, for the header; the server stays the judge of who it is. */
  user: 'auth_user',
  /** The AI chat's identity: its own token, expiry and kind (guest or account), from identity login. */
  chatIdentity: 'chat_identity',
  /** The chat's local history entries (SPEC §3 "Local history entries"), newest last. */
  chatHistory: 'chat_history',
  /** The conversation the chat panel shows, so a reload goes on with it (SPEC §4). */
  chatConversation: 'chat_conversation_id',
} as const;
