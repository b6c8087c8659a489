import { type ApiBaseName, HEADERS } from '~/contract/constants';
import { type ApiBases, resolveBases } from './bases';
import { ApiRequestError, normalizeError } from './errors';

/** How the Authorization header carries the access token: SPEC §6 sends `Bearer <token>` on some calls, the bare token on others. */
export type AuthScheme = 'bearer' | 'bare';

/** The credentials the client holds and adds to requests; each is sent only when known. */
export interface Credentials {
  /** The wire app token (`code.` + ciphertext, SPEC §7), sent as `AppToken`. */
  appToken?: string | undefined;
  /** The tenant's lms id, sent as `lmsId`. */
  lmsId?: string | undefined;
  /** The signed-in user's access token, sent as `Authorization`. */
  accessToken?: string | undefined;
}

/** The progress bar, injected: every request starts it and ends it with `done` or `fail`. */
export interface ProgressHook {
  start(): void;
  done(): void;
  fail(): void;
}

export interface ApiClientConfig {
  /** Overrides of the bases; unset ones use the local fallback of `API_BASES`. */
  bases?: Partial<Record<ApiBaseName, string | undefined>> | undefined;
  /** The fetch to use (tests route it into the Hono app in process); the global fetch by default. */
  fetch?: typeof globalThis.fetch | undefined;
  progress?: ProgressHook | undefined;
  credentials?: Credentials | undefined;
}

/** Options of one call. */
export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON; a `FormData` as multipart/form-data (files). */
  body?: unknown;
  /** Further request headers of this call (e.g. `Idempotency-Key`); credential headers are set per base. */
  headers?: Record<string, string>;
  /** Default `bearer`. */
  authScheme?: AuthScheme;
  /** Credentials for this call only, over the held ones (`undefined` values drop a held one). */
  credentials?: Credentials;
  /** Whether the call drives the progress bar (default true); off for calls whose failure is an expected answer. */
  progress?: boolean;
  signal?: AbortSignal;
  /** Lets the request outlive the page (logging on the way out, SPEC §7 "Logging"). */
  keepalive?: boolean;
  /** Deadline of this call (default `CALL_TIMEOUT_MS`); past it the call fails with 504. */
  timeoutMs?: number;
}

/**
 * What `call` checks an answer with: any contract schema (zod's `safeParse`), described by its
 * shape so that this module needs nothing of zod but the contract's schemas.
 */
export interface ResponseSchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** The options a call family function passes through to `call`. */
export type RequestOptions = Pick<CallOptions, 'credentials' | 'authScheme' | 'progress' | 'signal'>;

/**
 * The headers each base's requests carry (SPEC §7): the main services all three, the core API and the
 * statistics host the app token and lms id (the tenant whose figures they answer), the auth service
 * the lms id and the user's token.
 */
const BASE_CREDENTIALS: Record<ApiBaseName, readonly (keyof Credentials)[]> = {
  main: ['appToken', 'lmsId', 'accessToken'],
  core: ['appToken', 'lmsId'],
  auth: ['lmsId', 'accessToken'],
  // The AI-chat service has its own identity token and the others none of ours; their families add what they need.
  ai: [],
  stats: ['appToken', 'lmsId'],
  // Our mailer: notify takes the app token (the tenant), its admin reads the user's token too.
  mailer: ['appToken', 'lmsId', 'accessToken'],
  // Our upload service is a main service in its checks: the app token names the tenant, a signed-in user is recorded.
  upload: ['appToken', 'lmsId', 'accessToken'],
  rest: [],
};

/** The credential headers of one request to `base`. */
export function credentialHeaders(base: ApiBaseName, credentials: Credentials, authScheme: AuthScheme = 'bearer'): Record<string, string> {
  const headers: Record<string, string> = {};
  const wanted = BASE_CREDENTIALS[base];
  if (wanted.includes('appToken') && credentials.appToken) headers[HEADERS.appToken] = credentials.appToken;
  if (wanted.includes('lmsId') && credentials.lmsId) headers[HEADERS.lmsId] = credentials.lmsId;
  if (wanted.includes('accessToken') && credentials.accessToken)
    headers[HEADERS.authorization] = authScheme === 'bearer' ? `Bearer ${credentials.accessToken}` : credentials.accessToken;
  return headers;
}

/** A typed client of every base, sharing held credentials and the progress hook. */
export interface ApiClient {
  readonly bases: Readonly<ApiBases>;
  /** A copy of the held credentials. */
  credentials(): Credentials;
  /** Changes held credentials; a key set to `undefined` forgets that credential. */
  setCredentials(changes: Credentials): void;
  /** Calls `path` on `base` and returns the body parsed by `schema`; throws `ApiRequestError` on any failure. */
  call<T>(base: ApiBaseName, path: string, schema: ResponseSchema<T>, options?: CallOptions): Promise<T>;
  /** Sends a request with the same headers as `call` and returns the response as it is, whatever its status (no progress). */
  send(base: ApiBaseName, path: string, options?: CallOptions): Promise<Response>;
}

const ACCEPT = 'application/json, text/plain;q=0.9, */*;q=0.1';

/** How long a call may take before it fails with 504 (a slow school connection still gets there well within it). */
export const CALL_TIMEOUT_MS = 20_000;

/** `base` and `path` joined by one slash, with the query's set values appended. */
export function callUrl(base: string, path: string, query: CallOptions['query'] = {}): string {
  const url = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.append(name, String(value));
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

/** A response body as its type says: JSON, text, or undefined when empty. */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!/json/i.test(response.headers.get('Content-Type') ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Creates the client (SPEC §7 "The shared HTTP client"): bases from config, Accept json or text,
 * credential headers per base, progress, one error shape. Plain `fetch` rather than a library: this
 * module runs on every page, within a JavaScript budget of a few kilobytes (islands README).
 */
export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const bases = resolveBases(config.bases);
  let held: Credentials = { ...config.credentials };
  const fetchOf = () => config.fetch ?? globalThis.fetch;

  const send = (base: ApiBaseName, path: string, options: CallOptions = {}) => {
    const headers = new Headers({
      Accept: ACCEPT,
      ...options.headers,
      ...credentialHeaders(base, { ...held, ...options.credentials }, options.authScheme),
    });
    const init: RequestInit = { method: options.method ?? 'GET', headers };
    // FormData sets its own Content-Type with the multipart boundary.
    if (typeof FormData !== 'undefined' && options.body instanceof FormData) init.body = options.body;
    else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      init.body = JSON.stringify(options.body);
    }
    // A hung server must not leave a form "Memproses…" forever: every call ends by its deadline.
    const deadline = AbortSignal.timeout(options.timeoutMs ?? CALL_TIMEOUT_MS);
    init.signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
    if (options.keepalive) init.keepalive = true;
    // No retries: a repeated sign-in or write would count twice against the server's rate limits.
    return fetchOf()(callUrl(bases[base], path, options.query), init);
  };

  return {
    bases,
    credentials: () => ({ ...held }),
    setCredentials(changes) {
      held = { ...held, ...changes };
    },
    send,
    async call(base, path, schema, options = {}) {
      const method = options.method ?? 'GET';
      const tracked = options.progress !== false;
      if (tracked) config.progress?.start();
      try {
        const response = await send(base, path, options);
        const body = await bodyOf(response);
        if (!response.ok) {
          const retryAfter = response.headers.get('Retry-After') ?? undefined;
          throw Object.assign(new Error(`HTTP ${response.status}`), { data: body, response: { status: response.status, retryAfter } });
        }
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          const issues = parsed.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`).join('; ');
          // A body the contract does not describe is not trusted: the server and this client disagree.
          throw new ApiRequestError(500, `Respons ${method} ${path} tidak sesuai kontrak: ${issues}`, undefined, { cause: body });
        }
        if (tracked) config.progress?.done();
        return parsed.data;
      } catch (error) {
        if (tracked) config.progress?.fail();
        if (error instanceof DOMException && error.name === 'TimeoutError') {
          throw new ApiRequestError(504, 'Server tidak menjawab. Periksa koneksi Anda, lalu coba lagi.', undefined, { cause: error });
        }
        throw normalizeError(error);
      }
    },
  };
}
