import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADERS } from '~/contract/common';
import { clickLogs } from '~/server/db/schema';
import { loggedPath } from '~/server/sites/access-log';
import { makeDist, startSites } from './support/fake-sites';
import { signUpForm } from './support/identity';
import { dbKinds, platformFor } from './support/platform';
import { DEMO_ORIGIN, generateAppToken } from './support/tokens';

/**
 * Issue 13: "No token or password appears in any log line or URL the server writes". The whole
 * identity flow runs through the real site server with its access log on, while everything written
 * to stdout and the console is captured; then no secret may appear in it, nor in the stored logs.
 */
it('the access log drops the query of the auth service and /CallbackAuth, and secret-looking values elsewhere', () => {
  expect(loggedPath('/api/auth/login?generatedToken=abc&state=s')).toBe('/api/auth/login?[disaring]');
  expect(loggedPath('/CallbackAuth?code=abc&state=s')).toBe('/CallbackAuth?[disaring]');
  expect(loggedPath('/Kelas?page=2&token=abc&Code=x&q=ai')).toBe('/Kelas?page=2&token=[disaring]&Code=[disaring]&q=ai');
  expect(loggedPath('/Kelas?%74oken=abc')).toBe('/Kelas?%74oken=[disaring]');
  expect(loggedPath('/Kelas?page=2')).toBe('/Kelas?page=2');
  expect(loggedPath('/Kelas?%E0%A4%A=1')).toBe('/Kelas?%E0%A4%A=1');
});

describe.each(await dbKinds())('no secret in what the server writes on %s', (kind) => {
  const platform = platformFor(kind);
  let sites: Awaited<ReturnType<typeof startSites>>;
  const dist = makeDist();
  const written: string[] = [];

  beforeAll(async () => {
    sites = await startSites({
      distRoot: dist.distRoot,
      workerScript: '/nonexistent/render-worker.mjs',
      records: await platform.deps.tenants.all(),
      api: platform.api.fetch as (request: Request) => Promise<Response>,
      env: { ACCESS_LOG: '1' },
    });
  }, 60_000);
  afterAll(async () => {
    await sites?.close();
    dist.remove();
  });

  it('signs up, signs in (wrong and right), uses the account login page and its code, logs clicks and signs out', async () => {
    const capture =
      (name: string) =>
      (...args: unknown[]) => {
        written.push(`${name}: ${args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(' ')}`);
        return true;
      };
    const stdout = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      written.push(String(chunk));
      return stdout(chunk, ...(rest as []));
    });
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(capture(method));

    const base = `http://127.0.0.1:${sites.port}`;
    const demo = (await platform.deps.tenants.all()).find((tenant) => tenant.code === 'demo');
    const lmsId = demo?.lmsId ?? '';
    const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [HEADERS.lmsId]: lmsId, ...headers },
        body: JSON.stringify(body),
      });
    const secrets: string[] = [];
    const tokenOf = async (res: Response) => {
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      const token = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
      secrets.push(token);
      return token;
    };

    const password = 'Rahasia-Sekali-4242';
    const wrong = 'Tebakan-Keliru-9191';
    secrets.push(password, wrong);
    await tokenOf(await json('/api/auth/user/register', signUpForm('rahasia@contoh.id', { password, passwordRepeat: password })));
    expect((await json('/api/auth/generate/token', { email: 'rahasia@contoh.id', password: wrong })).status).toBe(401);
    expect((await json('/api/auth/generate/token', { email: 'tidak-ada@contoh.id', password: wrong })).status).toBe(401);
    const signedIn = await tokenOf(await json('/api/auth/generate/token', { email: 'rahasia@contoh.id', password }));

    // Redirect-login mode: the page (app token in its query), the form post, the return and the exchange.
    const app = await generateAppToken(platform);
    secrets.push(app.wire, app.pair.token);
    const state = 'keadaan_rahasia_0123456789';
    const params = { redirectTo: DEMO_ORIGIN, lmsId, code: app.tenant.appCode, generatedToken: app.wire, state };
    expect((await fetch(`${base}/api/auth/login?${new URLSearchParams(params)}`)).status).toBe(200);
    const form = (pw: string) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
        body: new URLSearchParams({ ...params, email: 'rahasia@contoh.id', password: pw }),
      });
    expect((await form(wrong)).status).toBe(401);
    const posted = await form(password);
    expect(posted.status).toBe(303);
    const back = new URL(posted.headers.get('Location') ?? '');
    const code = back.searchParams.get('code') ?? '';
    secrets.push(code);
    await fetch(`${base}${back.pathname}${back.search}`);
    const exchanged = await tokenOf(await json('/api/auth/exchange/token', { code }));
    expect((await json('/api/auth/exchange/token', { code })).status).toBe(400);

    // Logs whose addresses carry a code and a token; the profile; sign-out.
    const to = `${DEMO_ORIGIN}/CallbackAuth?code=${code}&token=${signedIn}#${exchanged}`;
    const logged = await json(
      '/api/v1/logger/log/click',
      { from: `${DEMO_ORIGIN}/Login?password=${password}`, to, type: 'internal_navigation', timestamp: new Date().toISOString() },
      { AppToken: app.wire },
    );
    expect(logged.status).toBe(204);
    expect((await fetch(`${base}/api/v1/user/me`, { headers: { AppToken: app.wire, Authorization: `Bearer ${exchanged}` } })).status).toBe(
      200,
    );
    expect((await json('/api/auth/user/logout', { everywhere: true }, { Authorization: `Bearer ${exchanged}` })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    vi.restoreAllMocks();

    const output = written.join('\n');
    // The access log was on and saw the flow: a test that saw nothing would prove nothing.
    expect(output).toContain('"path":"/api/auth/login?[disaring]"');
    expect(output).toContain('"path":"/CallbackAuth?[disaring]"');
    expect(output).toContain('"path":"/api/auth/exchange/token"');
    expect(output).toContain('[auth] gagal masuk: demo dari');
    for (const secret of secrets) expect(output, 'a secret in the server output').not.toContain(secret);
    expect(output).not.toContain(state);

    const stored = JSON.stringify(await platform.deps.db.select().from(clickLogs));
    for (const secret of secrets) expect(stored, 'a secret in the stored logs').not.toContain(secret);
    expect(stored).toContain(`${DEMO_ORIGIN}/CallbackAuth`);
  }, 60_000);
});
