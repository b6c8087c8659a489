import { STATUS_CODES } from 'node:http';
import { PostgrestClient } from '@supabase/postgrest-js';
import { Hono } from 'hono';
import type { TenantRecord } from '~/server/platform/tenants';
import { restApiKeyOf } from '~/server/rest/api-key';
import { SITE_ORIGIN } from './api-client';
import type { TestPlatform } from './platform';
import { fromAddress } from './tokens';

/** Where the hosted database REST answers on the test site. */
export const REST_URL = `${SITE_ORIGIN}/api/rest/v1`;

let addresses = 0;
/** A fresh client address for each caller, so per-address limits of one test never reach another. */
export const nextAddress = () => `198.51.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/**
 * A fetch into the platform in process, mounted at `/api` as in production, from `address` (the
 * socket's address the rate limits count), adding the Origin a browser adds to a POST and the
 * reason phrase Node's server puts on the status line (postgrest-js reports it as `statusText`).
 */
export function restFetch(platform: TestPlatform, address = nextAddress()): typeof globalThis.fetch {
  const site = new Hono().mount('/api', platform.api.fetch);
  return async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== 'GET' && request.method !== 'HEAD') request.headers.set('Origin', SITE_ORIGIN);
    const response = await site.fetch(request, fromAddress(address));
    const { status, headers } = response;
    const body = status === 204 || status === 304 ? null : response.body;
    return new Response(body, { status, statusText: STATUS_CODES[status] ?? '', headers });
  };
}

/** The public REST key of a tenant, as its site ships it. */
export const apiKeyOf = (platform: TestPlatform, tenant: Pick<TenantRecord, 'lmsId'>) => restApiKeyOf(platform.deps, tenant);

/** The real postgrest-js client on our server, holding `tenant`'s key (or `apiKey` as given). */
export function postgrestOf(platform: TestPlatform, tenant: Pick<TenantRecord, 'lmsId'> | { apiKey: string }, address = nextAddress()) {
  const apikey = 'apiKey' in tenant ? tenant.apiKey : apiKeyOf(platform, tenant);
  return new PostgrestClient(REST_URL, { headers: { apikey }, fetch: restFetch(platform, address) });
}

/** A raw call to the REST API (`path` below `/api/rest/v1/`), with the tenant's key unless headers say otherwise. */
export function restRequest(
  platform: TestPlatform,
  tenant: Pick<TenantRecord, 'lmsId'> | undefined,
  path: string,
  init: RequestInit & { address?: string } = {},
) {
  const headers = new Headers(init.headers);
  if (tenant && !headers.has('apikey')) headers.set('apikey', apiKeyOf(platform, tenant));
  if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return restFetch(platform, init.address)(`${REST_URL}/${path}`, { ...init, headers });
}
