import { expect, type Page, test } from '@playwright/test';
import { CLASS_BADGES } from '~/contract/classes';
import { CourseProgressResponseSchema } from '~/contract/courses';
import { signInWithForm } from './auth-support';
import { axeViolations, h1, keepScreenshot, roleClient, scrollsSideways, tenantOf } from './support';

/**
 * The catalogue as a visitor meets it, on the demo tenant: a class from /Class, a free
 * chapter, a premium chapter refused signed out and read signed in with access, and every catalogue
 * page through axe and at 320 px. Which premium course the demo student may read is asked of the
 * API (v1/course/progress), not assumed from the seed.
 */

const BADGE_LABELS = Object.values(CLASS_BADGES).map((badge) => badge.label);

/** Every `href` on the current page matching `pattern`, in order, without duplicates. */
async function linksMatching(page: Page, pattern: RegExp): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => pattern.test(href)))];
}

test('a visitor opens a class from /Class and sees its badge, schedule, price and a call to register', async ({ page }) => {
  await page.goto('/Class');
  await expect(h1(page)).toBeVisible();
  const [first] = await linksMatching(page, /^\/Class\/(?!Competence\/)[^/?#]+$/);
  expect(first, 'a class card on /Class').toBeDefined();
  await page.locator(`a[href="${first}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${first}$`));
  await expect(h1(page)).toBeVisible();
  const main = page.locator('main');
  const badges = await main.getByText(new RegExp(`^(${BADGE_LABELS.join('|')})$`)).count();
  expect(badges, 'a lifecycle badge with an SPEC §4 label').toBeGreaterThan(0);
  await expect(main.getByText(/Rp\s?\d|Gratis/).first()).toBeVisible();
  await expect(main.getByRole('heading', { name: /Silabus/ }).first()).toBeVisible();
});

test('a class page gives its duration and batch from its data, what the learner pays under the PPN rule, and its topics one a line', async ({
  page,
}) => {
  // FWD-2026-B3 runs from day 20 to day 131 of the seed (112 calendar days: 16 weeks, said as months) in the program's Batch 3.
  await page.goto('/Class/FWD-2026-B3');
  const fact = (term: string) =>
    page
      .locator('.class-page__facts > div')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${term}$`) }) })
      .locator('dd')
      .first();
  await expect(fact('Durasi')).toHaveText('4 bulan');
  await expect(fact('Batch')).toHaveText('Batch 3');
  await expect(fact('Biaya')).toContainText(/^Rp\d{1,3}(\.\d{3})+/);
  await expect(fact('Biaya')).toContainText('PPN');
  const topics = page.getByRole('list', { name: 'Topik HTML dan CSS yang rapi' }).getByRole('listitem');
  await expect(topics).toHaveText(['Semantik', 'Flexbox dan grid', 'Aksesibilitas']);
  const [first, second] = await topics.evaluateAll((items) => items.slice(0, 2).map((item) => item.getBoundingClientRect().toJSON()));
  expect(second.top, 'each topic on a line of its own').toBeGreaterThanOrEqual(first.bottom);
});

test('a class answers at its code and at its slug with the same page', async ({ page, request }) => {
  await page.goto('/Class');
  const [byCode] = await linksMatching(page, /^\/Class\/(?!Competence\/)[^/?#]+$/);
  const canonical = (await request.get(byCode ?? '/Class')).status();
  expect(canonical).toBe(200);
  await page.goto(byCode ?? '/Class');
  const canonicalHref = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonicalHref ?? '').pathname).toBe(byCode);
});

test('a free chapter reads in full with highlighted code and previous/next links', async ({ page }) => {
  await page.goto('/Courses');
  const courses = await linksMatching(page, /^\/Courses\/(?!@Premium)[^/?#]+$/);
  expect(courses.length, 'a free course on /Courses').toBeGreaterThan(0);
  await page.goto(courses[0] ?? '/Courses');
  const chapters = await linksMatching(page, /\/chapter\/[^/?#]+$/);
  expect(chapters.length).toBeGreaterThan(1);
  // A visitor's chapter page runs the shell and the reader script only: the course calls and their
  // schemas load for a signed-in learner.
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.text());
  });
  await page.goto(chapters[1] ?? '/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  for (const body of await Promise.all(scripts)) expect(body).not.toMatch(/\$ZodType|ZodError|react-dom/);
  await expect(h1(page)).toBeVisible();
  await expect(page.getByRole('link', { name: /Sebelumnya/ }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Berikutnya|Selanjutnya/ }).first()).toBeVisible();
  // Chapter text is in the built page, not fetched: the page reads without JavaScript too.
  const html = await (await page.request.get(chapters[1] ?? '/')).text();
  expect(html).toMatch(/<p>[^<]{40,}/);
});

test('a premium chapter is refused signed out and read signed in with access', async ({ page, baseURL }, testInfo) => {
  const tenant = tenantOf(testInfo);
  const student = await roleClient(baseURL ?? '', tenant, 'student');

  await page.goto('/Courses/@Premium');
  const premium = await linksMatching(page, /^\/Courses\/@Premium\/[^/?#]+$/);
  expect(premium.length, 'premium courses on /Courses/@Premium').toBe(2);

  // Which of the two the demo student may read: the API says (hasAccess of v1/course/progress).
  const access = new Map<string, boolean>();
  for (const path of premium) {
    const slug = path.split('/').at(-1) ?? '';
    const progress = await student.call('main', 'v1/course/progress', CourseProgressResponseSchema, { query: { courseSlug: slug } });
    access.set(path, progress.data.hasAccess);
  }
  const readable = premium.find((path) => access.get(path));
  const closed = premium.find((path) => !access.get(path));
  expect(readable && closed, 'the demo student can read exactly one premium course').toBeTruthy();

  await page.goto(readable ?? '/');
  const [chapter] = await linksMatching(page, /\/chapter\/[^/?#]+$/);
  const built = await (await page.request.get(chapter ?? '/')).text();
  await page.goto(chapter ?? '/');
  await expect(page.getByRole('link', { name: /Masuk/ }).first()).toBeVisible();
  await expect(page.locator('[data-chapter-content] pre, [data-chapter-content] p')).toHaveCount(0);

  await signInWithForm(
    page,
    `student@${tenant.code}.example`,
    'demo-student-2026',
    `/Login?redirect=${encodeURIComponent(chapter ?? '/')}`,
  );
  await expect(page).toHaveURL(new RegExp(`${chapter}$`));
  await expect(page.locator('[data-chapter-content] p').first()).toBeVisible();
  const shown = (await page.locator('[data-chapter-content]').textContent()) ?? '';
  expect(shown.length).toBeGreaterThan(200);
  // The built file never held it: only the server's checked answer did.
  expect(built).not.toContain(shown.slice(0, 60));
  await keepScreenshot(page, `${tenant.code}-premium-chapter`);

  await page.goto(closed ?? '/');
  const [closedChapter] = await linksMatching(page, /\/chapter\/[^/?#]+$/);
  await page.goto(closedChapter ?? '/');
  await expect(page.getByText('Anda belum terdaftar di kelas ini')).toBeVisible();
  await expect(page.locator('[data-chapter-content] p')).toHaveCount(0);
});

test('every catalogue page passes axe and fits 320 px', async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
  const page = await context.newPage();
  await page.goto('/Class');
  const [classPage] = await linksMatching(page, /^\/Class\/(?!Competence\/)[^/?#]+$/);
  await page.goto('/Program');
  const [program] = await linksMatching(page, /^\/Program\/[^/?#]+$/);
  await page.goto('/Courses');
  const [course] = await linksMatching(page, /^\/Courses\/(?!@Premium)[^/?#]+$/);
  await page.goto(course ?? '/Courses');
  const [chapter] = await linksMatching(page, /\/chapter\/[^/?#]+$/);
  const paths = [
    '/Class',
    classPage,
    '/Program',
    program,
    '/Curriculum',
    '/Silabus',
    '/Training-Services/Syllabus',
    '/Mentor',
    '/Leaderboards',
    '/Courses',
    '/Courses/@Premium',
    course,
    chapter,
    '/Lms',
    '/Lms/Features/coding-studio',
    '/Lms/Features/online-quiz',
    '/BelajarBersama',
    '/Pesilat',
  ];
  const problems: string[] = [];
  for (const path of paths) {
    expect(path, 'every catalogue page type has an address').toBeDefined();
    const response = await page.goto(path ?? '/');
    if (response?.status() !== 200) {
      problems.push(`${path}: status ${response?.status()}`);
      continue;
    }
    const sideways = await scrollsSideways(page);
    if (sideways) problems.push(`${path}: ${sideways}`);
    problems.push(...(await axeViolations(page, path ?? '')));
    // The 320 px pages a reviewer looks at first: the class list, a class, a chapter, the festival.
    if (path === '/Class' || path === classPage || path === chapter || path === '/BelajarBersama' || path === '/Pesilat') {
      const name = path === classPage ? 'class-page' : path === chapter ? 'chapter' : (path ?? '').slice(1).toLowerCase();
      await keepScreenshot(page, `${tenantOf(testInfo).code}-320-${name}`);
    }
  }
  expect(problems).toEqual([]);
  await context.close();
});
