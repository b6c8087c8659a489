import { createCipheriv, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { APP_TOKEN_FORMAT, type AppScope, type TokenPair } from '~/contract/authorizer';
import { HEADERS } from '~/contract/common';
import type { Role } from '~/contract/roles';
import * as schema from '~/server/db/schema';
import { tenantClientKeys } from '~/server/platform/keys';
import type { TenantRecord } from '~/server/platform/tenants';
import { demoAccount } from '~/server/seed/seed';
import { DEMO_APP_CODE, SITE_ORIGIN } from './api-client';
import type { TestPlatform } from './platform';

/**
 * What a tenant's site does to talk to the platform, for tests that play a caller: wrap an app token
 * into its wire format (SPEC §7), obtain one through the API, sign a demo user in, and check the error shape.
 */

/** An Origin the demo tenant (NUSANTARA-LEARNING) serves: `astro dev` on localhost. */
export const DEMO_ORIGIN = SITE_ORIGIN;
export { DEMO_APP_CODE };
export const OTHER_APP_CODE = 'SMKCODING';

let addresses = 0;
/**
 * A request environment with a client address of its own. Rate limits count per address, and an
 * in-process request otherwise has none (every call would share one budget), so each sign-in gets one.
 */
export function fromAddress(address = `10.77.${Math.floor(++addresses / 250)}.${addresses % 250}`) {
  return { incoming: { socket: { remoteAddress: address } } };
}

/** `${code}.${base64url(counter ‖ AES-256-CTR(key, `${timestamp}.${token}`))}`, as the site's client builds it. */
export function wrapAppToken(
  code: string,
  cipherKeyHex: string,
  token: string,
  options: { timestamp?: number | string; counter?: Buffer } = {},
): string {
  const counter = options.counter ?? randomBytes(APP_TOKEN_FORMAT.counterBytes);
  const cipher = createCipheriv('aes-256-ctr', Buffer.from(cipherKeyHex, 'hex'), counter);
  const payload = `${options.timestamp ?? Date.now()}${APP_TOKEN_FORMAT.separator}${token}`;
  const sealed = Buffer.concat([counter, cipher.update(payload, 'latin1'), cipher.final()]);
  return `${code}${APP_TOKEN_FORMAT.separator}${sealed.toString('base64url')}`;
}

/**
 * XORs `mask` into the ciphertext byte that encrypts plaintext byte `offset` (CTR: the same bit of
 * the plaintext flips). A negative offset reaches into the 16-byte counter block instead.
 */
export function flipCiphertext(wire: string, offset: number, mask: number): string {
  const dot = wire.indexOf(APP_TOKEN_FORMAT.separator);
  const sealed = Buffer.from(wire.slice(dot + 1), 'base64url');
  const index = APP_TOKEN_FORMAT.counterBytes + offset;
  sealed[index] = (sealed[index] ?? 0) ^ mask;
  return `${wire.slice(0, dot + 1)}${sealed.toString('base64url')}`;
}

/**
 * Rewrites known plaintext without the key, as CTR allows: the ciphertext bytes of `from` become
 * those of `to` (same length) at `offset`.
 */
export function rewritePlaintext(wire: string, offset: number, from: string, to: string): string {
  let result = wire;
  for (let i = 0; i < from.length; i++) result = flipCiphertext(result, offset + i, from.charCodeAt(i) ^ to.charCodeAt(i));
  return result;
}

export async function tenantOf(platform: TestPlatform, appCode: string): Promise<TenantRecord> {
  const tenant = await platform.deps.tenants.byAppCode(appCode);
  if (!tenant) throw new Error(`no tenant ${appCode}`);
  return tenant;
}

export interface IssuedAppToken {
  tenant: TenantRecord;
  pair: TokenPair;
  cipherKey: string;
  /** The wrapped token to send as AppToken. */
  wire: string;
}

/** Obtains an app token through POST v1/authorizer/token/generate and wraps it. */
export async function generateAppToken(
  platform: TestPlatform,
  options: { appCode?: string; scopes?: AppScope[]; origin?: string } = {},
): Promise<IssuedAppToken> {
  const tenant = await tenantOf(platform, options.appCode ?? DEMO_APP_CODE);
  const keys = tenantClientKeys(platform.deps.keys, tenant);
  const origin = options.origin ?? (tenant.appCode === DEMO_APP_CODE ? DEMO_ORIGIN : `https://${tenant.hosts[0]}`);
  const res = await platform.api.request(
    '/v1/authorizer/token/generate',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ id: keys.clientId, secret: keys.clientSecret, scopes: options.scopes ?? ['read', 'write'] }),
    },
    fromAddress(),
  );
  if (res.status !== 201) throw new Error(`token/generate answered ${res.status}: ${await res.text()}`);
  const { data: pair } = (await res.json()) as { data: TokenPair };
  return { tenant, pair, cipherKey: keys.cipherKey, wire: wrapAppToken(pair.code, keys.cipherKey, pair.token) };
}

/** Signs a demo account in through POST auth/generate/token and returns its access token. */
export async function signInDemo(platform: TestPlatform, role: Role, options: { tenantCode?: string; lmsId?: string } = {}) {
  const tenantCode = options.tenantCode ?? 'demo';
  const lmsId = options.lmsId ?? (await platform.deps.tenants.all()).find((tenant) => tenant.code === tenantCode)?.lmsId;
  if (!lmsId) throw new Error(`no tenant ${tenantCode}`);
  const res = await platform.api.request(
    '/auth/generate/token',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId },
      body: JSON.stringify(demoAccount(tenantCode, role)),
    },
    fromAddress(),
  );
  if (res.status !== 200) throw new Error(`sign-in of ${role}@${tenantCode} answered ${res.status}: ${await res.text()}`);
  const { data } = (await res.json()) as { data: { accessToken: string } };
  return data.accessToken;
}

/**
 * Asserts a failure answer: the status, JSON with exactly `statusCode` and `message` (plus `fields`
 * when given), and nothing that leaks the server's insides (stack frames, file paths). Returns the body.
 */
export async function expectApiError(res: Response, status: number) {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { statusCode: number; message: string; fields?: { field: string; message: string }[] };
  expect(Object.keys(body).sort()).toEqual(body.fields ? ['fields', 'message', 'statusCode'] : ['message', 'statusCode']);
  expect(body.statusCode).toBe(status);
  expect(body.message).toEqual(expect.any(String));
  expect(body.message.length).toBeGreaterThan(0);
  expect(text).not.toMatch(/\bat [\w.<>]+ \(|\bat file:|node_modules|\/src\/|\.ts:\d+|\.m?js:\d+/);
  return body;
}

/** Rows per table, to show that a refused call wrote nothing (and that SQL-looking input dropped nothing). */
export async function countRows(platform: TestPlatform) {
  const { db } = platform.deps;
  const [tenantRows, users, appSettings, appTokens, userSessions] = await Promise.all([
    db.$count(schema.tenants),
    db.$count(schema.users),
    db.$count(schema.appSettings),
    db.$count(schema.appTokens),
    db.$count(schema.userSessions),
  ]);
  return { tenants: tenantRows, users, appSettings, appTokens, userSessions };
}
