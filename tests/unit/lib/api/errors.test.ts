import { ofetch } from 'ofetch';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, normalizeError } from '~/lib/api';
import { json } from './fakes';

/** What ofetch throws when the server answers with `response`. */
async function failureOf(response: Response): Promise<unknown> {
  const client = ofetch.create({ retry: false }, { fetch: async () => response });
  return client('https://site.example/api/x').then(
    () => expect.fail('the call should fail'),
    (error: unknown) => error,
  );
}

describe('normalizeError (SPEC §8)', () => {
  it('takes status code, message and fields from the platform error body', async () => {
    const body = { statusCode: 400, message: 'Data tidak valid: email: wajib', fields: [{ field: 'email', message: 'wajib' }] };
    const error = normalizeError(await failureOf(json(400, body)));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.toJSON()).toEqual(body);
  });

  it('prefers the body statusCode over the HTTP status', async () => {
    const error = normalizeError(await failureOf(json(400, { statusCode: 422, message: 'tidak dapat diproses' })));
    expect(error).toMatchObject({ statusCode: 422, message: 'tidak dapat diproses' });
  });

  it('falls back to the body status (a number or a numeric string)', async () => {
    expect(normalizeError(await failureOf(json(400, { status: 409, message: 'bentrok' })))).toMatchObject({ statusCode: 409 });
    expect(normalizeError(await failureOf(json(400, { status: '404', message: 'tidak ada' })))).toMatchObject({ statusCode: 404 });
  });

  it('falls back to the response status when the body names none', async () => {
    expect(normalizeError(await failureOf(json(503, { status: 'error', message: 'sibuk' })))).toMatchObject({
      statusCode: 503,
      message: 'sibuk',
    });
  });

  it('dumps a body without a message as JSON', async () => {
    const error = normalizeError(await failureOf(json(502, { error: 'upstream', code: 7 })));
    expect(error).toMatchObject({ statusCode: 502, message: '{"error":"upstream","code":7}' });
  });

  it('keeps a text body as the message', async () => {
    const error = normalizeError(await failureOf(new Response('Bad Gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } })));
    expect(error).toMatchObject({ statusCode: 502, message: 'Bad Gateway' });
  });

  it('gives 500 and the error message when there is no response at all', async () => {
    const client = ofetch.create({ retry: false }, { fetch: () => Promise.reject(new TypeError('fetch failed')) });
    const error = normalizeError(await client('https://site.example/api/x').catch((e: unknown) => e));
    expect(error.statusCode).toBe(500);
    expect(error.message).toContain('fetch failed');
    expect(normalizeError(new Error('boom'))).toMatchObject({ statusCode: 500, message: 'boom' });
  });

  it('reads a thrown body or any other value', () => {
    expect(normalizeError({ statusCode: 404, message: 'Tidak ada' })).toMatchObject({ statusCode: 404, message: 'Tidak ada' });
    expect(normalizeError({ reason: 'x' })).toMatchObject({ statusCode: 500, message: '{"reason":"x"}' });
    expect(normalizeError('gagal')).toMatchObject({ statusCode: 500, message: 'gagal' });
    expect(normalizeError(undefined)).toMatchObject({ statusCode: 500 });
  });

  it('ignores malformed fields and returns an ApiRequestError as it is', () => {
    expect(normalizeError({ statusCode: 400, message: 'x', fields: 'email' }).fields).toBeUndefined();
    const error = new ApiRequestError(409, 'bentrok');
    expect(normalizeError(error)).toBe(error);
  });
});
