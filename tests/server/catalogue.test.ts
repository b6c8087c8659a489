import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLASS_STATES, type ClassState } from '~/contract/classes';
import type { ApiClient } from '~/lib/api';
import {
  classActiveQuery,
  getClassOverview,
  getClassSyllabus,
  listActiveClasses,
  listClasses,
  listElevateClasses,
  listRecentClasses,
  listWebinars,
} from '~/lib/api/classes';
import { getChapter, getCourse, getCourseProgress, listCourses, recordChapterRead } from '~/lib/api/courses';
import { getProgram, getProgramSyllabus, listActiveBatches, listActiveMentors, listProgramSchools, listPrograms } from '~/lib/api/programs';
import { chapterRenderKey } from '~/server/catalogue/courses';
import { courseChapters, courses } from '~/server/db/schema';
import { appClientOf, clientOf, otherTenantOf, signInAs, tenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';
import { generateAppToken } from './support/tokens';

/**
 * The catalogue API on the demo tenant's seeded catalogue (tenants/demo/content/catalogue: dates are
 * offsets from the seed, so each class's state is known): classes, programs, the core API and courses.
 */

/** The seeded classes by state (tenants/demo/content/catalogue/README.md). */
const BY_STATE: Record<ClassState, string[]> = {
  registration: [
    'FWD-2026-B3',
    'JS-DASAR-11',
    'VIZ-DATA-01',
    'FIGMA-01',
    'UK-WEB-01',
    'PRA-SMK-01',
    'PRA-WEB-01',
    'SILAT-PEMULA-01',
    'SILAT-PELATIH-01',
  ],
  'coming-soon': ['FWD-2026-JKT', 'AI-KELAS-01', 'UX-RISET-02', 'GPD-5-DPS', 'ML-INTRO-01', 'SILAT-PRESTASI-01'],
  soon: ['SQL-PRAKTIS-07', 'CV-PORTO-02', 'UK-DATA-01', 'DOCKER-01'],
  running: ['NODE-API-04', 'PY-DATA-02', 'UIUX-BC-01', 'SMK-RPL-MKS'],
  finished: ['DAM-BC-03', 'KARIER-WEB-05', 'SMK-RPL-MDN', 'GPD-4-BDG', 'SEC-WEB-01'],
};
const ACTIVE = CLASS_STATES.filter((state) => state !== 'finished').reduce((sum, state) => sum + BY_STATE[state].length, 0);

const failsWith = (call: Promise<unknown>, statusCode: number, message?: RegExp) =>
  expect(call).rejects.toMatchObject(message ? { statusCode, message: expect.stringMatching(message) } : { statusCode });

describe.each(await dbKinds())('the catalogue API on %s', (kind) => {
  const platform = platformFor(kind);
  let site: ApiClient;

  beforeAll(async () => {
    site = await appClientOf(platform);
  }, 60_000);

  describe('classes', () => {
    it('lists active classes 6 a page, soonest first, with the state computed from their dates', async () => {
      const first = await listActiveClasses(site);
      expect(first).toMatchObject({ page: 1, perPage: 6, totalItems: ACTIVE, totalPages: Math.ceil(ACTIVE / 6) });
      expect(first.items).toHaveLength(6);
      const all = await listActiveClasses(site, { page: 1, pageSize: 100 });
      for (const item of all.items) {
        const state = CLASS_STATES.find((candidate) => BY_STATE[candidate].includes(item.code));
        expect(item.state, item.code).toBe(state);
      }
      expect(all.items.map((item) => item.code)).not.toContain('SEC-WEB-01');
      // Joinable classes first, soonest start first, always-open ones after them; running ones last.
      const joinable = all.items.filter((item) => item.state !== 'running');
      expect(all.items.slice(joinable.length).every((item) => item.state === 'running')).toBe(true);
      const starts = joinable.filter((item) => item.startsAt).map((item) => item.startsAt ?? '');
      expect(starts).toEqual([...starts].sort());
      expect(joinable.slice(-2).map((item) => item.alwaysOpen)).toEqual([true, true]);
    });

    it('filters by every state, and shows finished classes only when asked', async () => {
      for (const state of CLASS_STATES) {
        const page = await listActiveClasses(site, { page: 1, pageSize: 100, state });
        expect(page.items.map((item) => item.code).sort(), state).toEqual([...BY_STATE[state]].sort());
      }
    });

    it('ignores the filters without page and applies them with it (SPEC §7)', async () => {
      const response = await platform.api.request('/v1/class/active?state=finished&filter.type=webinar', {
        headers: { AppToken: site.credentials().appToken ?? '', lmsId: site.credentials().lmsId ?? '' },
      });
      const ignored = (await response.json()) as { data: { totalItems: number; items: { state: string }[] } };
      expect(ignored.data.totalItems).toBe(ACTIVE);
      expect(ignored.data.items.every((item) => item.state !== 'finished')).toBe(true);
      const applied = await listActiveClasses(site, { page: 1, state: 'finished', type: 'webinar' });
      expect(applied.items.map((item) => item.code)).toEqual(['KARIER-WEB-05']);
      // The client does not even send them without a page.
      expect(classActiveQuery({ state: 'running', search: 'x' })).toEqual({ pageSize: undefined });
    });

    it('filters by type, level, program, cities, category and search, and sorts', async () => {
      const codes = async (params: Parameters<typeof listActiveClasses>[1]) =>
        (await listActiveClasses(site, { page: 1, pageSize: 100, ...params })).items.map((item) => item.code).sort();
      expect(await codes({ type: 'kompetensi' })).toEqual(['SILAT-PELATIH-01', 'UK-DATA-01', 'UK-WEB-01']);
      expect(await codes({ level: 'mahir' })).toEqual(['DOCKER-01', 'ML-INTRO-01', 'SILAT-PELATIH-01']);
      expect(await codes({ heldCityIds: ['73.71', '35.78'] })).toEqual(['FIGMA-01', 'SMK-RPL-MKS', 'UIUX-BC-01']);
      expect(await codes({ registrarCityIds: ['31.71'] })).toEqual(['FWD-2026-JKT', 'NODE-API-04']);
      expect(await codes({ search: 'docker' })).toEqual(['DOCKER-01']);
      expect(await codes({ search: '100%_' })).toEqual([]);
      const design = (await getProgram(site, 'ui-ux-design')).id;
      expect(await codes({ programIds: [design] })).toEqual(['FIGMA-01', 'UIUX-BC-01', 'UX-RISET-02']);
      const career = (await getClassOverview(site, 'CV-PORTO-02')).category?.id ?? 0;
      expect(await codes({ categoryId: career })).toEqual(['CV-PORTO-02']);
      const byPrice = (await listActiveClasses(site, { page: 1, pageSize: 100, sort: 'price-desc' })).items.map((item) => item.price);
      expect(byPrice).toEqual([...byPrice].sort((a, b) => b - a));
    });

    it('pages past the end with an empty page, and refuses bad filters in Indonesian (400)', async () => {
      expect((await listActiveClasses(site, { page: 99 })).items).toEqual([]);
      await failsWith(listActiveClasses(site, { page: 1, state: 'nanti' as ClassState }), 400, /state harus salah satu/);
      const bad = await platform.api.request('/v1/class/active?page=0&pageSize=500&heldCityIds=bandung', {
        headers: { AppToken: site.credentials().appToken ?? '', lmsId: site.credentials().lmsId ?? '' },
      });
      expect(bad.status).toBe(400);
      const body = (await bad.json()) as { fields: { field: string }[] };
      expect(body.fields.map((field) => field.field).sort()).toEqual(['heldCityIds', 'page', 'pageSize']);
      await failsWith(listActiveClasses(clientOf(platform)), 401);
    });

    it('finds a class by code first and by slug, with mentors, syllabus, requirements and batch', async () => {
      const byCode = await getClassOverview(site, 'FWD-2026-B3');
      const bySlug = await getClassOverview(site, 'bootcamp-fullstack-web-batch-3');
      expect(bySlug).toEqual(byCode);
      expect(byCode).toMatchObject({
        state: 'registration',
        price: 4500000,
        isOnline: false,
        heldCity: { id: '32.73', name: 'Kota Bandung' },
        program: { slug: 'fullstack-web-developer' },
        batch: { code: 'FWD-B3', name: 'Batch 3' },
      });
      expect(byCode.mentors.map((mentor) => mentor.slug)).toEqual(['rizky-pratama', 'bayu-anggara']);
      expect(byCode.syllabus.map((unit) => unit.position)).toEqual([1, 2, 3, 4, 5]);
      expect(byCode.requirements).toContain('Usia minimal 17 tahun');
      expect(await getClassSyllabus(site, byCode.id)).toEqual(byCode.syllabus);
      await failsWith(getClassOverview(site, 'TIDAK-ADA'), 404, /Kelas tidak ditemukan/);
    });

    it('answers webinars (perPage as pageSize), the 6 newest classes and the full list with its filters', async () => {
      const webinars = await listWebinars(site, { perPage: 2 });
      expect(webinars).toMatchObject({ perPage: 2, totalItems: 2 });
      expect(webinars.items.every((item) => item.type === 'webinar')).toBe(true);
      expect(await listRecentClasses(site)).toHaveLength(6);
      const all = await listClasses(site, { all: true });
      expect(all.totalItems).toBe(ACTIVE + BY_STATE.finished.length);
      expect(all.items).toHaveLength(all.totalItems);
      expect((await listClasses(site, { preClass: true, all: true })).items.map((item) => item.code).sort()).toEqual([
        'PRA-SMK-01',
        'PRA-WEB-01',
      ]);
      const offline = await listClasses(site, { type: 'offline', all: true });
      expect(offline.items.every((item) => !item.isOnline)).toBe(true);
      expect((await listClasses(site, { filterType: 'bootcamp', state: 'finished' })).items.map((item) => item.code)).toEqual([
        'DAM-BC-03',
      ]);
    });

    it('keeps every tenant to its own classes', async () => {
      const other = await otherTenantOf(platform);
      await platform.deps.db.execute(
        sql`insert into classes (lms_id, code, slug, name, type, level, always_open) values (${other.lmsId}, 'LAIN-01', 'kelas-tenant-lain', 'Kelas tenant lain', 'reguler', 'pemula', true)`,
      );
      await failsWith(getClassOverview(site, 'LAIN-01'), 404);
      expect((await listActiveClasses(site, { page: 1, search: 'tenant lain' })).totalItems).toBe(0);
      const otherSite = clientOf(platform);
      otherSite.setCredentials({ appToken: (await generateAppToken(platform, { appCode: other.appCode })).wire, lmsId: other.lmsId });
      expect((await getClassOverview(otherSite, 'LAIN-01')).name).toBe('Kelas tenant lain');
    });

    it('answers the Elevate track only: classes in the elevate category (ElevAIte has its own catalogue)', async () => {
      expect((await listElevateClasses(site)).totalItems).toBe(0);
      const elevaite = await tenantOf(platform, 'ELEVAITE');
      const track = clientOf(platform);
      track.setCredentials({ appToken: (await generateAppToken(platform, { appCode: elevaite.appCode })).wire, lmsId: elevaite.lmsId });
      const elevate = await listElevateClasses(track, { page: 1, pageSize: 100 });
      expect(elevate.items.map((item) => item.code).sort()).toEqual([
        'DATA-EXCEL-AI-01',
        'ETIKA-AI-01',
        'GENAI-KANTOR-02',
        'KEBIJAKAN-AI-01',
        'ML-PRAKIRAAN-01',
        'PROMPT-MANDIRI',
      ]);
      expect(elevate.items.every((item) => item.category?.slug === 'elevate')).toBe(true);
      // Filters count with page, as on the main list: the running webinar alone.
      expect((await listElevateClasses(track, { page: 1, state: 'running' })).items.map((item) => item.code)).toEqual(['ETIKA-AI-01']);
      await failsWith(getClassOverview(track, 'JS-DASAR-11'), 404);
    });
  });

  describe('programs and the core API', () => {
    it('lists active programs 6 a page with class counts, and filters by city and category', async () => {
      const page = await listPrograms(site);
      expect(page).toMatchObject({ perPage: 6, totalItems: 5 });
      const web = page.items.find((program) => program.slug === 'fullstack-web-developer');
      expect(web).toMatchObject({ totalClasses: 8, openClasses: 4 });
      const inMakassar = await listPrograms(site, { heldCityIds: ['73.71'] });
      expect(inMakassar.items.map((program) => program.slug)).toEqual(['coding-untuk-smk']);
      await failsWith(listPrograms(site, { heldCityIds: ['Makassar'] }), 400);
    });

    it('describes a program with syllabus, classes, mentors, batches and schools', async () => {
      const program = await getProgram(site, 'coding-untuk-smk');
      expect(program.syllabus).toHaveLength(4);
      expect(program.classes.map((item) => item.code).sort()).toEqual(['PRA-SMK-01', 'SMK-RPL-MDN', 'SMK-RPL-MKS']);
      expect(program.mentors.map((mentor) => mentor.slug)).toEqual(['sari-wulandari']);
      expect(program.batches.map((batch) => batch.code)).toEqual(['CUS-2026']);
      const schools = await listProgramSchools(site, { programId: program.id, pageSize: 3 });
      expect(schools).toMatchObject({ perPage: 3, totalItems: 7, totalPages: 3 });
      expect(schools.items[0]).toMatchObject({ name: 'SMK Negeri 1 Medan', city: { name: 'Kota Medan' }, students: 90, graduates: 50 });
      expect((await listProgramSchools(site, { programId: program.id })).perPage).toBe(10);
      expect(await getProgramSyllabus(site, program.id)).toEqual(program.syllabus);
      await failsWith(getProgram(site, 'tidak-ada'), 404, /Program tidak ditemukan/);
      await failsWith(getProgramSyllabus(site, 999_999), 404);
    });

    it('answers active batches with current_page, last_page, per_page and total_data, and active mentors', async () => {
      const batches = await listActiveBatches(site, { pageSize: 2 });
      expect(batches).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total_data: 3 });
      expect(batches.data.map((batch) => batch.code)).toEqual(['CUS-2026', 'FWD-B2']);
      const second = await listActiveBatches(site, { pageSize: 2, page: 2 });
      expect(second.data.map((batch) => batch.code)).toEqual(['DAM-B3']);
      const mentors = await listActiveMentors(site);
      expect(mentors).toHaveLength(8);
      expect(mentors.find((mentor) => mentor.slug === 'rizky-pratama')?.totalClasses).toBe(5);
    });
  });

  describe('courses', () => {
    it('lists 4 courses, two of them premium, with their outline but never chapter content', async () => {
      const courses = await listCourses(site);
      expect(courses.items.map((course) => [course.slug, course.isPremium])).toEqual([
        ['dasar-html-dan-css', false],
        ['sql-untuk-pemula', false],
        ['javascript-modern', true],
        ['python-untuk-analisis-data', true],
      ]);
      expect((await listCourses(site, { premium: true })).totalItems).toBe(2);
      const course = await getCourse(site, 'javascript-modern');
      expect(course).toMatchObject({ isPremium: true, totalChapters: 4, class: { code: 'JS-DASAR-11' } });
      // Every class that grants it as a perk, not only its own: the bootcamp lists it too.
      expect(course.grantedBy.map((item) => item.code)).toEqual(['FWD-2026-B3', 'JS-DASAR-11']);
      expect(JSON.stringify(course)).not.toContain('formatRupiah');
      await failsWith(getCourse(site, 'tidak-ada'), 404, /Kursus tidak ditemukan/);
    });

    it('gives a free chapter to anyone, its code highlighted on the server', async () => {
      const chapter = await getChapter(site, 'sql-untuk-pemula', 'select-dan-where');
      expect(chapter).toMatchObject({ moduleSlug: 'membaca-data', courseSlug: 'sql-untuk-pemula' });
      expect(chapter.content).toContain('class="shiki');
      expect(chapter.content).not.toMatch(/<script/i);
      await failsWith(getChapter(site, 'sql-untuk-pemula', 'tidak-ada'), 404);
    });

    it('renders a chapter once: stored at seed, served as stored, rendered again when an outside write changed it', async () => {
      const lmsId = (await platform.deps.tenants.byCode('demo'))?.lmsId ?? '';
      const rows = async () =>
        (
          await platform.deps.db
            .select({ content: courseChapters.content, html: courseChapters.contentHtml, of: courseChapters.contentHtmlOf })
            .from(courseChapters)
            .innerJoin(courses, eq(courses.id, courseChapters.courseId))
            .where(and(eq(courses.lmsId, lmsId), eq(courses.slug, 'sql-untuk-pemula'), eq(courseChapters.slug, 'select-dan-where')))
        )[0];
      const seeded = await rows();
      expect(seeded?.of).toBe(chapterRenderKey(seeded?.content ?? ''));
      expect(seeded?.html).toContain('class="shiki');
      expect((await getChapter(site, 'sql-untuk-pemula', 'select-dan-where')).content).toBe(seeded?.html);

      // An external CMS writes the table directly: the stored rendering no longer matches.
      await platform.deps.db.execute(
        sql`update course_chapters set content = content || '<pre><code class="language-sql">SELECT kota FROM sekolah;</code></pre>'
            where slug = 'select-dan-where' and course_id in (select id from courses where lms_id = ${lmsId})`,
      );
      const fresh = (await getChapter(site, 'sql-untuk-pemula', 'select-dan-where')).content;
      expect(fresh).toContain('sekolah');
      expect(fresh).not.toContain('language-sql');
      const stored = await rows();
      expect(stored?.of).toBe(chapterRenderKey(stored?.content ?? ''));
      expect(stored?.html).toBe(fresh);
    });

    it('refuses a premium chapter signed out (401) and without the class (403), and gives it to a learner of the class', async () => {
      await failsWith(getChapter(site, 'javascript-modern', 'array-dan-objek'), 401, /Masuk untuk membaca bab ini/);
      const learner = await appClientOf(platform);
      await signInAs(learner, 'student');
      const chapter = await getChapter(learner, 'javascript-modern', 'array-dan-objek');
      expect(chapter.content).toContain('kelasDaring');
      await failsWith(getChapter(learner, 'python-untuk-analisis-data', 'membaca-file-csv'), 403, /khusus peserta kelas Python untuk Data/);
      const writer = await appClientOf(platform);
      await signInAs(writer, 'writer');
      await failsWith(getChapter(writer, 'javascript-modern', 'array-dan-objek'), 403);
    });

    it('records a learner’s progress once per chapter and refuses progress where the learner has no access', async () => {
      const learner = await appClientOf(platform);
      await signInAs(learner, 'student');
      expect(await getCourseProgress(learner, 'dasar-html-dan-css')).toMatchObject({
        hasAccess: true,
        completedChapterIds: [],
        totalChapters: 4,
      });
      await recordChapterRead(learner, 'dasar-html-dan-css', 'elemen-semantik');
      const again = await recordChapterRead(learner, 'dasar-html-dan-css', 'elemen-semantik');
      expect(again.completedChapterIds).toHaveLength(1);
      expect((await getCourseProgress(learner, 'python-untuk-analisis-data')).hasAccess).toBe(false);
      await failsWith(recordChapterRead(learner, 'python-untuk-analisis-data', 'membaca-file-csv'), 403);
      await failsWith(getCourseProgress(site, 'dasar-html-dan-css'), 401);
      const tenant = await tenantOf(platform);
      expect(tenant.code).toBe('demo');
    });
  });
});
