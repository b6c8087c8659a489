// One GET over node:http, bytes as sent (no decompression), with any Host header: fetch would
// decode brotli and does not let a script pick the Host that chooses the tenant.
import { request } from 'node:http';

/**
 * GETs `path` from 127.0.0.1:`port`; `host` sets the Host header, `br` asks for brotli.
 * Resolves with the status, headers and the body exactly as it came over the wire.
 */
export function httpGet(port, path, { host, br = false, timeoutMs = 30_000 } = {}) {
  const headers = { ...(host ? { Host: host } : {}), ...(br ? { 'Accept-Encoding': 'br' } : {}) };
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path}: no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/** Polls `path` until it answers 200 (or `timeoutMs` passes, or `alive()` says the server died). */
export async function waitFor200(port, path, { timeoutMs = 120_000, alive = () => true } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!alive()) throw new Error(`the server exited while waiting for ${path} (last: ${last})`);
    try {
      const res = await httpGet(port, path, { timeoutMs: 2000 });
      if (res.status === 200) return res;
      last = `${res.status} ${res.body.toString('utf8').slice(0, 200)}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${path} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
}
