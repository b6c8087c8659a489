import { afterEach, describe, expect, it } from 'vitest';
import type { Career, CareerJob } from '~/contract/careers';
import { ApiRequestError, createApiClient } from '~/lib/api';
import { CAREER_MESSAGES, load, loadCareer, loadCareerJobs, loadCareers } from '~/lib/content/loaders';
import { type ContentSource, setContentSource } from '~/lib/content/source';
import { fakeFetch, json, TEST_BASES } from '../api/fakes';
import { fakeSource } from './fake-source';

const page = <T>(items: T[], extra: object = {}) => ({ items, page: 1, perPage: 10, totalItems: items.length, totalPages: 1, ...extra });

const CAREER: Career = {
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
const JOB: CareerJob = {
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

/** Makes a fake source answering with `answers` the one every loader reads; `calls` records what they asked. */
const serving = (answers: Partial<ContentSource>) => {
  const fake = fakeSource(answers);
  setContentSource(fake.source);
  return fake.calls;
};
const failing = (error: unknown) => async () => {
  throw error;
};

// Loaders read the process's one source: leave none behind for another test.
afterEach(() => setContentSource(fakeSource({}).source));

describe('load (SPEC §4 "Data loaders")', () => {
  it('keeps status true, a message and the data on success', async () => {
    expect(await load(async () => [1, 2])).toEqual({ status: true, message: 'OK', data: [1, 2] });
    expect(await load(async () => 3, { success: (n) => `got ${n}` })).toEqual({ status: true, message: 'got 3', data: 3 });
  });

  it('never throws: status false, the normalised error message, the fallback as data, the error kept', async () => {
    const failed = await load(failing(new ApiRequestError(404, 'Post tidak ditemukan')));
    expect(failed).toMatchObject({ status: false, message: 'Post tidak ditemukan', data: undefined });
    expect(failed.status === false && failed.error.statusCode).toBe(404);

    const withFallback = await load(failing(new Error('network down')), { fallback: [] as number[] });
    expect(withFallback).toMatchObject({ status: false, message: 'network down', data: [] });
    expect(withFallback.status === false && withFallback.error.statusCode).toBe(500);
  });

  it('takes the message of a failed API call from the server body, as the client normalises it', async () => {
    const server = fakeFetch(() => json(404, { statusCode: 404, message: 'Karier tidak ditemukan' }));
    const client = createApiClient({ bases: TEST_BASES, fetch: server.fetch });
    const result = await load(() => client.call('main', 'career/detail', { safeParse: (data: unknown) => ({ success: true, data }) }));
    expect(result).toMatchObject({ status: false, message: 'Karier tidak ditemukan' });
    expect(result.status === false && result.error).toBeInstanceOf(ApiRequestError);
  });

  it('builds a failure message from the error message when asked', async () => {
    const result = await load(failing({ statusCode: 503, message: 'Sedang perawatan' }), {
      failure: (message, error) => `${error.statusCode}: ${message}`,
    });
    expect(result).toMatchObject({ status: false, message: '503: Sedang perawatan' });
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
    const calls = serving({
      listCareers: async () => page([CAREER, { ...CAREER, id: 2, slug: 'magang' }], { totalItems: 12, totalPages: 2 }),
    });
    const result = await loadCareers({ page: 1, pageSize: 10 });
    expect(result).toMatchObject({ status: true, message: 'Success fetch list Career: 2 of 12 (page 1 of 2)' });
    expect(result.data?.items).toHaveLength(2);
    expect(calls).toEqual([{ method: 'listCareers', args: [{ page: 1, pageSize: 10 }] }]);

    serving({ listCareers: failing(new Error('Basis data tidak tersedia')) });
    const failed = await loadCareers({ page: 1, pageSize: 10 });
    expect(failed).toEqual(
      expect.objectContaining({ status: false, message: 'Failed fetch list Career: Basis data tidak tersedia', data: undefined }),
    );
  });

  it('list Job: the count on success; an unknown career is a 404 with its message', async () => {
    const calls = serving({ listCareerJobs: async ({ careerId }) => (careerId === 1 ? page([JOB]) : undefined) });
    expect(await loadCareerJobs({ careerId: 1, page: 1, pageSize: 10 })).toMatchObject({
      status: true,
      message: 'Success fetch list Job: 1 of 1 (page 1 of 1)',
      data: { items: [{ id: 4, careerId: 1 }] },
    });
    expect(calls[0]).toEqual({ method: 'listCareerJobs', args: [{ careerId: 1, page: 1, pageSize: 10 }] });

    const failed = await loadCareerJobs({ careerId: 99, page: 1, pageSize: 10 });
    expect(failed).toMatchObject({ status: false, message: 'Failed fetch list Job: Karier 99 tidak ditemukan', data: undefined });
    expect(failed.status === false && failed.error.statusCode).toBe(404);
  });

  it('detail Career: the slug on success; a missing career is a 404 with its message', async () => {
    const calls = serving({ getCareer: async (slug) => (slug === CAREER.slug ? CAREER : undefined) });
    expect(await loadCareer('bergabung-bersama-kami')).toMatchObject({
      status: true,
      message: 'Success fetch detail Career: bergabung-bersama-kami',
      data: { id: 1 },
    });
    expect(calls).toEqual([{ method: 'getCareer', args: ['bergabung-bersama-kami'] }]);

    const failed = await loadCareer('tidak-ada');
    expect(failed).toMatchObject({ status: false, message: 'Failed fetch detail Career: Karier tidak ditemukan', data: undefined });
    expect(failed.status === false && failed.error.statusCode).toBe(404);
  });

  it('every message starts with its prefix, whatever the source throws', async () => {
    const outage = failing(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    serving({ listCareers: outage, listCareerJobs: outage, getCareer: outage });
    const results = [
      await loadCareers({ page: 1, pageSize: 10 }),
      await loadCareerJobs({ careerId: 1, page: 1, pageSize: 10 }),
      await loadCareer('x'),
    ];
    expect(results.map((result) => result.message)).toEqual([
      'Failed fetch list Career: connect ECONNREFUSED 127.0.0.1:5432',
      'Failed fetch list Job: connect ECONNREFUSED 127.0.0.1:5432',
      'Failed fetch detail Career: connect ECONNREFUSED 127.0.0.1:5432',
    ]);
    expect(results.every((result) => result.status === false && result.error.statusCode === 500)).toBe(true);
  });
});
