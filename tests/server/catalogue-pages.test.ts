import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_BADGES } from '~/contract/classes';
import { type ItemIndex, itemIndexOf, itemLookup, mainAddress, mainAddresses } from '~/lib/content/routes';
import { loadSiteContext } from '~/server/builds/site-context';
import { loadConfig } from '~/server/config';
import { dbContentSource } from '~/server/sites/db-source';
import { tenantOf } from './support/api-client';
import { dbKinds, platformFor, TEST_APP_TOKEN_SECRET } from './support/platform';
import { loadSiteRenderer, pageText, type SiteRenderer } from './support/site-renderer';

/**
 * The catalogue's pages as a build writes them and a visitor reads them, rendered by the site's one
 * compile (dist/_site, compiled first when the sources changed) from the seeded demo tenant's
 * database: every main address of the catalogue renders, each class shows its lifecycle badge, dates,
 * place, price, mentors and a call to register as its dates say, and the other addresses of an item
 * (by slug, by id, /Overview) lead to the same page. Seeded dates are offsets from the seed, so each
 * class's state is known (tenants/demo/content/catalogue).
 */

const root = process.cwd();

let renderer: SiteRenderer;
beforeAll(async () => {
  renderer = await loadSiteRenderer(root);
}, 300_000);

/** A rendered page: status, its HTML, and a few things a visitor or a crawler reads off it. */
interface Shown {
  status: number;
  html: string;
  h1: string;
  canonical: string | undefined;
  text: string;
}

describe.each(await dbKinds())('catalogue pages on %s', (kind) => {
  const platform = platformFor(kind);
  let index: ItemIndex;
  let clientDir: string;

  async function show(path: string): Promise<Shown> {
    const response = await renderer.render(new Request(`https://demo.example${path}`));
    const html = await response.text();
    return {
      status: response.status,
      html,
      h1: pageText(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').trim(),
      canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
      text: pageText(html),
    };
  }
  const canonicalPath = (shown: Shown) => (shown.canonical ? new URL(shown.canonical).pathname : undefined);
  /** The `href` of every link on a page. */
  const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));
  /** The lifecycle badge of the page's class (the first dated badge on the page). */
  const badge = (html: string) => {
    const [, state, label] = /class="phase-badge[^"]*" data-state="([^"]+)"[^>]*>([^<]+)</.exec(html) ?? [];
    return { state, label };
  };
  /** The status line of the call to register, and whether the register link is on the page. */
  const registration = (html: string) => ({
    state: /class="class-page__status[^"]*" data-state="([^"]+)"/.exec(html)?.[1],
    link: links(html).find((href) => href.startsWith('/Login?redirect=')),
  });

  beforeAll(async () => {
    const tenant = await tenantOf(platform);
    clientDir = mkdtempSync(join(tmpdir(), 'lms-catalogue-pages-'));
    const api = loadConfig({ APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET });
    const context = await loadSiteContext(platform.deps.db, tenant, { tenantsRoot: join(root, 'tenants'), clientDir, api });
    const source = dbContentSource(platform.deps.db, tenant);
    renderer.configure(context, source);
    index = await itemIndexOf(source);
  }, 120_000);
  afterAll(async () => {
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  });

  it('renders every main address of the catalogue as a page of its own, never a 404', async () => {
    const addresses = mainAddresses(index).filter((path) => /^\/(Class|Pesilat|Program|Curriculum|Courses)\//.test(path));
    // 28 classes (each also in the Pesilat variant), 3 competence classes, programs with curricula, 4 courses with their chapters.
    expect(addresses.filter((path) => /^\/Class\/(?!Competence\/)/.test(path))).toHaveLength(28);
    expect(addresses.filter((path) => path.startsWith('/Class/Competence/'))).toHaveLength(3);
    expect(addresses.filter((path) => /^\/Courses\/(@Premium\/)?[^/]+$/.test(path))).toHaveLength(4);
    const problems: string[] = [];
    for (const path of addresses) {
      const shown = await show(path);
      if (shown.status !== 200) problems.push(`${path}: ${shown.status}`);
      else if (canonicalPath(shown) !== path) problems.push(`${path}: canonical ${shown.canonical}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('shows a class open for registration with its badge, dates, place, price, mentors, syllabus and "Daftar Sekarang"', async () => {
    const shown = await show('/Class/FWD-2026-B3');
    expect(shown.status).toBe(200);
    expect(shown.h1).toBe('Bootcamp Fullstack Web Developer');
    expect(badge(shown.html)).toEqual({ state: 'open', label: CLASS_BADGES.registration.label });
    expect(shown.text).toMatch(/Jadwal [A-Z][a-z]+, \d{1,2} [A-Z][a-z]+ \d{4} – [A-Z][a-z]+, \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(shown.text).toContain('Gedung Inovasi Digital');
    expect(shown.text).toMatch(/Biaya Rp\s?\d{1,3}(\.\d{3})+/);
    // The premium course it grants, from the catalogue's perks, with its page.
    expect(shown.text).toContain('Akses kursus premium JavaScript Modern');
    expect(links(shown.html)).toContain('/Courses/@Premium/javascript-modern');
    expect(shown.text).toContain('Kuota');
    // The mentor's profile comes from the mentor list: the bio is on the class page.
    expect(shown.text).toContain('Rizky Pratama');
    expect(shown.text).toContain('sepuluh tahun membangun layanan web');
    expect(/<h2 id="silabus"[^>]*>Silabus<\/h2>/.test(shown.html), String(/<h2 id="silabus"[^>]*>Silabus<\/h2>/)).toBe(true);
    expect(registration(shown.html)).toEqual({ state: 'open', link: '/Login?redirect=%2FClass%2FFWD-2026-B3' });
    expect(shown.text).toContain('Daftar Sekarang');
    expect(links(shown.html)).toContain('/Program/fullstack-web-developer');
  });

  it('says why a class cannot be joined, and offers no register link once registration is over', async () => {
    const finished = await show('/Class/DAM-BC-03');
    expect(badge(finished.html)).toEqual({ state: 'ended', label: CLASS_BADGES.finished.label });
    expect(finished.text).toContain('Kelas telah selesai.');
    expect(registration(finished.html)).toEqual({ state: 'ended', link: undefined });

    const running = await show('/Class/NODE-API-04');
    expect(badge(running.html).label).toBe(CLASS_BADGES.running.label);
    expect(running.text).toContain('Pendaftaran sudah ditutup. Kelas sedang berlangsung.');
    expect(registration(running.html).link).toBeUndefined();

    const closed = await show('/Class/SQL-PRAKTIS-07');
    expect(badge(closed.html).label).toBe(CLASS_BADGES.soon.label);
    expect(closed.text).toMatch(/Pendaftaran sudah ditutup\. Kelas dimulai \d{1,2} [A-Z][a-z]+ \d{4}\./);
    expect(registration(closed.html).link).toBeUndefined();

    // Not open yet: the link is written (it shows by itself once the opening date passes), the status says when.
    const later = await show('/Class/AI-KELAS-01');
    expect(badge(later.html).label).toBe(CLASS_BADGES['coming-soon'].label);
    expect(later.text).toMatch(/Pendaftaran belum dibuka\. Pendaftaran dibuka \d{1,2} [A-Z][a-z]+ \d{4}\./);
    expect(registration(later.html)).toEqual({ state: 'coming-soon', link: '/Login?redirect=%2FClass%2FAI-KELAS-01' });
  });

  it('shows a free online class as Gratis and Daring with its meeting tool, and an always-open class without dates', async () => {
    const webinar = await show('/Class/VIZ-DATA-01');
    expect(webinar.text).toContain('Biaya Gratis');
    expect(webinar.text).toContain('Tempat Daring YouTube Live');
    const always = await show('/Class/PRA-SMK-01');
    expect(always.text).toContain('Jadwal Belajar mandiri, mulai kapan saja');
    expect(always.text).not.toContain('Pendaftaran Hingga');
    expect(always.text).toContain('Pendaftaran selalu dibuka');
    expect(registration(always.html).state).toBe('open');
  });

  it('answers a class at its slug and at /Overview with the page of its code, and /Overview with the class list', async () => {
    const items = itemLookup(index);
    expect(mainAddress('/Class/bootcamp-fullstack-web-batch-3', items)).toBe('/Class/FWD-2026-B3');
    expect(mainAddress('/Overview/FWD-2026-B3', items)).toBe('/Class/FWD-2026-B3');
    expect(mainAddress('/Overview', items)).toBe('/Class');
    // Rendered on demand (an item newer than the build), the slug gives the same page.
    const bySlug = await show('/Class/bootcamp-fullstack-web-batch-3');
    expect(bySlug.h1).toBe('Bootcamp Fullstack Web Developer');
    expect(canonicalPath(bySlug)).toBe('/Class/FWD-2026-B3');
  });

  it('gives competence classes their own page and every other class a 404 there', async () => {
    const competence = await show('/Class/Competence/uji-kompetensi-pengembang-web-junior');
    expect(competence.status).toBe(200);
    expect(canonicalPath(competence)).toBe('/Class/Competence/uji-kompetensi-pengembang-web-junior');
    expect((await show('/Class/Competence/bootcamp-fullstack-web-batch-3')).status).toBe(404);
    expect((await show('/Class/Competence/UK-WEB-01')).status).toBe(404);
    expect((await show('/class/FWD-2026-B3')).status).toBe(404);
    expect((await show('/Class/fwd-2026-b3')).status).toBe(404);
  });

  it('shows the Pesilat class page in the Pesilat layout variant', async () => {
    const pesilat = await show('/Pesilat/Class/FWD-2026-B3');
    const plain = await show('/Class/FWD-2026-B3');
    expect(pesilat.h1).toBe(plain.h1);
    const bodyClass = (html: string) => /<body class="([^"]*)"/.exec(html)?.[1];
    expect(bodyClass(pesilat.html)).toMatch(/variant-community/);
    expect(pesilat.html.includes('class="pesilat-route"'), 'class="pesilat-route"').toBe(true);
    expect(links(pesilat.html)).toContain('/Pesilat/Class');
  });

  it('shows a program with its classes, partner schools and curriculum, by slug and by id', async () => {
    const program = await show('/Program/coding-untuk-smk');
    expect(program.status).toBe(200);
    expect(program.text).toMatch(/Sekolah mitra: \d+ sekolah/);
    expect(/<h2 id="sekolah"[^>]*>Sekolah mitra<\/h2>/.test(program.html), String(/<h2 id="sekolah"[^>]*>Sekolah mitra<\/h2>/)).toBe(true);
    expect(links(program.html)).toContain('/Class/SMK-RPL-MKS');
    expect(links(program.html)).toContain('/Curriculum/coding-untuk-smk');
    const [id] = index.catalogue?.programs.find(([, slug]) => slug === 'coding-untuk-smk') ?? [];
    expect(mainAddress(`/Program/${id}`, itemLookup(index))).toBe('/Program/coding-untuk-smk');
    expect(mainAddress(`/Program/${id}/judul-lama`, itemLookup(index))).toBe('/Program/coding-untuk-smk');
    const byId = await show(`/Program/${id}`);
    expect(byId.h1).toBe(program.h1);
    expect(canonicalPath(byId)).toBe('/Program/coding-untuk-smk');

    const curriculum = await show('/Curriculum/coding-untuk-smk');
    expect(curriculum.status).toBe(200);
    expect(curriculum.text).toMatch(/\d+ unit · \d+ jam pelajaran/);
    expect(links(curriculum.html)).toContain('/Program/coding-untuk-smk');
  });

  it('keeps a course under its own kind, and a premium chapter’s text out of its page', async () => {
    const courses = index.catalogue?.courses ?? [];
    const free = courses.find(([, premium, chapters]) => !premium && chapters.length > 0);
    const premium = courses.find(([, isPremium, chapters]) => isPremium && chapters.length > 0);
    if (!free || !premium) throw new Error('seed: a free and a premium course with chapters');
    expect((await show(`/Courses/${free[0]}`)).status).toBe(200);
    expect((await show(`/Courses/@Premium/${free[0]}`)).status).toBe(404);
    expect((await show(`/Courses/${premium[0]}`)).status).toBe(404);
    const [moduleSlug, chapterSlug] = premium[2][0] ?? [];
    const chapter = await show(`/Courses/@Premium/${premium[0]}/module/${moduleSlug}/chapter/${chapterSlug}`);
    expect(chapter.status).toBe(200);
    // Its content is read through the API after a server-side check, never built into the page.
    expect(/data-chapter-content[^>]*><\/div>/.test(chapter.html), 'an empty chapter content').toBe(true);
    const [freeModule, freeChapter] = free[2][0] ?? [];
    const read = await show(`/Courses/${free[0]}/module/${freeModule}/chapter/${freeChapter}`);
    expect(/data-chapter-content[^>]*>\s*<(p|h2|h3)[^>]*>[^<]{20,}/.test(read.html), 'the chapter text in the page').toBe(true);
    // The module segment may be left out: the same chapter.
    expect(mainAddress(`/Courses/${free[0]}/module/chapter/${freeChapter}`, itemLookup(index))).toBe(
      `/Courses/${free[0]}/module/${freeModule}/chapter/${freeChapter}`,
    );
  });
});
