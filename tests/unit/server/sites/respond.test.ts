import { describe, expect, it } from 'vitest';
import { acceptedEncodings, matchesEtag, preferredEncoding, preparedHtml, withStatus } from '~/server/sites/respond';

describe('acceptedEncodings', () => {
  it.each([
    ['gzip, deflate, br, zstd', ['gzip', 'deflate', 'br', 'zstd']],
    ['BR;q=0.5 , GZip', ['br', 'gzip']],
    ['br;q=0, gzip;q=0.8', ['gzip']],
    ['br; q=0, gzip', ['gzip']],
    ['gzip;q=0.0, identity', ['identity']],
    ['', []],
  ])('%j → %j', (header, expected) => {
    expect([...acceptedEncodings(header)]).toEqual(expected);
  });

  it('accepts nothing without a header', () => {
    expect(acceptedEncodings(undefined).size).toBe(0);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['gzip;q=0.000', 'identity'],
    ['BR', 'br'],
    ['deflate, zstd', 'identity'],
  ] as const)('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('answers the same for a header seen many times', () => {
    for (let round = 0; round < 3; round++) expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
  });
});

describe('matchesEtag', () => {
  const tag = '"abc123-br"';
  it.each([
    [tag, true],
    [`"other", ${tag}`, true],
    [`"other",${tag}`, true],
    [`W/${tag}`, true],
    ['*', true],
    ['"abc123"', false],
    ['"abc123-br-x"', false],
    ['', false],
    [undefined, false],
  ])('If-None-Match %j → %s', (header, expected) => {
    expect(matchesEtag(header, tag)).toBe(expected);
  });
});

describe('withStatus', () => {
  it('sends the same bytes under another status, never cached, with no validators', () => {
    const page = { ...preparedHtml(200, '<p>404</p>'), status: 200 };
    page.identity.headers.push('ETag', '"x"', 'Last-Modified', 'Mon, 23 Nov 2026 10:00:00 GMT');
    const notFound = withStatus(page, 503, ['Retry-After', '3600']);
    expect(notFound.status).toBe(503);
    expect(notFound.identity.body).toBe(page.identity.body);
    expect(notFound.identity.etag).toBeUndefined();
    const headers = notFound.identity.headers;
    expect(headers).not.toContain('ETag');
    expect(headers).not.toContain('Last-Modified');
    expect(headers.filter((value) => value === 'Cache-Control')).toHaveLength(1);
    expect(headers.slice(-4)).toEqual(['Cache-Control', 'no-store', 'Retry-After', '3600']);
  });
});
