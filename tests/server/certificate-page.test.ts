import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemIndexOf, mainAddresses } from '~/lib/content/routes';
import { loadSiteContext } from '~/server/builds/site-context';
import { issueCourseCertificate, newCertificateId } from '~/server/certificates';
import { loadConfig } from '~/server/config';
import { certificates, courses, users } from '~/server/db/schema';
import type { TenantRecord } from '~/server/platform/tenants';
import { dbContentSource } from '~/server/sites/db-source';
import { tenantOf } from './support/api-client';
import { signUpLearner } from './support/identity';
import { dbKinds, platformFor, TEST_APP_TOKEN_SECRET } from './support/platform';
import { loadSiteRenderer, pageText, type SiteRenderer } from './support/site-renderer';
import { OTHER_APP_CODE } from './support/tokens';

/**
 * A certificate's page (/Sertifikat/{id}) as the site's one compile renders it on demand, over the
 * database: a valid certificate verified with its QR code and PDF link, a revoked one's notice, an
 * unknown id's own 404 notice, nothing of it on another tenant's site, and never in a build's list of
 * pages. One database kind: the page reads what certificates.test.ts checks on both.
 */

const root = process.cwd();
const [kind] = await dbKinds();

let renderer: SiteRenderer;
beforeAll(async () => {
  renderer = await loadSiteRenderer(root);
}, 300_000);

describe(`the certificate page on ${kind}`, () => {
  const platform = platformFor(kind ?? 'pglite');
  const api = loadConfig({ APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET });
  let clientDir: string;
  let demo: TenantRecord;
  let other: TenantRecord;
  let id: string;

  /** Renders `path` on `tenant`'s site, as its render process would (`settings`: the server's configuration). */
  async function render(tenant: TenantRecord, path: string, settings = api): Promise<{ status: number; html: string; text: string }> {
    const context = await loadSiteContext(platform.deps.db, tenant, { tenantsRoot: join(root, 'tenants'), clientDir, api: settings });
    renderer.configure(context, dbContentSource(platform.deps.db, tenant));
    const response = await renderer.render(new Request(`https://${tenant.hosts[0]}${path}`));
    const html = await response.text();
    return { status: response.status, html, text: pageText(html) };
  }

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'lms-certificate-page-'));
    demo = await tenantOf(platform);
    other = await tenantOf(platform, OTHER_APP_CODE);
    const db = platform.deps.db;
    await signUpLearner(platform, demo.lmsId, 'halaman-sertifikat@contoh.id');
    const [learner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'halaman-sertifikat@contoh.id'));
    const [course] = await db
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.lmsId, demo.catalogueLmsId), eq(courses.slug, 'dasar-html-dan-css')));
    id = (await issueCourseCertificate(db, { userId: learner?.id ?? '', courseId: course?.id ?? 0 })) ?? '';
  }, 120_000);
  afterAll(() => {
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  });

  it('verifies a certificate: holder, linked title, date, brand, id, a QR code of the page’s own address and the PDF', async () => {
    const page = await render(demo, `/Sertifikat/${id}`);
    expect(page.status).toBe(200);
    for (const words of ['Sertifikat terverifikasi', 'Siti Rahma', 'Dasar HTML dan CSS', 'Nusantara Learning', id, 'Unduh PDF']) {
      expect(page.text).toContain(words);
    }
    expect(page.text).toMatch(/Tanggal terbit \d{1,2} \p{L}+ \d{4}/u);
    expect(page.html).toContain('href="/Courses/dasar-html-dan-css"');
    expect(page.html).toContain(`href="/api/v1/certificate/${id}.pdf"`);
    expect(page.html).toMatch(/<meta name="robots" content="noindex/);

    // The QR code is the one of this page's address (the same modules the library draws for it) and says so.
    const url = `https://nusantaralearning.example/Sertifikat/${id}`;
    expect(page.text).toContain(url);
    const modules = /<path stroke="#000000" d="([^"]+)"/.exec(
      await QRCode.toString(url, { type: 'svg', margin: 4, errorCorrectionLevel: 'M' }),
    )?.[1];
    expect(modules).toBeTruthy();
    expect(page.html).toContain(`d="${modules}"`);
    expect(page.html).toMatch(/<svg class="certificate__qr-code" role="img" aria-label="[^"]+"/);
  });

  it('links the PDF from the site’s main API base, also when the API has a host of its own', async () => {
    const apiHost = loadConfig({ APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET, PUBLIC_API_BASE: 'https://api.nusantaralearning.example/api/' });
    const page = await render(demo, `/Sertifikat/${id}`, apiHost);
    expect(page.html).toContain(`href="https://api.nusantaralearning.example/api/v1/certificate/${id}.pdf"`);
    // The page's own address (its QR code) is still the site's.
    expect(page.text).toContain(`https://nusantaralearning.example/Sertifikat/${id}`);
  });

  it('says a revoked certificate was revoked, when and why, and claims nothing', async () => {
    await platform.deps.db
      .update(certificates)
      .set({ revokedAt: new Date('2026-03-05T10:00:00+07:00'), revokedReason: 'Data peserta tidak sesuai' })
      .where(eq(certificates.id, id));
    try {
      const page = await render(demo, `/Sertifikat/${id}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Sertifikat ini telah dicabut pada 5 Maret 2026. Alasan: Data peserta tidak sesuai');
      expect(page.text).toContain('Siti Rahma');
      expect(page.text).not.toMatch(/terverifikasi/i);
      expect(page.text).not.toContain('Unduh PDF');
      expect(page.html).not.toContain('certificate__qr-code');
    } finally {
      await platform.deps.db.update(certificates).set({ revokedAt: null, revokedReason: null }).where(eq(certificates.id, id));
    }
  });

  it('answers an unknown id with its own notice and status 404, and another tenant’s site the same', async () => {
    const unknown = await render(demo, `/Sertifikat/${newCertificateId()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('Sertifikat tidak ditemukan');
    expect(unknown.html).toMatch(/<meta name="robots" content="noindex/);

    const elsewhere = await render(other, `/Sertifikat/${id}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.text).toContain('Sertifikat tidak ditemukan');
    expect(elsewhere.text).not.toContain('Siti Rahma');

    // Not a certificate id at all: the site's ordinary 404 page.
    const malformed = await render(demo, '/Sertifikat/BUKAN-NOMOR');
    expect(malformed.status).toBe(404);
    expect(malformed.text).not.toContain('Sertifikat tidak ditemukan');
  });

  it('is never among the pages a build writes or the sitemap lists', async () => {
    const addresses = mainAddresses(await itemIndexOf(dbContentSource(platform.deps.db, demo)));
    expect(addresses.length).toBeGreaterThan(10);
    expect(addresses.filter((address) => address.startsWith('/Sertifikat'))).toEqual([]);
  });
});
