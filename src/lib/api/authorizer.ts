/*
 * The app token calls run on every page (SPEC §4 "App start"): their answers are checked by the
 * zod-free `wire-checks`, so this module stays within the page script's size budget.
 */
import type { TokenGenerateRequest, TokenPair, TokenValidation } from '~/contract/authorizer';
import { TokenPairAnswer, TokenValidationAnswer, VersionAnswer } from '~/contract/wire-checks';
import type { ApiClient, RequestOptions } from './client';

/**
 * POST v1/authorizer/token/generate: a new token pair for the site's client id and secret. The
 * server also checks the Origin, which the browser sets to the page's host.
 */
export async function generateToken(client: ApiClient, request: TokenGenerateRequest, options?: RequestOptions): Promise<TokenPair> {
  const body = await client.call('main', 'v1/authorizer/token/generate', TokenPairAnswer, {
    ...options,
    method: 'POST',
    body: request,
  });
  return body.data;
}

/** GET v1/authorizer/version: the deployed app version (public). */
export async function getVersion(client: ApiClient, options?: RequestOptions): Promise<string> {
  return (await client.call('main', 'v1/authorizer/version', VersionAnswer, options)).data.version;
}

/** GET v1/authorizer/validate: what the server knows of the held (or given) app token; 401 when it is not valid. */
export async function validateToken(client: ApiClient, options?: RequestOptions): Promise<TokenValidation> {
  return (await client.call('main', 'v1/authorizer/validate', TokenValidationAnswer, options)).data;
}
