import { describe, expect, it } from 'vitest';
import type { Certificate } from '~/contract/certificates';
import {
  contentRoute,
  type ItemIndex,
  itemLookup,
  loadRoute,
  mainAddress,
  rendersOnDemand,
  rendersUncached,
  UNCACHED_READS,
} from '~/lib/content/routes';
import { fakeSource } from './fake-source';

/** The certificate's address in the content route table: rendered on demand, never a build's page. */

const ID = 'abcdefghijklmnopqrstuvwxyz';
const EMPTY: ItemIndex = { posts: {}, careers: [], jobs: [], portfolio: [] };

describe('/Sertifikat/{id}', () => {
  it('is a certificate route for a certificate id, and not a route for anything else', () => {
    expect(contentRoute(`/Sertifikat/${ID}`)).toEqual({ view: 'certificate', id: ID });
    expect(contentRoute('/Sertifikat/a2345672345672345672345672')).toEqual({ view: 'certificate', id: 'a2345672345672345672345672' });
    for (const path of [
      '/Sertifikat',
      `/Sertifikat/${ID.toUpperCase()}`,
      `/Sertifikat/${ID}x`,
      `/Sertifikat/${ID.slice(1)}1`,
      `/Sertifikat/${ID}/pdf`,
    ]) {
      expect(contentRoute(path), path).toBeUndefined();
    }
  });

  it('renders on demand and has no main address in any build', () => {
    expect(rendersOnDemand(`/Sertifikat/${ID}`)).toBe(true);
    expect(rendersOnDemand('/Sertifikat/bukan-nomor')).toBe(false);
    expect(mainAddress(`/Sertifikat/${ID}`, itemLookup(EMPTY))).toBeUndefined();
  });

  it('is rendered for every request, from a certificate read that is never kept; no other page is', () => {
    expect(rendersUncached(`/Sertifikat/${ID}`)).toBe(true);
    for (const path of [
      '/Sertifikat/bukan-nomor',
      `/Sertifikat/${ID}/pdf`,
      '/News',
      '/News/kabar-baru',
      '/Courses/dasar-html-dan-css',
      '/',
    ]) {
      expect(rendersUncached(path), path).toBe(false);
    }
    // The certificate, and the console's preview of a post (rendered only for signed-in staff, never kept either).
    expect([...UNCACHED_READS]).toEqual(['certificate', 'previewPost']);
  });

  it('loads the certificate from the content source, or the page’s own notice when there is none', async () => {
    const certificate = { id: ID, holderName: 'Siti Rahma' } as Certificate;
    const { source, calls } = fakeSource({ certificate: async (id) => (id === ID ? certificate : undefined) });
    expect(await loadRoute(source, { view: 'certificate', id: ID })).toEqual({ view: 'certificate', id: ID, certificate });
    const other = 'zzzzzzzzzzzzzzzzzzzzzzzzzz';
    expect(await loadRoute(source, { view: 'certificate', id: other })).toEqual({ view: 'certificate', id: other, certificate: undefined });
    expect(calls.map((call) => call.method)).toEqual(['certificate', 'certificate']);
  });
});
