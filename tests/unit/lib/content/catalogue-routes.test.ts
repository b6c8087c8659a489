import { describe, expect, it } from 'vitest';
import type { ClassDetail, ClassSummary } from '~/contract/classes';
import type { Chapter, CourseDetail, CourseSummary } from '~/contract/courses';
import type { Mentor } from '~/contract/mentors';
import type { ProgramDetail, ProgramSummary } from '~/contract/programs';
import { type CatalogueIndex, catalogueIndexOf } from '~/lib/content/catalogue-routes';
import { contentRoute, type ItemIndex, itemLookup, loadRoute, mainAddress, mainAddresses, rendersOnDemand } from '~/lib/content/routes';
import { fakeSource } from './fake-source';

/**
 * The catalogue's addresses (SPEC §2) in the content route table: which address shows what, which
 * one is an item's main address (built once, listed in the sitemap), which other addresses answer
 * with that file, and what is a 404 whatever the database has.
 */

const CATALOGUE: CatalogueIndex = {
  classes: [
    ['FWD-2026-B3', 'bootcamp-fullstack-web-batch-3', false],
    ['UK-WEB-01', 'uji-kompetensi-pengembang-web-junior', true],
  ],
  programs: [[21, 'fullstack-web-developer']],
  courses: [
    [
      'dasar-html-dan-css',
      false,
      [
        ['struktur-halaman', 'dokumen-html-pertama'],
        ['gaya-dengan-css', 'selektor-css'],
      ],
    ],
    ['javascript-modern', true, [['fungsi-dan-data', 'array-dan-objek']]],
  ],
};
const INDEX: ItemIndex = { posts: {}, careers: [], jobs: [], portfolio: [], catalogue: CATALOGUE };
const items = itemLookup(INDEX);
const catalogueAddresses = (index: ItemIndex) => mainAddresses(index).filter((path) => !/^\/(Portfolio|Lms|Services)\//.test(path));

describe('catalogue addresses: what each shows', () => {
  it('reads /Class/{code} and /Class/{slug} as one view, looked up by code then slug', () => {
    expect(contentRoute('/Class/FWD-2026-B3')).toEqual({ view: 'class', key: 'FWD-2026-B3', as: 'class' });
    expect(contentRoute('/Class/bootcamp-fullstack-web-batch-3')).toEqual({
      view: 'class',
      key: 'bootcamp-fullstack-web-batch-3',
      as: 'class',
    });
    // A code may be digits only (a slug may not, but the key is looked up as a code first).
    expect(contentRoute('/Class/20261')).toEqual({ view: 'class', key: '20261', as: 'class' });
  });

  it('reads the competence, overview and Pesilat addresses of a class', () => {
    expect(contentRoute('/Class/Competence/uji-kompetensi-pengembang-web-junior')).toEqual({
      view: 'class',
      key: 'uji-kompetensi-pengembang-web-junior',
      as: 'competence',
    });
    expect(contentRoute('/Overview/FWD-2026-B3')).toEqual({ view: 'class', key: 'FWD-2026-B3', as: 'overview' });
    expect(contentRoute('/Pesilat/Class/FWD-2026-B3')).toEqual({ view: 'class', key: 'FWD-2026-B3', as: 'pesilat' });
  });

  it('reads a catalogue program by slug, by id with any title, and by id alone (digits are never a slug)', () => {
    expect(contentRoute('/Program/fullstack-web-developer')).toEqual({
      view: 'catalogue-program',
      key: { slug: 'fullstack-web-developer' },
    });
    expect(contentRoute('/Program/21/fullstack-web-developer')).toEqual({ view: 'catalogue-program', key: { id: 21 } });
    expect(contentRoute('/Program/21/judul-lama')).toEqual({ view: 'catalogue-program', key: { id: 21 } });
    expect(contentRoute('/Program/21')).toEqual({ view: 'catalogue-program', key: { id: 21 } });
    expect(contentRoute('/Curriculum/fullstack-web-developer')).toEqual({ view: 'curriculum', slug: 'fullstack-web-developer' });
    // The `program` posts keep their own addresses.
    expect(contentRoute('/Event/Program/21')).toEqual({ view: 'program', id: 21 });
  });

  it('reads free and premium courses and their chapters, with or without the module segment', () => {
    expect(contentRoute('/Courses/dasar-html-dan-css')).toEqual({ view: 'course', slug: 'dasar-html-dan-css', premium: false });
    expect(contentRoute('/Courses/@Premium/javascript-modern')).toEqual({ view: 'course', slug: 'javascript-modern', premium: true });
    expect(contentRoute('/Courses/dasar-html-dan-css/module/struktur-halaman/chapter/dokumen-html-pertama')).toEqual({
      view: 'chapter',
      slug: 'dasar-html-dan-css',
      premium: false,
      moduleSlug: 'struktur-halaman',
      chapterSlug: 'dokumen-html-pertama',
    });
    expect(contentRoute('/Courses/dasar-html-dan-css/module/chapter/dokumen-html-pertama')).toEqual({
      view: 'chapter',
      slug: 'dasar-html-dan-css',
      premium: false,
      moduleSlug: undefined,
      chapterSlug: 'dokumen-html-pertama',
    });
    expect(contentRoute('/Courses/@Premium/javascript-modern/module/fungsi-dan-data/chapter/array-dan-objek')).toEqual({
      view: 'chapter',
      slug: 'javascript-modern',
      premium: true,
      moduleSlug: 'fungsi-dan-data',
      chapterSlug: 'array-dan-objek',
    });
    expect(contentRoute('/Courses/@Premium/javascript-modern/module/chapter/array-dan-objek')).toMatchObject({
      view: 'chapter',
      premium: true,
      moduleSlug: undefined,
    });
  });

  it('is a 404 for any other case, shape or segment, whatever the database has', () => {
    for (const wrong of [
      '/class/FWD-2026-B3',
      '/CLASS/FWD-2026-B3',
      '/Class/competence/uji-kompetensi-pengembang-web-junior',
      '/Class/Competence/Uji-Kompetensi',
      '/Class/FWD 1',
      '/Class/FWD--1',
      '/Class/-FWD',
      '/Class/a/b/c',
      '/overview/FWD-2026-B3',
      '/Overview/FWD-2026-B3/x',
      '/pesilat/Class/FWD-2026-B3',
      '/Pesilat/class/FWD-2026-B3',
      '/program/fullstack-web-developer',
      '/Program/Fullstack-Web-Developer',
      '/Program/0',
      '/Program/21/22',
      '/Program/abc/fullstack-web-developer',
      '/Curriculum/123',
      '/Curriculum/A_B',
      '/curriculum/fullstack-web-developer',
      '/Courses/123',
      '/courses/dasar-html-dan-css',
      '/Courses/@premium/javascript-modern',
      '/Courses/@Premium',
      '/Courses/dasar-html-dan-css/Module/struktur-halaman/chapter/dokumen-html-pertama',
      '/Courses/dasar-html-dan-css/module/struktur-halaman/Chapter/dokumen-html-pertama',
      '/Courses/dasar-html-dan-css/module/struktur-halaman/chapter',
      '/Courses/dasar-html-dan-css/module/struktur-halaman',
      '/Courses/dasar-html-dan-css/chapter/dokumen-html-pertama',
      '/Courses/@Premium/@Premium/javascript-modern',
    ]) {
      expect(contentRoute(wrong), wrong).toBeUndefined();
      expect(rendersOnDemand(wrong), wrong).toBe(false);
    }
  });

  it('renders on demand a catalogue item newer than the build, and never a list page as an item', () => {
    expect(rendersOnDemand('/Class/KELAS-BARU-01')).toBe(true);
    expect(rendersOnDemand('/Program/99')).toBe(true);
    expect(rendersOnDemand('/Courses/kursus-baru/module/chapter/bab-satu')).toBe(true);
    expect(contentRoute('/Overview')).toBeUndefined();
  });
});

describe('catalogue items in a build: main addresses and the other addresses', () => {
  it('builds each item once at its main address (and the sitemap lists exactly these)', () => {
    expect(catalogueAddresses(INDEX)).toEqual([
      '/Class/FWD-2026-B3',
      '/Pesilat/Class/FWD-2026-B3',
      '/Class/UK-WEB-01',
      '/Pesilat/Class/UK-WEB-01',
      '/Class/Competence/uji-kompetensi-pengembang-web-junior',
      '/Program/fullstack-web-developer',
      '/Curriculum/fullstack-web-developer',
      '/Courses/dasar-html-dan-css',
      '/Courses/dasar-html-dan-css/module/struktur-halaman/chapter/dokumen-html-pertama',
      '/Courses/dasar-html-dan-css/module/gaya-dengan-css/chapter/selektor-css',
      '/Courses/@Premium/javascript-modern',
      '/Courses/@Premium/javascript-modern/module/fungsi-dan-data/chapter/array-dan-objek',
    ]);
  });

  it('answers every other address of a class, program and chapter with its main address’s file', () => {
    const cases: [string, string][] = [
      ['/Class/FWD-2026-B3', '/Class/FWD-2026-B3'],
      ['/Class/bootcamp-fullstack-web-batch-3', '/Class/FWD-2026-B3'],
      ['/Overview/FWD-2026-B3', '/Class/FWD-2026-B3'],
      ['/Overview/bootcamp-fullstack-web-batch-3', '/Class/FWD-2026-B3'],
      ['/Class/uji-kompetensi-pengembang-web-junior', '/Class/UK-WEB-01'],
      ['/Class/Competence/uji-kompetensi-pengembang-web-junior', '/Class/Competence/uji-kompetensi-pengembang-web-junior'],
      ['/Pesilat/Class/bootcamp-fullstack-web-batch-3', '/Pesilat/Class/FWD-2026-B3'],
      ['/Program/21', '/Program/fullstack-web-developer'],
      ['/Program/21/judul-apa-saja', '/Program/fullstack-web-developer'],
      ['/Curriculum/fullstack-web-developer', '/Curriculum/fullstack-web-developer'],
      ['/Courses/dasar-html-dan-css', '/Courses/dasar-html-dan-css'],
      [
        '/Courses/dasar-html-dan-css/module/chapter/selektor-css',
        '/Courses/dasar-html-dan-css/module/gaya-dengan-css/chapter/selektor-css',
      ],
      [
        '/Courses/@Premium/javascript-modern/module/chapter/array-dan-objek',
        '/Courses/@Premium/javascript-modern/module/fungsi-dan-data/chapter/array-dan-objek',
      ],
      // /Overview without a code is the class list (CATALOGUE_ALIASES).
      ['/Overview', '/Class'],
    ];
    for (const [address, main] of cases) expect(mainAddress(address, items), address).toBe(main);
  });

  it('has no file for an address the item does not have', () => {
    for (const address of [
      // A premium course never answers under the free address, nor a free one under @Premium.
      '/Courses/javascript-modern',
      '/Courses/@Premium/dasar-html-dan-css',
      '/Courses/javascript-modern/module/chapter/array-dan-objek',
      // A chapter under another module of its course.
      '/Courses/dasar-html-dan-css/module/struktur-halaman/chapter/selektor-css',
      // Competence pages are only for competence classes, and by slug.
      '/Class/Competence/bootcamp-fullstack-web-batch-3',
      '/Class/Competence/UK-WEB-01',
      // Items newer than the build (rendered on demand instead).
      '/Class/KELAS-BARU-01',
      '/Program/99',
      '/Program/program-baru',
      '/Curriculum/program-baru',
    ]) {
      expect(mainAddress(address, items), address).toBeUndefined();
    }
  });

  it('builds the LMS features and services once and answers their other addresses with that file', () => {
    const withPlatform: ItemIndex = { ...INDEX, catalogue: { ...CATALOGUE, features: ['coding-studio'], services: ['bootcamp'] } };
    expect(mainAddresses(withPlatform)).toEqual(expect.arrayContaining(['/Lms/Features/coding-studio', '/Services/bootcamp']));
    const lookup = itemLookup(withPlatform);
    for (const address of ['/Lms/Features/coding-studio', '/Aksara/Features/coding-studio', '/Features/coding-studio']) {
      expect(mainAddress(address, lookup), address).toBe('/Lms/Features/coding-studio');
    }
    expect(mainAddress('/Services/bootcamp', lookup)).toBe('/Services/bootcamp');
    for (const wrong of ['/Lms/features/coding-studio', '/Lms/Features/Coding-Studio', '/Lms/Features/absensi', '/Services/lain']) {
      expect(mainAddress(wrong, lookup), wrong).toBeUndefined();
    }
  });

  it('reads a build index written before the catalogue existed', () => {
    const old: ItemIndex = { posts: {}, careers: [], jobs: [], portfolio: [] };
    expect(mainAddresses(old).filter((path) => /^\/(Class|Program|Curriculum|Courses|Pesilat)\//.test(path))).toEqual([]);
    expect(mainAddress('/Class/FWD-2026-B3', itemLookup(old))).toBeUndefined();
  });
});

/* Items as the source gives them: only the fields the route table reads are meaningful. */
const summary = (code: string, slug: string, type: ClassSummary['type'], mentors: string[] = []) =>
  ({
    code,
    slug,
    type,
    name: code,
    mentors: mentors.map((m) => ({ slug: m, name: m, headline: '', photo: '' })),
  }) as unknown as ClassSummary;
const detail = (code: string, slug: string, type: ClassSummary['type'], mentors: string[] = []) =>
  ({ ...summary(code, slug, type, mentors), syllabus: [] }) as unknown as ClassDetail;
const CLASSES = [
  detail('FWD-2026-B3', 'bootcamp-fullstack-web-batch-3', 'bootcamp', ['rizky']),
  detail('UK-WEB-01', 'uji-kompetensi-web', 'kompetensi'),
];
const MENTORS = [{ slug: 'rizky', name: 'Rizky Pratama', bio: 'Sepuluh tahun membangun layanan web.' }] as Mentor[];
const course = (slug: string, isPremium: boolean) =>
  ({
    slug,
    isPremium,
    modules: [{ slug: 'modul-satu', chapters: [{ id: 1, slug: 'bab-satu', title: 'Bab satu', minutes: 5, position: 1 }] }],
  }) as unknown as CourseDetail;
const COURSES = [course('kursus-gratis', false), course('kursus-premium', true), course('kursus-kosong', false)];
const PROGRAM = { id: 21, slug: 'fullstack-web-developer' } as ProgramDetail;
const SCHOOLS = { items: [], page: 1, perPage: 10, totalItems: 12, totalPages: 2 };

function catalogueSource() {
  return fakeSource({
    allClasses: async () => CLASSES,
    getClass: async (key) => CLASSES.find((item) => item.code === key) ?? CLASSES.find((item) => item.slug === key),
    allMentors: async () => MENTORS,
    allPrograms: async () => [PROGRAM as ProgramSummary],
    getProgram: async (key) => (('id' in key ? key.id === 21 : key.slug === PROGRAM.slug) ? PROGRAM : undefined),
    programSchools: async () => SCHOOLS,
    allCourses: async () => COURSES as CourseSummary[],
    allChapters: async () => [
      { courseSlug: 'kursus-gratis', moduleSlug: 'modul-satu', chapterSlug: 'bab-satu' },
      { courseSlug: 'kursus-premium', moduleSlug: 'modul-satu', chapterSlug: 'bab-satu' },
    ],
    getCourse: async (slug) => COURSES.find((item) => item.slug === slug),
    getFreeChapter: async (courseSlug, chapterSlug) => ({ courseSlug, slug: chapterSlug, content: '<p>Isi bab.</p>' }) as Chapter,
  });
}

describe('the catalogue read from the content source', () => {
  it('indexes the catalogue in four bulk reads, never one read per item', async () => {
    const { source, calls } = catalogueSource();
    expect(await catalogueIndexOf(source)).toMatchObject({
      classes: [
        ['FWD-2026-B3', 'bootcamp-fullstack-web-batch-3', false],
        ['UK-WEB-01', 'uji-kompetensi-web', true],
      ],
      programs: [[21, 'fullstack-web-developer']],
      courses: [
        ['kursus-gratis', false, [['modul-satu', 'bab-satu']]],
        ['kursus-premium', true, [['modul-satu', 'bab-satu']]],
        ['kursus-kosong', false, []],
      ],
    });
    expect(calls.map((call) => call.method).sort()).toEqual(['allChapters', 'allClasses', 'allCourses', 'allPrograms']);
  });

  it('shows a class with its mentors’ profiles, and a competence page only for a competence class by slug', async () => {
    const { source } = catalogueSource();
    const shown = await loadRoute(source, contentRoute('/Class/bootcamp-fullstack-web-batch-3') ?? expect.fail());
    expect(shown).toMatchObject({ view: 'class', as: 'class', item: { code: 'FWD-2026-B3' } });
    expect(shown?.view === 'class' && shown.mentors).toEqual([MENTORS[0]]);
    expect(await loadRoute(source, contentRoute('/Class/Competence/uji-kompetensi-web') ?? expect.fail())).toMatchObject({
      view: 'class',
      as: 'competence',
    });
    expect(await loadRoute(source, contentRoute('/Class/Competence/bootcamp-fullstack-web-batch-3') ?? expect.fail())).toBeUndefined();
    expect(await loadRoute(source, contentRoute('/Class/Competence/uk-web-01') ?? expect.fail())).toBeUndefined();
    expect(await loadRoute(source, contentRoute('/Class/TIDAK-ADA') ?? expect.fail())).toBeUndefined();
  });

  it('shows a program with its schools, by slug and by id', async () => {
    const { source } = catalogueSource();
    for (const address of ['/Program/fullstack-web-developer', '/Program/21', '/Program/21/judul-lama']) {
      expect(await loadRoute(source, contentRoute(address) ?? expect.fail()), address).toEqual({
        view: 'catalogue-program',
        program: PROGRAM,
        schools: SCHOOLS,
      });
    }
    expect(await loadRoute(source, contentRoute('/Program/22') ?? expect.fail())).toBeUndefined();
  });

  it('shows a course only under its own kind, and a premium chapter without its content', async () => {
    const { source, calls } = catalogueSource();
    const load = async (address: string) => loadRoute(source, contentRoute(address) ?? expect.fail(address));
    expect(await load('/Courses/kursus-gratis')).toMatchObject({ view: 'course' });
    expect(await load('/Courses/@Premium/kursus-gratis')).toBeUndefined();
    expect(await load('/Courses/kursus-premium')).toBeUndefined();
    expect(await load('/Courses/kursus-gratis/module/chapter/bab-satu')).toMatchObject({
      view: 'chapter',
      chapter: { slug: 'bab-satu', moduleSlug: 'modul-satu' },
      content: { content: '<p>Isi bab.</p>' },
    });
    expect(await load('/Courses/kursus-gratis/module/modul-lain/chapter/bab-satu')).toBeUndefined();
    expect(await load('/Courses/kursus-gratis/module/modul-satu/chapter/bab-lain')).toBeUndefined();
    const premium = await load('/Courses/@Premium/kursus-premium/module/modul-satu/chapter/bab-satu');
    expect(premium).toMatchObject({ view: 'chapter', chapter: { slug: 'bab-satu' } });
    expect(premium?.view === 'chapter' && premium.content).toBeUndefined();
    // A premium chapter's content is never asked for: it must not reach a page built for everyone.
    expect(calls.filter((call) => call.method === 'getFreeChapter').map((call) => call.args[0])).toEqual(['kursus-gratis']);
  });
});
