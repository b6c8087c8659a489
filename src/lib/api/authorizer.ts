import {
  CitiesResponseSchema,
  type City,
  type Province,
  ProvincesResponseSchema,
  type TokenGenerateRequest,
  TokenGenerateResponseSchema,
  type TokenPair,
  type TokenValidation,
  TokenValidationResponseSchema,
  VersionResponseSchema,
} from '~/contract/authorizer';
import type { ApiClient, RequestOptions } from './client';

/**
 * POST v1/authorizer/token/generate: a new token pair for the site's client id and secret. The
 * server also checks the Origin, which the browser sets to the page's host.
 */
export async function generateToken(client: ApiClient, request: TokenGenerateRequest, options?: RequestOptions): Promise<TokenPair> {
  const body = await client.call('main', 'v1/authorizer/token/generate', TokenGenerateResponseSchema, {
    ...options,
    method: 'POST',
    body: request,
  });
  return body.data;
}

/** GET v1/authorizer/version: the deployed app version (public). */
export async function getVersion(client: ApiClient, options?: RequestOptions): Promise<string> {
  return (await client.call('main', 'v1/authorizer/version', VersionResponseSchema, options)).data.version;
}

/** GET v1/authorizer/validate: what the server knows of the held (or given) app token; 401 when it is not valid. */
export async function validateToken(client: ApiClient, options?: RequestOptions): Promise<TokenValidation> {
  return (await client.call('main', 'v1/authorizer/validate', TokenValidationResponseSchema, options)).data;
}

/** GET v1/authorizer/provinces: the 38 provinces of Indonesia. */
export async function listProvinces(client: ApiClient, options?: RequestOptions): Promise<Province[]> {
  return (await client.call('main', 'v1/authorizer/provinces', ProvincesResponseSchema, options)).data;
}

/** GET v1/authorizer/cities?provinceId: the cities and regencies of one province (two-digit code, e.g. `32`). */
export async function listCities(client: ApiClient, provinceId: string, options?: RequestOptions): Promise<City[]> {
  return (await client.call('main', 'v1/authorizer/cities', CitiesResponseSchema, { ...options, query: { provinceId } })).data;
}
