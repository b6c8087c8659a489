import { z } from 'zod';
import { AppCodeSchema, envelope } from './common';

/** Scopes an app token may carry: `read` for loading, `write` for forms and other mutating calls. */
export const APP_SCOPES = ['read', 'write'] as const;
export type AppScope = (typeof APP_SCOPES)[number];

/** POST v1/authorizer/token/generate body (SPEC §7 "App token"): the site's client id, secret and scopes. */
export const TokenGenerateRequestSchema = z.strictObject({
  id: z.string().min(1, 'id wajib diisi').max(64),
  secret: z.string().min(1, 'secret wajib diisi').max(256),
  scopes: z.array(z.enum(APP_SCOPES, { error: `scope harus salah satu dari: ${APP_SCOPES.join(', ')}` })).min(1, 'minimal satu scope'),
});
export type TokenGenerateRequest = z.infer<typeof TokenGenerateRequestSchema>;

/** The token pair of SPEC §3: `code` is the app token prefix, `token` the issued secret. */
export const TokenPairSchema = z.object({
  token: z.string().min(1),
  code: AppCodeSchema,
  expiresAt: z.iso.datetime(),
});
export type TokenPair = z.infer<typeof TokenPairSchema>;
export const TokenGenerateResponseSchema = envelope(TokenPairSchema);

/** GET v1/authorizer/version: the deployed app version (SPEC §4 "App version"). */
export const VersionSchema = z.object({ version: z.string().min(1) });
export const VersionResponseSchema = envelope(VersionSchema);

/** GET v1/authorizer/validate: what the server knows of the presented app token. */
export const TokenValidationSchema = z.object({
  valid: z.literal(true),
  lmsId: z.string(),
  code: AppCodeSchema,
  scopes: z.array(z.enum(APP_SCOPES)),
  expiresAt: z.iso.datetime(),
});
export type TokenValidation = z.infer<typeof TokenValidationSchema>;
export const TokenValidationResponseSchema = envelope(TokenValidationSchema);

export {
  CitiesQuerySchema,
  CitiesResponseSchema,
  type City,
  CitySchema,
  type Province,
  ProvinceSchema,
  ProvincesResponseSchema,
} from './areas';
export { APP_TOKEN_FORMAT } from './constants';
