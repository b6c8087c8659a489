import { describe, expect, it } from 'vitest';
import { ApiRequestError, createApiClient } from '~/lib/api';
import { CAREER_MESSAGES, load, loadBlogList, loadCareer, loadCareerJobs, loadCareers } from '~/lib/content/loaders';
import { fakeFetch, json, type SeenRequest, TEST_BASES } from '../api/fakes';

const ok = (data: unknown) => json(200, { statusCode: 200, message: 'OK', data });
const page = (items: unknown[], extra: object = {}) => ({ items, page: 1, perPage: 10, totalItems: items.length, totalPages: 1, ...extra });

const CAREER = {
  id: 1,
  slug: 'bergabung-bersama-kami',
  title: 'Bergabung Bersama Tim',
  company: 'Demo',
  location: 'Bandung',
  summary: 'Ringkas',
  description: '<p>Isi</p>',
  publishedAt: '2026-10-01T02:00:00.000Z',
  totalJobs: 1,
};
const JOB = {
  id: 4,
  careerId: 1,
  slug: 'mentor',
  title: 'Mentor',
  type: 'Kontrak',
  location: 'Daring',
  summary: 'Ringkas',
  description: '<p>Isi</p>',
  requirements: ['SQL'],
  closesAt: null,
};
const POST = {
  id: 3,
  kindSlug: 'blog',
  slug: 'menulis-cv',
  title: 'Menulis CV',
  summary: 'Ringkas',
  cover: '/media/x.webp',
  author: 'Rani',
  category: null,
  parentId: null,
  tags: [],
  details: {},
  views: 0,
  publishedAt: '2026-10-01T02:00:00.000Z',
};

/** A client on a fake server answering with `answer`. */
const clientOn = (answer: (request: SeenRequest) => Response) => {
  const server = fakeFetch(answer);
  return { client: createApiClient({ bases: TEST_BASES, fetch: server.fetch }), requests: server.requests };
};
const notFound = (message: string) => () => json(404, { statusCode: 404, message });

describe('load (SPEC §4 "Data loaders")', () => {
  it('keeps status true, a message and the data on success', async () => {
    expect(await load(async () => [1, 2])).toEqual({ status: true, message: 'OK', data: [1, 2] });
    expect(await load(async () => 3, { success: (n) => `got ${n}` })).toEqual({ status: true, message: 'got 3', data: 3 });
  });

  it('never throws: status false, the normalised error message, the fallback as data, the error kept', async () => {
    const failed = await load(async () => {
      throw new ApiRequestError(404, 'Post tidak ditemukan');
    });
    expect(failed).toMatchObject({ status: false, message: 'Post tidak ditemukan', data: undefined });
    expect(failed.status === false && failed.error.statusCode).toBe(404);

    const withFallback = await load(
      async () => {
        throw new Error('network down');
      },
      { fallback: [] as number[] },
    );
    expect(withFallback).toMatchObject({ status: false, message: 'network down', data: [] });
    expect(withFallback.status === false && withFallback.error.statusCode).toBe(500);
  });

  it('takes the message of a failed call from the server body, as the client normalises it', async () => {
    const { client } = clientOn(notFound('Karier tidak ditemukan'));
    const result = await load(() => client.call('main', 'career/detail', { safeParse: (data: unknown) => ({ success: true, data }) }));
    expect(result).toMatchObject({ status: false, message: 'Karier tidak ditemukan' });
    expect(result.status === false && result.error).toBeInstanceOf(ApiRequestError);
  });

  it('builds a failure message from the error message when asked', async () => {
    const result = await load(
      async () => {
        throw { statusCode: 503, message: 'Sedang perawatan' };
      },
      { failure: (message, error) => `${error.statusCode}: ${message}` },
    );
    expect(result).toMatchObject({ status: false, message: '503: Sedang perawatan' });
  });
});

describe('loadBlogList', () => {
  it('keeps the page of GET v2/post/category on success, the query passed through', async () => {
    const { client, requests } = clientOn(() => ok(page([POST], { perPage: 6 })));
    const result = await loadBlogList(client, { categorySlug: 'tips-belajar', page: 2 });
    expect(result).toMatchObject({ status: true, message: 'OK', data: { items: [{ slug: 'menulis-cv' }], perPage: 6 } });
    expect(requests[0]?.path).toBe('/api/v2/post/category');
    expect(Object.fromEntries(requests[0]?.url.searchParams ?? [])).toEqual({ categorySlug: 'tips-belajar', page: '2' });
  });

  it('sets the list to null when the load fails', async () => {
    const { client } = clientOn(() => json(500, { statusCode: 500, message: 'Basis data tidak tersedia' }));
    expect(await loadBlogList(client)).toMatchObject({ status: false, message: 'Basis data tidak tersedia', data: null });
  });

  it('sets the list to null when the answer breaks the contract', async () => {
    const { client } = clientOn(() => ok({ items: 'bukan daftar' }));
    const result = await loadBlogList(client);
    expect(result.status).toBe(false);
    expect(result.data).toBeNull();
    expect(result.message).toMatch(/tidak sesuai kontrak/);
  });
});

describe('career loaders: the exact message prefixes of SPEC §4', () => {
  it('names the six prefixes', () => {
    expect(CAREER_MESSAGES).toEqual({
      listCareer: { success: 'Success fetch list Career: ', failure: 'Failed fetch list Career: ' },
      listJob: { success: 'Success fetch list Job: ', failure: 'Failed fetch list Job: ' },
      detailCareer: { success: 'Success fetch detail Career: ', failure: 'Failed fetch detail Career: ' },
    });
  });

  it('list Career: the count of items and pages on success, the error message on failure', async () => {
    const { client, requests } = clientOn(() =>
      ok(page([CAREER, { ...CAREER, id: 2, slug: 'magang' }], { totalItems: 12, totalPages: 2 })),
    );
    const result = await loadCareers(client, { page: 1 });
    expect(result).toMatchObject({ status: true, message: 'Success fetch list Career: 2 of 12 (page 1 of 2)' });
    expect(result.data?.items).toHaveLength(2);
    expect(requests[0]?.url.search).toBe('?page=1');

    const failed = await loadCareers(clientOn(() => json(401, { statusCode: 401, message: 'AppToken wajib dikirim' })).client);
    expect(failed).toEqual(
      expect.objectContaining({ status: false, message: 'Failed fetch list Career: AppToken wajib dikirim', data: undefined }),
    );
  });

  it('list Job: the count on success, the error message on failure', async () => {
    const { client, requests } = clientOn(() => ok(page([JOB])));
    expect(await loadCareerJobs(client, { careerId: 1 })).toMatchObject({
      status: true,
      message: 'Success fetch list Job: 1 of 1 (page 1 of 1)',
      data: { items: [{ id: 4, careerId: 1 }] },
    });
    expect(requests[0]?.url.search).toBe('?careerId=1');

    const failed = await loadCareerJobs(clientOn(notFound('Karier 99 tidak ditemukan')).client, { careerId: 99 });
    expect(failed).toMatchObject({ status: false, message: 'Failed fetch list Job: Karier 99 tidak ditemukan', data: undefined });
  });

  it('detail Career: the slug on success, the error message on failure', async () => {
    const { client, requests } = clientOn(() => ok(CAREER));
    expect(await loadCareer(client, 'bergabung-bersama-kami')).toMatchObject({
      status: true,
      message: 'Success fetch detail Career: bergabung-bersama-kami',
      data: { id: 1 },
    });
    expect(requests[0]?.path).toBe('/api/career/detail');

    const failed = await loadCareer(clientOn(notFound('Karier tidak ditemukan')).client, 'tidak-ada');
    expect(failed).toMatchObject({ status: false, message: 'Failed fetch detail Career: Karier tidak ditemukan', data: undefined });
    expect(failed.status === false && failed.error.statusCode).toBe(404);
  });

  it('every message starts with its prefix, whatever the server says', async () => {
    const { client } = clientOn(() => new Response('Bad Gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }));
    const results = [await loadCareers(client), await loadCareerJobs(client, { careerId: 1 }), await loadCareer(client, 'x')];
    expect(results.map((result) => result.message)).toEqual([
      'Failed fetch list Career: Bad Gateway',
      'Failed fetch list Job: Bad Gateway',
      'Failed fetch detail Career: Bad Gateway',
    ]);
  });
});
