import { createReadStream, type Stats, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { MiddlewareHandler } from 'hono';

/** Content types of the files a build writes. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
};

/** Extensions worth compressing: the build writes their `.br`/`.gz` twins (scripts/lib/precompress.mjs). */
export const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

/** Encodings in order of preference, with the suffix of their precompressed file. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

function statFile(path: string): Stats | undefined {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

/** The file a URL path names: itself, or a directory's `index.html` (build format 'directory'). */
function resolveFile(path: string): { path: string; stats: Stats } | undefined {
  for (const candidate of [path, join(path, 'index.html')]) {
    const stats = statFile(candidate);
    if (stats) return { path: candidate, stats };
  }
  return undefined;
}

/** Encodings a client accepts (q=0 means refused). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/** Cache policy: hashed build assets forever, pages always revalidated, the rest for an hour. */
export function cacheControl(urlPath: string, ext: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (ext === '.html') return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

/**
 * Serves a build's static files: the precompressed `.br`/`.gz` twin chosen by Accept-Encoding,
 * ETag/Last-Modified with 304 answers, and cache headers by kind. Paths are case-sensitive and
 * confined to `root`; anything not found falls through to the next handler.
 */
export function staticFiles(root: string): MiddlewareHandler {
  const base = normalize(root + sep);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(c.req.path);
    } catch {
      return next();
    }
    // Control characters and `//host` or `/\host` would turn the slash redirect below into an
    // off-site redirect (browsers drop tabs and newlines); such paths are never files either.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
    if (/[\u0000-\u001f\u007f\\]/.test(urlPath) || urlPath.startsWith('//')) return next();
    const direct = normalize(join(base, urlPath));
    if (!direct.startsWith(base) && `${direct}${sep}` !== base) return next();
    if (urlPath.length > 1 && urlPath.endsWith('/')) return c.redirect(urlPath.replace(/\/+$/, '') || '/', 301);

    const found = resolveFile(direct);
    if (!found) return next();
    const { path, stats } = found;
    const ext = extname(path);

    let served = path;
    let servedStats = stats;
    c.header('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    if (COMPRESSIBLE.has(ext)) {
      c.header('Vary', 'Accept-Encoding');
      const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
      for (const [encoding, suffix] of ENCODINGS) {
        const twin = accepted.has(encoding) ? statFile(path + suffix) : undefined;
        if (twin) {
          served = path + suffix;
          servedStats = twin;
          c.header('Content-Encoding', encoding);
          break;
        }
      }
    }
    const etag = `W/"${servedStats.size.toString(36)}-${Math.trunc(servedStats.mtimeMs).toString(36)}${served === path ? '' : extname(served)}"`;
    c.header('ETag', etag);
    c.header('Last-Modified', servedStats.mtime.toUTCString());
    c.header('Cache-Control', cacheControl(urlPath, ext));
    const ifNoneMatch = c.req.header('If-None-Match');
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === etag)) return c.body(null, 304);

    c.header('Content-Length', String(servedStats.size));
    if (c.req.method === 'HEAD') return c.body(null, 200);
    return c.body(Readable.toWeb(createReadStream(served)) as ReadableStream, 200);
  };
}
