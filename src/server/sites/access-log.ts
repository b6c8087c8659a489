import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CacheState } from './page-cache';

/** What the site adds to a request's log line while answering it. */
export interface Tracked {
  cache?: CacheState;
}

/**
 * One JSON line per request (ACCESS_LOG, on by default in `npm start`, off in tests): time, tenant,
 * method, path, status, duration in ms and, for on-demand pages, the cache state. Lines
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
        path: req.url,
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
