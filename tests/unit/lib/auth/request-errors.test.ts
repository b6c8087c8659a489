import { describe, expect, it } from 'vitest';
import { signIn } from '~/lib/api/auth';
import { createApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { BAD_CREDENTIALS_MESSAGE, failureMessage, OFFLINE_MESSAGE, retryAtText, SERVER_MESSAGE } from '~/lib/auth/request-errors';
import { fakeFetch, json, TEST_BASES } from '../api/fakes';

// 14:31:20 WIB.
const NOW = new Date('2026-05-04T07:31:20Z');
const LOCKED = 'Terlalu banyak percobaan masuk yang gagal. Akun ini dikunci sementara; coba lagi dalam 5 menit.';

/** Signs in against a server that answers `response`, returning what the island would catch. */
async function failedSignIn(response: () => Response): Promise<unknown> {
  const server = fakeFetch(response);
  const client = createApiClient({ bases: TEST_BASES, fetch: server.fetch });
  return signIn(client, { email: 'a@b.id', password: 'x' }).then(
    () => expect.unreachable('the sign-in should fail'),
    (error: unknown) => error,
  );
}

describe('retryAtText', () => {
  it('gives the Jakarta clock time to try again, rounded up to the minute', () => {
    expect(retryAtText(300, NOW)).toBe('Coba lagi pukul 14.37 WIB');
    expect(retryAtText(40, NOW)).toBe('Coba lagi pukul 14.32 WIB');
    expect(retryAtText(41, NOW)).toBe('Coba lagi pukul 14.33 WIB');
    expect(retryAtText(0, new Date('2026-05-04T16:59:00Z'))).toBe('Coba lagi pukul 23.59 WIB');
  });
});

describe('failureMessage', () => {
  it('shows a lockout with the server message and the time from Retry-After', async () => {
    const error = await failedSignIn(
      () =>
        new Response(JSON.stringify({ statusCode: 429, message: LOCKED }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '300' },
        }),
    );
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).retryAfterSeconds).toBe(300);
    expect(failureMessage(error, NOW, true)).toBe(`${LOCKED} Coba lagi pukul 14.37 WIB.`);
  });

  it('reads a Retry-After given as an HTTP date', async () => {
    const at = new Date(Date.now() + 120_000).toUTCString();
    const error = (await failedSignIn(() => json(429, { statusCode: 429, message: 'Terlalu banyak percobaan' }))) as ApiRequestError;
    expect(error.retryAfterSeconds).toBeUndefined();
    const dated = (await failedSignIn(() => new Response('{}', { status: 429, headers: { 'Retry-After': at } }))) as ApiRequestError;
    expect(dated.retryAfterSeconds).toBeGreaterThanOrEqual(118);
    expect(dated.retryAfterSeconds).toBeLessThanOrEqual(120);
    expect(failureMessage(error, NOW, true)).toBe('Terlalu banyak percobaan.');
  });

  it('passes the server’s Indonesian message for a refused sign-in', async () => {
    const error = await failedSignIn(() => json(401, { statusCode: 401, message: BAD_CREDENTIALS_MESSAGE }));
    expect(failureMessage(error, NOW, true)).toBe(BAD_CREDENTIALS_MESSAGE);
  });

  it('says the connection failed when fetch rejects or the browser is offline', async () => {
    const error = await failedSignIn(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(failureMessage(error, NOW, true)).toBe(OFFLINE_MESSAGE);
    expect(failureMessage(new ApiRequestError(401, 'x'), NOW, false)).toBe(OFFLINE_MESSAGE);
  });

  it('hides server failures and answers outside the contract behind one clear message', async () => {
    expect(failureMessage(await failedSignIn(() => new Response('<h1>Bad Gateway</h1>', { status: 502 })), NOW, true)).toBe(SERVER_MESSAGE);
    expect(failureMessage(await failedSignIn(() => json(200, { statusCode: 200, message: 'OK', data: {} })), NOW, true)).toBe(
      SERVER_MESSAGE,
    );
    expect(failureMessage(new Error('boom'), NOW, true)).toBe(SERVER_MESSAGE);
  });
});
