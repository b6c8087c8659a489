import type { AppStartConfig } from '~/lib/api/app-start';
import { produceAppToken } from '~/lib/api/app-token';
import { generateToken } from '~/lib/api/authorizer';
import type { ApiBases } from '~/lib/api/bases';
import { type ApiClient, createApiClient } from '~/lib/api/client';

/**
 * Where pages get content when they are rendered on the server (at build, in `astro dev`, and for
 * an item newer than the build): the platform API, through the same typed client as islands. The
 * embedded platform registers an in-process fetch here (no network, no port); otherwise
 * `CONTENT_API_URL` names the deployment to read from.
 */

type PlatformFetch = (request: Request) => Promise<Response>;
const KEY = Symbol.for('lms.platform-fetch');
type Registry = { [KEY]?: () => Promise<PlatformFetch> };

/** Registers the embedded platform's API (`/api` stripped) for server-side rendering in this process. */
export function providePlatformFetch(getter: () => Promise<PlatformFetch>): void {
  (globalThis as Registry)[KEY] = getter;
}

/** Address the in-process API is called at; any host works, the request never leaves the process. */
const INTERNAL = 'http://platform.internal';

export interface ContentSourceConfig extends AppStartConfig {
  lmsId: string;
  bases: ApiBases;
  /** A host of the tenant, sent as Origin when asking for the app token. */
  host: string;
}

let client: Promise<ApiClient> | undefined;

/** A client holding an app token of the tenant, created once per process. */
export function contentClient(config: ContentSourceConfig, env: Record<string, string | undefined> = process.env): Promise<ApiClient> {
  client ??= connect(config, env);
  client.catch(() => {
    client = undefined;
  });
  return client;
}

async function connect(config: ContentSourceConfig, env: Record<string, string | undefined>): Promise<ApiClient> {
  const embedded = (globalThis as Registry)[KEY];
  const remote = env.CONTENT_API_URL?.replace(/\/+$/, '');
  if (!embedded && !remote) throw new Error('Sumber konten tidak tersedia: platform tidak terdaftar dan CONTENT_API_URL tidak disetel');
  const origin = `https://${config.host}`;
  const platformFetch = embedded && !remote ? await embedded() : undefined;
  const base = remote ?? `${INTERNAL}/api`;
  // Server-side calls carry the Origin a page of the tenant would send, which the authorizer checks.
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    request.headers.set('Origin', origin);
    if (!platformFetch) return globalThis.fetch(request);
    const url = new URL(request.url);
    url.pathname = url.pathname.replace(/^\/api(?=\/)/, '');
    return platformFetch(new Request(url, request));
  };
  const bases = Object.fromEntries(
    Object.entries(config.bases).map(([name, path]) => [name, path.startsWith('/api/') ? `${base}${path.slice('/api'.length)}` : path]),
  ) as ApiBases;
  const api = createApiClient({ bases, fetch });
  const pair = await generateToken(api, { id: config.clientId, secret: config.clientSecret, scopes: ['read'] });
  api.setCredentials({ appToken: await produceAppToken(pair, config.cipherKey), lmsId: config.lmsId });
  return api;
}
