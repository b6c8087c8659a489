import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CERTIFICATE_ID } from '~/contract/certificates';
import type { ApiClient } from '~/lib/api';
import { completeEnrolment, downloadCertificatePdf, listMyCertificates, revokeCertificate } from '~/lib/api/certificates';
import { getCourse, getCourseProgress, recordChapterRead } from '~/lib/api/courses';
import { newCertificateId } from '~/server/certificates';
import { certificates, classes, enrolments, users } from '~/server/db/schema';
import type { SiteEvent } from '~/server/platform/site-events';
import type { TenantRecord } from '~/server/platform/tenants';
import { dbContentSource } from '~/server/sites/db-source';
import { bundleForNode } from '../../scripts/lib/load-ts.mjs';
import { appClientOf, signInAs, tenantOf } from './support/api-client';
import { ask, makeDist, siteFiles, startSites, writeBuild } from './support/fake-sites';
import { signUpLearner } from './support/identity';
import { dbKinds, platformFor } from './support/platform';
import { OTHER_APP_CODE } from './support/tokens';

/**
 * Certificates as learners, admins and visitors meet them on the demo tenant's seeded catalogue: a
 * course's certificate is issued when its last chapter is read (once, however often or at once the
 * chapters are read), a class's when an admin marks the learner passed; an admin of the tenant revokes,
 * and the certificate's page, rendered for every request through the site server, says so at once;
 * the page (through the content source) and its PDF answer nothing on another tenant's host.
 */

const failsWith = (call: Promise<unknown>, statusCode: number, message?: RegExp) =>
  expect(call).rejects.toMatchObject(message ? { statusCode, message: expect.stringMatching(message) } : { statusCode });

/** The PDF's text, as a reader (or a search) extracts it. */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The render worker, bundled once for the site server the page test starts. */
const bundles = join(process.cwd(), 'node_modules/.cache/lms-tests', `certificates-${process.pid}`);
const workerScript = join(bundles, 'render-worker.mjs');
let bundled: Promise<void> | undefined;
afterAll(() => rmSync(bundles, { recursive: true, force: true }));

/**
 * A site renderer (`server/entry.mjs`) standing in for the certificate page: what it says comes from
 * the content source's `certificate(id)` on each render, as CertificatePage.astro's does.
 */
const CERTIFICATE_RENDERER = `let source;
export function configure(context, given) {
  source = given;
}
export async function render(request) {
  const certificate = await source.certificate(new URL(request.url).pathname.split('/')[2]);
  const title = !certificate ? 'Sertifikat tidak ditemukan' : certificate.revokedAt ? 'Sertifikat dicabut' : 'Sertifikat terverifikasi';
  return new Response('<!doctype html><h1>' + title + '</h1>', { status: certificate ? 200 : 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
}
`;

describe('certificate ids', () => {
  it('are 26 characters of lower-case base32, different every time', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newCertificateId()));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(CERTIFICATE_ID);
  });
});

describe.each(await dbKinds())('certificates on %s', (kind) => {
  const platform = platformFor(kind);
  let demo: TenantRecord;
  let other: TenantRecord;
  let admin: ApiClient;
  let learners = 0;

  beforeAll(async () => {
    demo = await tenantOf(platform);
    other = await tenantOf(platform, OTHER_APP_CODE);
    admin = await appClientOf(platform);
    await signInAs(admin, 'admin');
  }, 60_000);

  /** A new learner of the demo tenant, signed in; `name` as they signed up (support/identity.ts). */
  async function newLearner(): Promise<{ client: ApiClient; email: string; userId: string }> {
    const email = `sertifikat-${kind}-${++learners}@contoh.id`;
    const client = await appClientOf(platform);
    client.setCredentials({ accessToken: await signUpLearner(platform, demo.lmsId, email) });
    const [row] = await platform.deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.lmsId, demo.lmsId), eq(users.email, email)));
    if (!row) throw new Error(`learner ${email} not stored`);
    return { client, email, userId: row.id };
  }

  /** Every chapter of a course, in its outline's order. */
  async function chaptersOf(client: ApiClient, courseSlug: string): Promise<string[]> {
    return (await getCourse(client, courseSlug)).modules.flatMap((module) => module.chapters.map((chapter) => chapter.slug));
  }

  const rowsOf = (userId: string) => platform.deps.db.select().from(certificates).where(eq(certificates.userId, userId));

  /** GET v1/certificate/{id}.pdf as a browser on `host` asks for it (no credentials: the id is the secret). */
  const pdfOn = (host: string, id: string) => platform.api.request(`/v1/certificate/${id}.pdf`, { headers: { Host: host } });

  it('issues exactly one certificate when every chapter of a free course is read, and none before', async () => {
    const { client, userId } = await newLearner();
    const chapters = await chaptersOf(client, 'dasar-html-dan-css');
    expect(chapters.length).toBeGreaterThan(1);
    for (const chapter of chapters.slice(0, -1)) await recordChapterRead(client, 'dasar-html-dan-css', chapter);
    expect(await listMyCertificates(client)).toEqual([]);
    expect(await getCourseProgress(client, 'dasar-html-dan-css')).not.toHaveProperty('certificateId');

    // The read that completes the course answers where its certificate is (the reader's outline links it).
    const last = await recordChapterRead(client, 'dasar-html-dan-css', chapters.at(-1) ?? '');
    const [certificate, ...more] = await listMyCertificates(client);
    expect(last.certificateId).toBe(certificate?.id);
    expect(more).toEqual([]);
    expect(certificate).toMatchObject({
      kind: 'course',
      holderName: 'Siti Rahma',
      title: 'Dasar HTML dan CSS',
      brand: 'Nusantara Learning',
      revokedAt: null,
      course: { slug: 'dasar-html-dan-css', isPremium: false },
      class: null,
    });
    expect(certificate?.id).toMatch(CERTIFICATE_ID);

    // Reading again, in any order, changes nothing.
    for (const chapter of chapters.toReversed()) await recordChapterRead(client, 'dasar-html-dan-css', chapter);
    expect((await listMyCertificates(client)).map((item) => item.id)).toEqual([certificate?.id]);
    expect(await rowsOf(userId)).toHaveLength(1);
  });

  it('issues one certificate when the last chapters are read at the same time, without an error', async () => {
    const { client, userId } = await newLearner();
    const chapters = await chaptersOf(client, 'sql-untuk-pemula');
    for (const chapter of chapters.slice(0, -2)) await recordChapterRead(client, 'sql-untuk-pemula', chapter);
    const [secondLast = '', last = ''] = chapters.slice(-2);
    await Promise.all([
      recordChapterRead(client, 'sql-untuk-pemula', secondLast),
      recordChapterRead(client, 'sql-untuk-pemula', last),
      recordChapterRead(client, 'sql-untuk-pemula', last),
      recordChapterRead(client, 'sql-untuk-pemula', secondLast),
    ]);
    expect(await rowsOf(userId)).toHaveLength(1);
    expect(await listMyCertificates(client)).toMatchObject([{ title: 'SQL untuk Pemula', kind: 'course' }]);
  });

  it('issues the certificate of a premium course to a learner of the class that grants it', async () => {
    const { client, userId } = await newLearner();
    const chapters = await chaptersOf(client, 'javascript-modern');
    await failsWith(recordChapterRead(client, 'javascript-modern', chapters[0] ?? ''), 403);
    const [perk] = await platform.deps.db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.lmsId, demo.catalogueLmsId), eq(classes.code, 'JS-DASAR-11')));
    await platform.deps.db.insert(enrolments).values({ lmsId: demo.lmsId, classId: perk?.id ?? 0, userId, status: 'active' });

    for (const chapter of chapters) await recordChapterRead(client, 'javascript-modern', chapter);
    expect(await listMyCertificates(client)).toMatchObject([
      { kind: 'course', title: 'JavaScript Modern', course: { slug: 'javascript-modern', isPremium: true } },
    ]);
  });

  it('issues a class certificate, once, when an admin marks a learner passed', async () => {
    const { client, email, userId } = await newLearner();
    await failsWith(completeEnrolment(admin, { classCode: 'JS-DASAR-11', email }), 404, /tidak terdaftar di kelas "JS-DASAR-11"/);
    const [found] = await platform.deps.db
      .select({ id: classes.id, name: classes.name })
      .from(classes)
      .where(and(eq(classes.lmsId, demo.catalogueLmsId), eq(classes.code, 'JS-DASAR-11')));
    await platform.deps.db.insert(enrolments).values({ lmsId: demo.lmsId, classId: found?.id ?? 0, userId, status: 'active' });

    // Only the tenant's admins pass learners.
    await failsWith(completeEnrolment(client, { classCode: 'JS-DASAR-11', userId }), 403);
    await failsWith(completeEnrolment(admin, { classCode: 'TIDAK-ADA-99', userId }), 404);
    await failsWith(completeEnrolment(admin, { classCode: 'JS-DASAR-11', userId, email }), 400, /userId atau email/);

    const passed = await completeEnrolment(admin, { classCode: 'JS-DASAR-11', userId, score: 88 });
    expect(passed.enrolment).toMatchObject({ classCode: 'JS-DASAR-11', userId, status: 'completed', score: 88 });
    expect(passed.certificate).toMatchObject({
      kind: 'class',
      title: found?.name,
      holderName: 'Siti Rahma',
      class: { code: 'JS-DASAR-11' },
    });
    const again = await completeEnrolment(admin, { classCode: 'JS-DASAR-11', email });
    expect(again.certificate.id).toBe(passed.certificate.id);
    expect(again.enrolment.score).toBe(88);
    expect(again.enrolment.completedAt).toBe(passed.enrolment.completedAt);
    expect(await listMyCertificates(client)).toMatchObject([{ id: passed.certificate.id, kind: 'class' }]);
  });

  it('serves the PDF on the tenant’s hosts only, with the holder, the title and the id in its text', async () => {
    const { client } = await newLearner();
    for (const chapter of await chaptersOf(client, 'dasar-html-dan-css')) await recordChapterRead(client, 'dasar-html-dan-css', chapter);
    const [certificate] = await listMyCertificates(client);
    const id = certificate?.id ?? '';

    const pdf = await pdfOn('demo.localhost:4321', id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdf.headers.get('Content-Disposition')).toContain(`sertifikat-${id}.pdf`);
    const text = await pdfText(await pdf.arrayBuffer());
    for (const words of [
      'Sertifikat',
      'Siti Rahma',
      'Dasar HTML dan CSS',
      'NUSANTARA LEARNING',
      id,
      `https://nusantaralearning.example/Sertifikat/${id}`,
    ]) {
      expect(text).toContain(words);
    }
    // Through the page's client (the account page's download) as well.
    const file = await downloadCertificatePdf(client, id);
    expect(file.filename).toBe(`sertifikat-${id}.pdf`);
    expect(file.blob.size).toBeGreaterThan(1000);

    // A host no tenant serves (the API on a host of its own, PUBLIC_API_BASE) answers too.
    expect((await pdfOn('api.nusantaralearning.example', id)).status).toBe(200);

    // Another tenant's host answers as for an id that does not exist; so does its content source.
    const elsewhere = await pdfOn(other.hosts[0] ?? '', id);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ message: 'Sertifikat tidak ditemukan' });
    expect((await pdfOn('demo.localhost', newCertificateId())).status).toBe(404);
    expect(await dbContentSource(platform.deps.db, other).certificate(id)).toBeUndefined();
    expect(await dbContentSource(platform.deps.db, demo).certificate(id)).toMatchObject({ id, holderName: 'Siti Rahma' });
  });

  it('lets an admin of the tenant revoke a certificate: its page says so, its PDF is refused, cached pages are purged', async () => {
    const { client } = await newLearner();
    for (const chapter of await chaptersOf(client, 'dasar-html-dan-css')) await recordChapterRead(client, 'dasar-html-dan-css', chapter);
    const [certificate] = await listMyCertificates(client);
    const id = certificate?.id ?? '';

    await failsWith(revokeCertificate(client, id, { reason: 'Saya sendiri' }), 403);
    const otherAdmin = await appClientOf(platform, ['read', 'write'], OTHER_APP_CODE);
    await signInAs(otherAdmin, 'admin', other.code);
    await failsWith(revokeCertificate(otherAdmin, id, { reason: 'Bukan milik kami' }), 404, /Sertifikat tidak ditemukan/);

    const events: SiteEvent[] = [];
    const stop = platform.deps.siteEvents.subscribe((event) => events.push(event));
    try {
      const revoked = await revokeCertificate(admin, id, { reason: 'Ditemukan plagiarisme pada tugas akhir' });
      expect(revoked).toMatchObject({ id, revokedReason: 'Ditemukan plagiarisme pada tugas akhir' });
      expect(revoked.revokedAt).not.toBeNull();
    } finally {
      stop();
    }
    expect(events).toContainEqual({ tenant: 'demo', reason: 'content' });
    await failsWith(revokeCertificate(admin, id, { reason: 'Sekali lagi' }), 409, /sudah dicabut/);

    expect(await dbContentSource(platform.deps.db, demo).certificate(id)).toMatchObject({
      revokedReason: 'Ditemukan plagiarisme pada tugas akhir',
    });
    expect(await listMyCertificates(client)).toMatchObject([{ id, revokedReason: 'Ditemukan plagiarisme pada tugas akhir' }]);
    // The course's progress no longer points at it.
    expect(await getCourseProgress(client, 'dasar-html-dan-css')).not.toHaveProperty('certificateId');
    const refused = await pdfOn('demo.localhost', id);
    expect(refused.status).toBe(410);
    expect(((await refused.json()) as { message: string }).message).toMatch(
      /^Sertifikat ini telah dicabut pada \d{1,2} \p{L}+ \d{4} .*Alasan: Ditemukan plagiarisme pada tugas akhir$/u,
    );
  });

  it('shows a revocation on the site’s very next request for the page, even when the purge is never announced', async () => {
    const { client } = await newLearner();
    for (const chapter of await chaptersOf(client, 'dasar-html-dan-css')) await recordChapterRead(client, 'dasar-html-dan-css', chapter);
    const [certificate] = await listMyCertificates(client);
    const id = certificate?.id ?? '';

    bundled ??= (async () => {
      mkdirSync(bundles, { recursive: true });
      await bundleForNode('src/server/sites/render-worker.ts', workerScript);
    })();
    await bundled;
    const dist = makeDist();
    writeBuild(dist.distRoot, demo.code, { id: 'b1', files: siteFiles(demo.code), renderer: CERTIFICATE_RENDERER, live: true });
    const reads = new Map<string, number>();
    const content = { contentSource: async () => dbContentSource(platform.deps.db, demo), reads, outage: false };
    const sites = await startSites({ distRoot: dist.distRoot, workerScript, records: [demo], content });
    const page = () => ask(sites.port, `/Sertifikat/${id}`, { host: 'nusantaralearning.example' });
    const publish = vi.spyOn(platform.deps.siteEvents, 'publish').mockRejectedValue(new Error('bus pesan mati'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const before = await page();
      expect(before.status).toBe(200);
      expect(before.text).toContain('Sertifikat terverifikasi');
      // Never a copy kept by the server nor by a browser or CDN on the way.
      expect(before.headers['cache-control']).toBe('no-store');
      expect(before.headers['x-cache']).toBe('pass');
      expect(before.headers.etag).toBeUndefined();
      expect((await page()).text).toContain('Sertifikat terverifikasi');

      // The announcement fails: the revocation stands all the same.
      const revoked = await revokeCertificate(admin, id, { reason: 'Ditemukan plagiarisme pada tugas akhir' });
      expect(revoked.revokedAt).not.toBeNull();
      expect(publish).toHaveBeenCalledWith({ tenant: demo.code, reason: 'content' });

      const after = await page();
      expect(after.status).toBe(200);
      expect(after.text).toContain('Sertifikat dicabut');
      expect(after.text).not.toContain('terverifikasi');
    } finally {
      publish.mockRestore();
      logged.mockRestore();
      await sites.close();
      dist.remove();
    }
  }, 120_000);

  it('lists only the signed-in learner’s own certificates, and none signed out', async () => {
    const first = await newLearner();
    const second = await newLearner();
    for (const chapter of await chaptersOf(first.client, 'dasar-html-dan-css'))
      await recordChapterRead(first.client, 'dasar-html-dan-css', chapter);
    expect(await listMyCertificates(first.client)).toHaveLength(1);
    expect(await listMyCertificates(second.client)).toEqual([]);
    await failsWith(listMyCertificates(await appClientOf(platform)), 401);
  });
});
