import { POST_KINDS } from '~/contract/posts';
import { classPath, coursePath, programPath } from '~/lib/catalogue/paths';
import { isMaintenance, variant } from '~/lib/tenant';
import { type ContentSection, type NavLink, siteNavigation, VARIANT_CHROME } from '~/lib/tenant/variants';
import { LIST_FAMILIES, type ListFamily } from './families';
import { FIXED_PAGES, PRIVATE_PAGES } from './fixed-pages';
import { portfolioPath } from './item-paths';
import { postPath } from './paths';
import { PORTFOLIO_KIND_COPY, PORTFOLIO_KIND_ORDER } from './portfolio-kinds';
import { publishedSections } from './published';
import { pagesNotRun, SECTION_PAGES } from './section-pages';
import { contentAddresses } from './sitemap-items';
import { contentSource } from './source';

/**
 * The pages a tenant offers: what its sitemap.xml lists and its "Peta Situs" page (/Peta-Situs,
 * linked from every footer) links, so every one of them is at most two clicks from any page.
 * Left out: second addresses of a list (/Berita of /News), a visitor's own pages, the pages of
 * sections the tenant does not run, the Pesilat variant's copies (/Pesilat/…, SPEC §2), and fixed
 * pages of other brands' offers (/Bandung, /Lms, …) that the tenant's own navigation never links,
 * with the items under them.
 */

/** Lists that are second addresses of another (/Berita of /News) name it as canonical. */
const SECOND_ADDRESSES = new Set(
  Object.values(LIST_FAMILIES as Record<string, ListFamily>).flatMap((family) => (family.canonical ? [family.base] : [])),
);
const SECTION_ROOTS = new Set(Object.values(SECTION_PAGES).flat());
/** Pages a visitor reaches from elsewhere (signing up, the account) rather than from a menu: never offered as pages of the site. */
const OWN_PAGES = new Set(['/Welcome', '/Login', '/Register']);

/** Group headings of sections whose list has no link of its own in the navigation. */
const ROOT_TITLES: Readonly<Record<string, string>> = {
  '/Articles': 'Artikel',
  '/Curriculum': 'Kurikulum',
  '/Lms': 'LMS',
  '/Services': 'Layanan',
};

/** The first segment of an address (`/Lms/Features/x` → `/Lms`). */
const rootOf = (path: string) => `/${path.split('/')[1] ?? ''}`;

/** Every address of the tenant's offer, sorted. */
export async function siteMapRoutes(): Promise<string[]> {
  if (isMaintenance) return [];
  const sections = await publishedSections();
  const notRun = pagesNotRun(sections);
  const linked = linkedPages(sections);
  const offered = (path: string) => {
    if (path === '/' || linked.has(path)) return true;
    if (path.startsWith('/Pesilat') || OWN_PAGES.has(path)) return false;
    const root = rootOf(path);
    // A section's pages and items follow the sections the tenant runs (`notRun` above).
    if (SECTION_ROOTS.has(root) || SECTION_ROOTS.has(path)) return true;
    // A brand page, and what lies under it (/Training-Services/Syllabus, /Lms/Features/…), only where the navigation links it.
    if (FIXED_PAGES.includes(root)) return linked.has(root);
    return true;
  };
  const routes = [...FIXED_PAGES, ...(await contentAddresses())];
  return [...new Set(routes)]
    .filter((route) => !SECOND_ADDRESSES.has(route) && !PRIVATE_PAGES.has(route) && !notRun.has(route) && offered(route))
    .sort();
}

/** Every page the tenant's header and footer link (what it offers by name). */
function linkedPages(sections: ReadonlySet<ContentSection>): Set<string> {
  const chrome = VARIANT_CHROME[variant];
  const navigation = siteNavigation(chrome, sections);
  const links: NavLink[] = [...navigation.nav, ...navigation.footer.flatMap((group) => group.links), chrome.cta];
  if (chrome.secondary) links.push(chrome.secondary);
  return new Set(links.map((link) => link.href.split('#')[0] ?? link.href));
}

/** One group of the Peta Situs page: a heading and its pages, each with the name a visitor knows it by. */
export interface SiteMapGroup {
  title: string;
  pages: { href: string; label: string }[];
}

/**
 * The offered pages grouped for people: the site's own pages first (named as the navigation names
 * them), then each section with its items by their titles.
 */
export async function siteMapGroups(): Promise<SiteMapGroup[]> {
  const routes = await siteMapRoutes();
  const sections = await publishedSections();
  const chrome = VARIANT_CHROME[variant];
  const navigation = siteNavigation(chrome, sections);
  const names = new Map<string, string>();
  for (const link of [
    ...navigation.nav,
    ...navigation.footer.flatMap((group) => group.links),
    chrome.cta,
    ...(chrome.secondary ? [chrome.secondary] : []),
  ])
    if (!names.has(link.href)) names.set(link.href, link.label);
  names.set('/', 'Beranda');
  names.set('/Courses/@Premium', 'Kursus premium');
  // Sections the navigation does not name by their address (items reached from other pages).
  for (const [root, title] of Object.entries(ROOT_TITLES)) if (!names.has(root)) names.set(root, title);
  const titles = await itemTitles(sections);
  const groups = new Map<string, SiteMapGroup>();
  const groupOf = (title: string) => {
    const group = groups.get(title) ?? { title, pages: [] };
    groups.set(title, group);
    return group;
  };
  groupOf('Halaman utama');
  for (const route of routes) {
    const root = rootOf(route);
    const sectionName = route === root ? undefined : names.get(root);
    const label = names.get(route) ?? titles.get(route) ?? wordsOf(route);
    groupOf(sectionName && !FIXED_PAGES.includes(route) ? sectionName : 'Halaman utama').pages.push({ href: route, label });
  }
  return [...groups.values()].filter((group) => group.pages.length > 0);
}

/** The titles of the items a visitor finds by name: classes, programs, courses and posts. */
async function itemTitles(sections: ReadonlySet<ContentSection>): Promise<Map<string, string>> {
  const source = contentSource();
  const titles = new Map<string, string>();
  const [classes, programs, courses] = await Promise.all([
    sections.has('classes') ? source.allClasses() : [],
    sections.has('programs') ? source.allPrograms() : [],
    sections.has('courses') ? source.allCourses() : [],
  ]);
  // Two classes may share a name (this year's and last year's): a finished one says so.
  for (const item of classes) titles.set(classPath(item), item.state === 'finished' ? `${item.name} (telah selesai)` : item.name);
  for (const item of programs) titles.set(programPath(item), item.name);
  for (const item of courses) titles.set(coursePath(item), item.title);
  for (const kind of PORTFOLIO_KIND_ORDER) titles.set(portfolioPath(kind), PORTFOLIO_KIND_COPY[kind].label);
  const posts = await Promise.all(POST_KINDS.map((kind) => source.allPosts(kind)));
  for (const post of posts.flat()) titles.set(postPath(post), post.title);
  return titles;
}

/** `/Courses/javascript-modern/module/dasar/chapter/variabel` → `Variabel` (the last part, in words). */
function wordsOf(route: string): string {
  const last = route.split('/').filter(Boolean).at(-1) ?? route;
  const words = last.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
