import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Blob, BlobPool } from './blob-pool';

/**
 * Answers prepared ahead of the request: status, headers (a flat `name, value, …` list handed to
 * `writeHead` as is) and the body bytes, one variant per content encoding. Sending one is a lookup
 * and a socket write: no `stat`, no stream, no header objects built per request.
 */
export type FlatHeaders = string[];

export interface PreparedBody {
  headers: FlatHeaders;
  /** Headers of the 304 answer; absent when the body has no ETag. */
  notModified?: FlatHeaders | undefined;
  etag?: string | undefined;
  body: Blob | Buffer;
}

export interface Prepared {
  status: number;
  identity: PreparedBody;
  br?: PreparedBody | undefined;
  gzip?: PreparedBody | undefined;
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

type Choice = 'br' | 'gzip' | 'identity';
const choices = new Map<string, Choice>();

/** The best encoding an Accept-Encoding value allows (brotli, then gzip); parsed once per distinct value. */
export function preferredEncoding(header: string | undefined): Choice {
  if (!header) return 'identity';
  let choice = choices.get(header);
  if (!choice) {
    const accepted = acceptedEncodings(header);
    choice = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
    if (choices.size > 1000) choices.clear();
    choices.set(header, choice);
  }
  return choice;
}

/** The variant for this request: its preferred encoding when prepared, else the identity bytes. */
export function variantFor(req: IncomingMessage, prepared: Prepared): PreparedBody {
  const choice = preferredEncoding(req.headers['accept-encoding']);
  return (choice === 'br' ? (prepared.br ?? prepared.gzip) : choice === 'gzip' ? prepared.gzip : undefined) ?? prepared.identity;
}

/** Whether If-None-Match names `etag` (a list, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === etag || trimmed === `W/${etag}` || trimmed === '*';
  });
}

/** Writes a prepared answer: 304 when the client has it, headers only for HEAD, else the bytes. */
export function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  prepared: Prepared,
  pool: BlobPool,
  extra?: FlatHeaders,
): void | Promise<void> {
  const variant = variantFor(req, prepared);
  const headers = extra ? [...variant.headers, ...extra] : variant.headers;
  if (variant.etag && variant.notModified && prepared.status === 200 && matchesEtag(req.headers['if-none-match'], variant.etag)) {
    res.writeHead(304, extra ? [...variant.notModified, ...extra] : variant.notModified);
    res.end();
    return;
  }
  if (req.method === 'HEAD') {
    res.writeHead(prepared.status, headers);
    res.end();
    return;
  }
  const body = Buffer.isBuffer(variant.body) ? variant.body : pool.body(variant.body);
  if (Buffer.isBuffer(body)) {
    res.writeHead(prepared.status, headers);
    res.end(body);
    return;
  }
  return body.then((bytes) => {
    res.writeHead(prepared.status, headers);
    res.end(bytes);
  });
}

/** The same bytes as another status (error and status pages): never cached by browsers, no ETag. */
export function withStatus(prepared: Prepared, status: number, add: FlatHeaders = []): Prepared {
  const rewrite = (variant: PreparedBody | undefined): PreparedBody | undefined => {
    if (!variant) return undefined;
    const headers: FlatHeaders = [];
    for (let i = 0; i < variant.headers.length; i += 2) {
      const name = variant.headers[i] as string;
      if (name === 'ETag' || name === 'Cache-Control' || name === 'Last-Modified') continue;
      headers.push(name, variant.headers[i + 1] as string);
    }
    return { headers: [...headers, 'Cache-Control', 'no-store', ...add], body: variant.body };
  };
  return { status, identity: rewrite(prepared.identity) as PreparedBody, br: rewrite(prepared.br), gzip: rewrite(prepared.gzip) };
}

/** A small page made in the server (no build behind it), in identity encoding only. */
export function preparedHtml(status: number, html: string, add: FlatHeaders = []): Prepared {
  const body = Buffer.from(html);
  return {
    status,
    identity: {
      headers: ['Content-Type', 'text/html; charset=utf-8', 'Content-Length', String(body.length), 'Cache-Control', 'no-store', ...add],
      body,
    },
  };
}
