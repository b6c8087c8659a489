import { describe, expect, it } from 'vitest';
import { VersionResponseSchema } from '~/contract/authorizer';
import { API_BASES } from '~/contract/common';
import { ApiRequestError, createApiClient, getUserDetail, getVersion, listCities, resolveBases } from '~/lib/api';
import { fakeFetch, json, type SeenRequest, TEST_BASES } from './fakes';

const VERSION = { statusCode: 200, message: 'OK', data: { version: '2.0.0' } };
const USER = { id: 'u1', lmsId: 'lms-1', email: 'admin@demo.example', name: 'Admin', kind: 1, role: 'admin' };

/** A client on a fake server answering every path with `answer`, and a log of the progress hook. */
function setup(answer: (request: SeenRequest) => Response = () => json(200, VERSION), credentials = {}) {
  const server = fakeFetch(answer);
  const progress: string[] = [];
  const client = createApiClient({
    bases: TEST_BASES,
    fetch: server.fetch,
    credentials,
    progress: { start: () => progress.push('start'), done: () => progress.push('done'), fail: () => progress.push('fail') },
  });
  return { client, requests: server.requests, progress };
}

describe('bases (SPEC §7 "Bases")', () => {
  it('default to the local fallback and take overrides, ignoring empty ones', () => {
    expect(resolveBases()).toEqual(API_BASES);
    expect(resolveBases({ main: 'https://api.example/', auth: ' ' })).toEqual({ ...API_BASES, main: 'https://api.example/' });
  });

  it('are where calls go', async () => {
    const { client, requests } = setup((request) =>
      json(200, request.path.endsWith('/cities') ? { statusCode: 200, message: 'OK', data: [] } : VERSION),
    );
    await getVersion(client);
    expect(requests[0]?.url.href).toBe('https://site.example/api/v1/authorizer/version');
    await listCities(client, '32');
    expect(requests[1]?.url.href).toBe('https://site.example/api/v1/authorizer/cities?provinceId=32');
  });
});

describe('credential headers (SPEC §6, §7)', () => {
  it('sends nothing it does not hold, and accepts json or text', async () => {
    const { client, requests } = setup();
    await getVersion(client);
    const headers = requests[0]?.headers as Headers;
    expect(headers.get('AppToken')).toBeNull();
    expect(headers.get('lmsId')).toBeNull();
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('Accept')).toMatch(/application\/json.*text\/plain/);
  });

  it('adds AppToken, lmsId and a Bearer Authorization to main-service calls', async () => {
    const { client, requests } = setup(undefined, { appToken: 'DEMO.abc', lmsId: 'lms-1', accessToken: 'secret' });
    await getVersion(client);
    expect(Object.fromEntries(requests[0]?.headers ?? [])).toMatchObject({
      apptoken: 'DEMO.abc',
      lmsid: 'lms-1',
      authorization: 'Bearer secret',
    });
  });

  it('sends the bare token when a call asks for it', async () => {
    const { client, requests } = setup(() => json(200, { statusCode: 200, message: 'OK', data: USER }), { accessToken: 'secret' });
    await getUserDetail(client, { authScheme: 'bare' });
    expect(requests[0]?.headers.get('Authorization')).toBe('secret');
    await getUserDetail(client);
    expect(requests[1]?.headers.get('Authorization')).toBe('Bearer secret');
  });

  it('gives the auth service the lms id and user token but never the app token', async () => {
    const { client, requests } = setup(() => json(200, { statusCode: 200, message: 'OK', data: USER }), {
      appToken: 'DEMO.abc',
      lmsId: 'lms-1',
      accessToken: 'secret',
    });
    await getUserDetail(client);
    expect(requests[0]?.url.pathname).toBe('/api/auth/user/detail');
    expect(requests[0]?.headers.get('AppToken')).toBeNull();
    expect(requests[0]?.headers.get('lmsId')).toBe('lms-1');
  });

  it('follows held credentials as they change, and per-call ones override them', async () => {
    const { client, requests } = setup(undefined, { appToken: 'DEMO.old' });
    client.setCredentials({ appToken: 'DEMO.new', lmsId: 'lms-1' });
    await getVersion(client);
    await getVersion(client, { credentials: { appToken: 'DEMO.once', lmsId: undefined } });
    client.setCredentials({ appToken: undefined });
    await getVersion(client);
    expect(requests.map((r) => [r.headers.get('AppToken'), r.headers.get('lmsId')])).toEqual([
      ['DEMO.new', 'lms-1'],
      ['DEMO.once', null],
      [null, 'lms-1'],
    ]);
    expect(client.credentials()).toEqual({ appToken: undefined, lmsId: 'lms-1' });
  });

  it('sends raw requests with the same headers, and answers whatever the status', async () => {
    const { client, requests, progress } = setup(() => json(409, { statusCode: 409, message: 'Bentrok' }), { appToken: 'DEMO.abc' });
    const response = await client.send('main', 'v1/anything', { query: { page: 2, search: undefined } });
    expect(response.status).toBe(409);
    expect(requests[0]?.headers.get('AppToken')).toBe('DEMO.abc');
    expect(requests[0]?.url.search).toBe('?page=2');
    expect(progress).toEqual([]);
  });
});

describe('progress hook and answers', () => {
  it('runs start then done around a successful call', async () => {
    const { client, progress } = setup();
    expect(await getVersion(client)).toBe('2.0.0');
    expect(progress).toEqual(['start', 'done']);
  });

  it('runs start then fail and throws the normalised error when the server refuses', async () => {
    const { client, progress } = setup(() => json(401, { statusCode: 401, message: 'AppToken wajib dikirim' }));
    const error = await getVersion(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ statusCode: 401, message: 'AppToken wajib dikirim' });
    expect(progress).toEqual(['start', 'fail']);
  });

  it('does not trust an answer the contract does not describe', async () => {
    const { client, progress } = setup(() => json(200, { statusCode: 200, message: 'OK', data: { version: 2 } }));
    const error = await getVersion(client).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 500, message: expect.stringContaining('tidak sesuai kontrak') });
    expect((error as Error).message).toContain('data.version');
    expect(progress).toEqual(['start', 'fail']);
  });

  it('fails on a network error too, and leaves the bar alone for untracked calls', async () => {
    const { client, progress } = setup(() => {
      throw new TypeError('fetch failed');
    });
    await expect(getVersion(client)).rejects.toMatchObject({ statusCode: 500 });
    await expect(getVersion(client, { progress: false })).rejects.toBeInstanceOf(ApiRequestError);
    expect(progress).toEqual(['start', 'fail']);
  });

  it('sends bodies as JSON and parses with any contract schema', async () => {
    const { client, requests } = setup();
    const body = await client.call('main', 'v1/echo', VersionResponseSchema, { method: 'POST', body: { a: 1 } });
    expect(body.data.version).toBe('2.0.0');
    expect(requests[0]).toMatchObject({ method: 'POST', body: { a: 1 } });
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });
});
