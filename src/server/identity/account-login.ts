import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { LoginRequestSchema } from '~/contract/auth';
import type { ApiDeps, ApiEnv } from '../context';
import { clientAddress } from '../http/credentials';
import { fieldErrors, STATUS_OF } from '../http/errors';
import { DomainError } from '../platform/errors';
import { servesHost, type TenantRecord } from '../platform/tenants';
import { type LoginPageParams, loginPage, loginPagePolicy, refusalPage } from './account-login-page';
import { issueAuthCode } from './auth-codes';
import { attemptSignIn, SIGN_IN_CALLS } from './sign-in';

/** The refusal of a return address the tenant does not serve (SPEC §5 ERR_REDIRECT). */
export const REDIRECT_REFUSED = 'Alamat kembali tidak diizinkan (ERR_REDIRECT)';
const STATE = /^[A-Za-z0-9_-]{16,128}$/;

type Checked = { ok: true; tenant: TenantRecord; params: LoginPageParams } | { ok: false; message: string };

/** A host of this machine, where plain http cannot be overheard (development and tests). */
const LOCAL_HOST = /^(localhost|[^.]+(\.[^.]+)*\.localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * `value` when it is exactly an origin (scheme, host, port; no path, query or user): https, or http
 * only on this machine, since the one-time code travels in the return address.
 */
function exactOrigin(value: string): URL | undefined {
  try {
    const url = new URL(value);
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOST.test(url.hostname));
    return secure && url.origin === value ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Checks what the site sent the visitor here with: a known tenant, its app code, a valid app token
 * of that tenant, a return origin the tenant serves and a well-formed state. Checked again on the
 * POST, since the form's hidden fields are the visitor's to change.
 */
async function checkParams(deps: ApiDeps, input: Record<string, unknown>): Promise<Checked> {
  const text = (name: string) => (typeof input[name] === 'string' ? (input[name] as string).trim() : '');
  const params: LoginPageParams = {
    redirectTo: text('redirectTo'),
    lmsId: text('lmsId'),
    code: text('code'),
    generatedToken: text('generatedToken'),
    state: text('state'),
  };
  const tenant = params.lmsId ? await deps.tenants.byLmsId(params.lmsId) : undefined;
  if (!tenant) return { ok: false, message: 'Situs yang meminta masuk tidak dikenal (lmsId tidak valid).' };
  if (params.code !== tenant.appCode) return { ok: false, message: 'Kode aplikasi tidak sesuai dengan situs ini.' };
  const token = params.generatedToken ? await deps.appTokens.verify(params.generatedToken) : undefined;
  if (!token?.ok || token.token.tenant.lmsId !== tenant.lmsId)
    return { ok: false, message: 'Token aplikasi tidak valid atau sudah kedaluwarsa; kembali ke situs dan coba masuk lagi.' };
  const origin = exactOrigin(params.redirectTo);
  if (!origin || !servesHost(tenant, origin.host.toLowerCase())) return { ok: false, message: REDIRECT_REFUSED };
  if (!STATE.test(params.state)) return { ok: false, message: 'Parameter state tidak valid; kembali ke situs dan coba masuk lagi.' };
  return { ok: true, tenant, params };
}

/** An HTML answer under the page's policy; never cached, never framed. */
function html(c: Context, body: string, status: ContentfulStatusCode, returnOrigin?: string) {
  c.header('Content-Security-Policy', loginPagePolicy(returnOrigin));
  return c.html(body, status);
}

/** A form post from this very origin; a cross-site page must not be able to sign a visitor in (login CSRF). */
function sameOrigin(c: Context): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  if (site) return site === 'same-origin';
  const origin = c.req.header('Origin');
  return Boolean(origin) && origin === new URL(c.req.url).origin;
}

/**
 * The account login page of the redirect-login mode (SPEC §2), served by the embedded auth service:
 * GET shows the form, POST checks the password under the same waits and lock as generate/token and
 * answers 303 to `<redirectTo>/CallbackAuth?code=…&state=…` with a one-time code (60 s, single use).
 * Neither the password nor a token ever goes into a URL.
 */
export function accountLoginRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  app.get('/', async (c) => {
    const checked = await checkParams(deps, c.req.query());
    if (!checked.ok) return html(c, refusalPage(checked.message), 400);
    return html(c, loginPage({ siteTitle: checked.tenant.title, params: checked.params }), 200, checked.params.redirectTo);
  });

  app.post('/', async (c) => {
    if (!sameOrigin(c)) return html(c, refusalPage('Permintaan lintas situs ditolak.'), 403);
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('Content-Type') ?? ''))
      return html(c, refusalPage('Formulir tidak dikenali; muat ulang halaman dan coba lagi.'), 415);
    const form = await c.req.parseBody();
    const checked = await checkParams(deps, form);
    if (!checked.ok) return html(c, refusalPage(checked.message), 400);
    const { tenant, params } = checked;
    const email = typeof form.email === 'string' ? form.email : '';
    const page = (status: ContentfulStatusCode, extra: { error?: string; fieldErrors?: Partial<Record<'email' | 'password', string>> }) =>
      html(c, loginPage({ siteTitle: tenant.title, params, email, ...extra }), status, params.redirectTo);

    const address = clientAddress(c, deps.trustProxyHops);
    const busy = await deps.rateLimiter.check(SIGN_IN_CALLS, address);
    if (busy !== undefined) {
      c.header('Retry-After', String(busy));
      return page(429, { error: `Terlalu banyak permintaan; coba lagi dalam ${busy} detik` });
    }
    const parsed = z.safeParse(LoginRequestSchema, { email, password: typeof form.password === 'string' ? form.password : '' });
    if (!parsed.success) {
      const fields = Object.fromEntries(fieldErrors(parsed.error).map((f) => [f.field, f.message]));
      return page(400, { error: 'Periksa isian di bawah.', fieldErrors: fields });
    }
    let user: Awaited<ReturnType<typeof attemptSignIn>>;
    try {
      user = await attemptSignIn(deps, tenant, address, parsed.data.email, parsed.data.password);
    } catch (error) {
      // A refusal (wrong password, a wait) shows on the form with its status; anything else is the API's 500.
      if (!(error instanceof DomainError)) throw error;
      const { retryAfterSeconds } = error.details;
      if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
      return page(STATUS_OF[error.kind], { error: error.message });
    }
    const code = await issueAuthCode(deps.db, { lmsId: tenant.lmsId, userId: user.id, returnOrigin: params.redirectTo });
    const back = new URL('/CallbackAuth', params.redirectTo);
    back.search = new URLSearchParams({ code, state: params.state }).toString();
    return c.redirect(back.href, 303);
  });

  return app;
}
