import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CacheState } from './page-cache';

/** Query parameters whose values are secrets wherever they appear (one-time codes, tokens, passwords). */
const SECRET_PARAMS = /^(code|state|token|generatedtoken|accesstoken|access_token|apptoken|password|secret)$/i;

/**
 * A request target as logs may keep it. The auth service (`/api/auth/…`: the account login page
 * takes an app token in its query) and `/CallbackAuth` (a one-time code) lose their query string
 * whole; elsewhere the values of secret-looking parameters are replaced. Never throws.
 */
export function loggedPath(url: string | undefined): string {
  if (!url) return '';
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const path = url.slice(0, queryAt);
  const lower = path.toLowerCase();
  if (lower.startsWith('/api/auth/') || lower === '/api/auth' || lower.startsWith('/callbackauth')) return `${path}?[disaring]`;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      let name = eq === -1 ? pair : pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed name is judged as written.
      }
      return eq !== -1 && SECRET_PARAMS.test(name.trim()) ? `${pair.slice(0, eq)}=[disaring]` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** What the site adds to a request's log line while answering it. */
export interface Tracked {
  cache?: CacheState;
}

/**
 * One JSON line per request (ACCESS_LOG, on by default in `npm start`, off in tests): time, tenant,
 * method, path (secrets filtered out by `loggedPath`), status, duration in ms and, for on-demand pages, the cache state. Lines
 * are gathered and written once per tick, so logging costs no extra write per request.
 */
export class AccessLog {
  #lines: string[] = [];
  #scheduled = false;

  constructor(private readonly write: (text: string) => void = (text) => process.stdout.write(text)) {}

  track(req: IncomingMessage, res: ServerResponse, tenant: string | undefined): Tracked {
    const started = performance.now();
    const tracked: Tracked = {};
    res.once('finish', () => {
      const line = {
        time: new Date().toISOString(),
        tenant: tenant ?? null,
        method: req.method,
        path: loggedPath(req.url),
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 100) / 100,
        ...(tracked.cache ? { cache: tracked.cache } : {}),
      };
      this.#lines.push(JSON.stringify(line));
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.flush());
      }
    });
    return tracked;
  }

  flush(): void {
    this.#scheduled = false;
    if (this.#lines.length === 0) return;
    const text = `${this.#lines.join('\n')}\n`;
    this.#lines = [];
    this.write(text);
  }
}
