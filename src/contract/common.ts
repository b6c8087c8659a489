import { z } from 'zod';

// Validation messages reach visitors and admins of Indonesian sites: zod speaks Indonesian everywhere.
z.config(z.locales.id());

/**
 * What every platform API failure answers with (SPEC §8 normalising reads `statusCode` and `message`).
 * `fields` names each invalid input field on a 400, so a form can mark it.
 */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

/** Success envelope of the main services: the payload sits in `data` (SPEC §7 "Result data.token"). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ statusCode: z.number().int(), message: z.string(), data });
}

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

/** App token cookies last 23 hours (SPEC §9); the server issues tokens for 24 so a cookie never outlives its token. */
export const APP_TOKEN_COOKIE_SECONDS = 23 * 60 * 60;
export const APP_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

/** Default mount paths of the embedded services (DESIGN.md "Base paths"); each is overridable by environment. */
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

/** A tenant's app code as it appears in paths (`{code}/cms/app/…`) and as the app token prefix. */
export const AppCodeSchema = z.string().regex(/^[A-Z0-9_-]{2,32}$/, 'app code: huruf besar, angka, _ atau -');
