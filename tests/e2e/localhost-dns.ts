import dns from 'node:dns';

/**
 * Makes Node resolve `<name>.localhost` to loopback, as RFC 6761 §6.3 says every name under
 * `localhost.` is. Each tenant is tested on its own host (`http://demo.localhost:4500`): Chromium
 * resolves such names itself, but Node asks the system resolver, and glibc here knows only
 * `localhost` (`getent hosts demo.localhost` fails), so every Node-side request of the tests would
 * fail with ENOTFOUND. Those go through two entry points, both read at call time, so patching them
 * once per process is enough:
 * - Playwright's `request` fixture and `page.request` (playwright-core `dualStackLookup`) call
 *   `dns.promises.lookup`;
 * - `fetch` (undici) connects with `net.connect`, which calls `dns.lookup`.
 * Such a name is answered exactly as `localhost` is, so the loopback addresses stay the system's.
 * playwright.config.ts imports this module: the runner and every worker process load the config.
 */
const PATCHED = Symbol.for('lms.e2e.localhostDns');

/** `demo.localhost` (any case, trailing dot or not) → `localhost`; any other name unchanged. */
export function loopbackName(hostname: string): string {
  return /\.localhost\.?$/i.test(hostname) ? 'localhost' : hostname;
}

const patched = dns as typeof dns & { [PATCHED]?: true };
if (!patched[PATCHED]) {
  patched[PATCHED] = true;
  const lookup = dns.lookup;
  const lookupPromise = dns.promises.lookup;
  Object.assign(dns, {
    lookup: (hostname: string, ...rest: unknown[]) => Reflect.apply(lookup, dns, [loopbackName(hostname), ...rest]),
  });
  Object.assign(dns.promises, {
    lookup: (hostname: string, ...rest: unknown[]) => Reflect.apply(lookupPromise, dns.promises, [loopbackName(hostname), ...rest]),
  });
}
