import { createHmac, randomBytes } from 'node:crypto';
import { type ApiClient, credentialHeaders, signIn } from '~/lib/api';
import type { Tenant } from '~/lib/tenant/schema';
import { writerClient } from '../../e2e/support';

/** What a visitor's browser gets for one page of a tenant (asked by host, without compression). */
export interface SitePage {
  status: number;
  /** `X-Cache`: set on pages rendered on demand, absent on files of the live build. */
  cache: string | null;
  bytes: Buffer;
  html: string;
}

/**
 * GET `path` of the tenant `code` on the server at `base`, as its `<code>.localhost` host; without
 * compression unless `encoding` asks for one (the body is then decoded, as a browser does).
 */
export async function getPage(
  base: string,
  code: string,
  path: string,
  encoding: 'identity' | 'gzip' | 'br' = 'identity',
): Promise<SitePage> {
  const response = await fetch(`${base}${path}`, { headers: { Host: `${code}.localhost`, 'Accept-Encoding': encoding } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, cache: response.headers.get('x-cache'), bytes, html: bytes.toString('utf8') };
}

/** A job of the build history (GET /api/v1/builds/{appCode}). */
export interface BuildJobEntry {
  id: number;
  trigger: string;
  status: 'scheduled' | 'queued' | 'running' | 'done' | 'failed';
  full: boolean;
  changes: number;
  pages: number | null;
  rendered: number | null;
  buildId: string | null;
  attempts: number;
  error: string | null;
  log: string;
}

export interface BuildHistory {
  live: string | null;
  builds: { id: string; live: boolean }[];
  jobs: BuildJobEntry[];
}

/** The tenant's admin at the build routes: app token and admin session, as the admin screens call them. */
export async function buildsAdmin(base: string, tenant: Tenant) {
  const client: ApiClient = await writerClient(base, tenant);
  const session = await signIn(client, { email: `admin@${tenant.code}.example`, password: 'demo-admin-2026' });
  client.setCredentials({ accessToken: session.accessToken });
  const path = `${base}/api/v1/builds/${tenant.appCode}`;
  const call = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      headers: { 'Content-Type': 'application/json', Origin: base, ...credentialHeaders('main', client.credentials()) },
    });
    return { status: response.status, body: (await response.json()) as { message: string; data: Record<string, unknown> } };
  };
  return {
    async history(): Promise<BuildHistory> {
      const { status, body } = await call(`${path}?limit=100`);
      if (status !== 200) throw new Error(`riwayat build: ${status} ${body.message}`);
      return body.data as unknown as BuildHistory;
    },
    async webhookSecret(): Promise<string> {
      const { status, body } = await call(`${path}/webhook`);
      if (status !== 200) throw new Error(`rahasia webhook: ${status} ${body.message}`);
      return body.data.secret as string;
    },
    requestFullBuild: () => call(path, { method: 'POST' }),
    /** PUT on the tenant's settings routes (`/api/{appCode}/cms/app/…`), as an admin. */
    putApp: (route: string, body: unknown) =>
      call(`${base}/api/${tenant.appCode}/cms/app/${route}`, { method: 'PUT', body: JSON.stringify(body) }),
    rollback: (buildId: string) => call(`${path}/rollback`, { method: 'POST', body: JSON.stringify({ buildId }) }),
  };
}
export type BuildsAdmin = Awaited<ReturnType<typeof buildsAdmin>>;

/**
 * A signed webhook as an external CMS sends it with a Standard Webhooks library: HMAC-SHA256 of
 * `id.timestamp.body` under the base64 key after `whsec_`. Written here, not imported from the
 * server, so the test checks the server against the standard rather than against itself.
 */
export function signedWebhook(secret: string, body: unknown, id = `msg_${randomBytes(8).toString('hex')}`): RequestInit {
  const text = JSON.stringify(body);
  const timestamp = Math.floor(Date.now() / 1000);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${text}`).digest('base64');
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,${signature}`,
    },
    body: text,
  };
}

/** A secret in the Standard Webhooks format that is not the tenant's: what a forger signs with. */
export const forgedSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
