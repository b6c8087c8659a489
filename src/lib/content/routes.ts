import type { Career } from '~/contract/careers';
import { CERTIFICATE_ID, type Certificate } from '~/contract/certificates';
import type { PortfolioItem } from '~/contract/portfolio';
import { POST_KINDS, type Post, type PostKind, SlugSchema } from '~/contract/posts';
import type { CareerJobDetail } from '~/lib/api/careers';
import {
  CATALOGUE_ALIASES,
  CATALOGUE_ROUTES,
  type CatalogueContent,
  type CatalogueIndex,
  type CatalogueRoute,
  catalogueAddresses,
  catalogueIndexOf,
  catalogueLookup,
  catalogueRoute,
  isClassKey,
  loadCatalogueRoute,
} from './catalogue-routes';
import { type DetailRequest, detailRequest, type ListFamilyName } from './families';
import { careerPath, isPortfolioKind, jobPath, type PortfolioKind, portfolioPath } from './item-paths';
import { isListPage } from './on-demand';
import { postPath } from './paths';
import { PORTFOLIO_KIND_ORDER } from './portfolio-kinds';
import { idOf, preloadTarget } from './preload';
import type { ContentSource, SourceMethod } from './source';

/**
 * The content route table: every address of a content item (SPEC §2), what it shows and which
 * address is its main one. The build renders each item once, at its main address; the site server
 * answers every other address of the item with that same file (from the build's index of items, see
 * `mainAddress`), and renders on demand what the build does not have (an item newer than the build,
 * a later list page); the catch-all page (`src/pages/[...path].astro`) renders from the same table.
 */

/**
 * The item addresses, segment by segment after the first: a literal (case-sensitive, as every
 * route), `:slug`, `:id` (a positive id), `:key` (a slug or an id, SPEC's preload reading digits as an
 * id), `:title` (a slug the page does not need) and `:kind` (a portfolio kind). Anything else is the
 * 404 page, whatever the database has.
 */
const ITEM_ROUTES: Record<string, readonly (readonly string[])[]> = {
  News: [[':key'], [':id', ':title']],
  Berita: [[':slug'], ['Detail', ':id'], ['Detail', ':id', ':title']],
  Blog: [[':id'], [':id', ':title']],
  Podcasts: [[':key'], [':id', ':title']],
  'Tulisan-Temans': [[':key']],
  Articles: [[':slug'], ['Detail', ':id'], ['Detail', ':id', ':title'], [':slug', 'Detail', ':id'], [':slug', 'Detail', ':id', ':title']],
  Event: [[':slug'], ['Program', ':id'], ['Program', ':id', ':title'], ['Careers', ':id'], ['Careers', ':id', ':title']],
  Career: [[':slug']],
  Portfolio: [[':kind'], [':kind', ':slug']],
  // A certificate's verification page: rendered on demand only, never built, listed or indexed.
  Sertifikat: [[':certificate']],
  ...CATALOGUE_ROUTES,
};

const isSlug = (value: string | undefined): value is string => SlugSchema.safeParse(value ?? '').success;
const TOKENS: Record<string, (segment: string) => boolean> = {
  ':slug': isSlug,
  ':title': isSlug,
  ':id': (segment) => idOf(segment) !== undefined,
  ':key': (segment) => isSlug(segment) || idOf(segment) !== undefined,
  ':kind': isPortfolioKind,
  ':code': isClassKey,
  ':certificate': (segment) => CERTIFICATE_ID.test(segment),
};

/** Whether the segments after the first (`rest`) make one of the item addresses of `first`. */
export function matchesItemRoute(first: string, rest: string[]): boolean {
  return (ITEM_ROUTES[first] ?? []).some(
    (shape) => shape.length === rest.length && shape.every((token, index) => (TOKENS[token] ?? ((s) => s === token))(rest[index] ?? '')),
  );
}

/** Whether a request for `pathname` (not among a build's files) may be rendered on demand: a list page or an item address. */
export function rendersOnDemand(pathname: string): boolean {
  const [first = '', ...rest] = pathname.split('/').slice(1);
  return isListPage(pathname) || matchesItemRoute(first, rest);
}

/** The first segments of item addresses `rendersUncached` names. */
const UNCACHED_ROUTES: ReadonlySet<string> = new Set(['Sertifikat']);

/**
 * Whether the page at `pathname` is rendered for every request: never kept by the site server's page
 * cache nor built from kept content reads (`UNCACHED_READS`), and sent `Cache-Control: no-store`. A
 * certificate's page must say "dicabut" on the very next request after a revocation, whether or not
 * the purge it announces reached this server; it is small, and the render budget per address holds.
 */
export function rendersUncached(pathname: string): boolean {
  const [first = '', ...rest] = pathname.split('/').slice(1);
  return UNCACHED_ROUTES.has(first) && matchesItemRoute(first, rest);
}

/** The content reads of the pages `rendersUncached` names: never answered from a kept answer. */
export const UNCACHED_READS: ReadonlySet<SourceMethod> = new Set<SourceMethod>(['certificate', 'previewPost']);

/** What an item address shows, and how to find the item. */
export type ContentRoute =
  | { view: 'post'; request: DetailRequest }
  | { view: 'event'; slug: string }
  | { view: 'program'; id: number }
  | { view: 'job'; id: number }
  | { view: 'career'; slug: string }
  | { view: 'portfolio-kind'; kind: PortfolioKind }
  | { view: 'portfolio'; kind: PortfolioKind; slug: string }
  | { view: 'certificate'; id: string }
  | CatalogueRoute;

/**
 * The route of an item address; undefined is the 404 page. No I/O. Items are found as SPEC §2's
 * preload reads their addresses (ids of posts, programs and jobs), and by slug where the route has
 * one (/Event/{slug}, /Career/{slug}, /Portfolio/{type}/{title}).
 */
export function contentRoute(pathname: string): ContentRoute | undefined {
  const [first = '', ...rest] = pathname.split('/').slice(1);
  if (!matchesItemRoute(first, rest)) return undefined;
  const [second, third] = rest;
  switch (first) {
    case 'Event': {
      // /Event/Program/{id} and /Event/Careers/{id}: SPEC §2's preload reads the id.
      const target = preloadTarget(pathname);
      if (second === 'Program') return target?.kind === 'post-by-id' ? { view: 'program', id: target.id } : undefined;
      if (second === 'Careers') return target?.kind === 'career-job' ? { view: 'job', id: target.id } : undefined;
      return { view: 'event', slug: second ?? '' };
    }
    case 'Career':
      return { view: 'career', slug: second ?? '' };
    case 'Portfolio':
      if (!isPortfolioKind(second)) return undefined;
      return third ? { view: 'portfolio', kind: second, slug: third } : { view: 'portfolio-kind', kind: second };
    case 'Sertifikat':
      return { view: 'certificate', id: second ?? '' };
    case 'Articles':
      // /Articles/{slug}, the article's main address; SPEC's preload reads only the Detail forms.
      if (rest.length === 1) return { view: 'post', request: { kindSlug: 'articles', key: { slug: second ?? '' } } };
      return postRoute(pathname);
    default:
      return first in CATALOGUE_ROUTES ? catalogueRoute(first, rest) : postRoute(pathname);
  }
}

function postRoute(pathname: string): ContentRoute | undefined {
  const request = detailRequest(pathname, preloadTarget);
  return request ? { view: 'post', request } : undefined;
}

/** A content route with its item loaded. */
export type RouteContent =
  | { view: 'post'; post: Post; family?: ListFamilyName | undefined }
  | { view: 'event' | 'program'; post: Post }
  | { view: 'job'; job: CareerJobDetail }
  | { view: 'career'; career: Career }
  | { view: 'portfolio-kind'; kind: PortfolioKind; items: PortfolioItem[] }
  | { view: 'portfolio'; item: PortfolioItem }
  /** A certificate's page: `certificate` undefined is the page's own "not found" notice (status 404). */
  | { view: 'certificate'; id: string; certificate: Certificate | undefined }
  | CatalogueContent;

/**
 * Loads the item of a route from the content source; undefined when there is none (the 404 page).
 * A failure of the source (the database down) is thrown, for the error page. A portfolio item is
 * shown only under its own kind.
 */
export async function loadRoute(source: ContentSource, route: ContentRoute): Promise<RouteContent | undefined> {
  switch (route.view) {
    case 'post': {
      const { kindSlug, key, family } = route.request;
      const post = await source.getPost({ kindSlug, ...key });
      return post && { view: 'post', post, family };
    }
    case 'event': {
      const post = await source.getPost({ kindSlug: 'event', slug: route.slug });
      return post && { view: 'event', post };
    }
    case 'program': {
      const post = await source.getPost({ kindSlug: 'program', id: route.id });
      return post && { view: 'program', post };
    }
    case 'job': {
      const job = await source.getCareerJob(route.id);
      return job && { view: 'job', job };
    }
    case 'career': {
      const career = await source.getCareer(route.slug);
      return career && { view: 'career', career };
    }
    case 'portfolio-kind':
      return { view: 'portfolio-kind', kind: route.kind, items: (await source.allPortfolio()).filter((item) => item.kind === route.kind) };
    case 'portfolio': {
      const item = await source.getPortfolio(route.slug);
      return item?.kind === route.kind ? { view: 'portfolio', item } : undefined;
    }
    case 'certificate':
      return { view: 'certificate', id: route.id, certificate: await source.certificate(route.id) };
    default:
      return loadCatalogueRoute(source, route);
  }
}

/**
 * The items of a build, as written beside it (`routes.json`): enough for the site server to find
 * the main address of any other address of an item without asking the database.
 */
export interface ItemIndex {
  posts: Partial<Record<PostKind, [id: number, slug: string][]>>;
  careers: string[];
  jobs: [id: number, slug: string][];
  portfolio: [kind: PortfolioKind, slug: string][];
  /** Absent in builds made before the catalogue existed. */
  catalogue?: CatalogueIndex | undefined;
}

/** The items a tenant publishes, from its content source (none under maintenance: pass `maintenance`). */
export async function itemIndexOf(source: ContentSource, maintenance = false): Promise<ItemIndex> {
  if (maintenance)
    return {
      posts: {},
      careers: [],
      jobs: [],
      portfolio: [],
      catalogue: { classes: [], programs: [], courses: [], features: [], services: [] },
    };
  const [posts, careers, jobs, portfolio, catalogue] = await Promise.all([
    Promise.all(
      POST_KINDS.map(
        async (kind) => [kind, (await source.allPosts(kind)).map((post) => [post.id, post.slug] as [number, string])] as const,
      ),
    ),
    source.allCareers(),
    source.allCareerJobs(),
    source.allPortfolio(),
    catalogueIndexOf(source),
  ]);
  return {
    posts: Object.fromEntries(posts),
    careers: careers.map((career) => career.slug),
    jobs: jobs.map((job) => [job.id, job.slug]),
    portfolio: portfolio.flatMap((item) => (isPortfolioKind(item.kind) ? [[item.kind, item.slug] as [PortfolioKind, string]] : [])),
    catalogue,
  };
}

/** The main address of every item in `index`: what a build renders, and what the sitemap lists. */
export function mainAddresses(index: ItemIndex): string[] {
  return [
    ...Object.entries(index.posts).flatMap(([kindSlug, posts]) =>
      posts.map(([id, slug]) => postPath({ kindSlug: kindSlug as PostKind, id, slug })),
    ),
    ...index.careers.map((slug) => careerPath({ slug })),
    ...index.jobs.map(([id, slug]) => jobPath({ id, slug })),
    ...PORTFOLIO_KIND_ORDER.map((kind) => portfolioPath(kind)),
    ...index.portfolio.map(([kind, slug]) => portfolioPath(kind, slug)),
    ...(index.catalogue ? catalogueAddresses(index.catalogue) : []),
  ];
}

/** Lookups over an item index, built once per build by the site server. */
export interface ItemLookup {
  post(kindSlug: PostKind, key: { id: number } | { slug: string }): string | undefined;
  career(slug: string): string | undefined;
  job(id: number): string | undefined;
  portfolio(kind: PortfolioKind, slug: string): string | undefined;
  catalogue(route: CatalogueRoute): string | undefined;
}

export function itemLookup(index: ItemIndex): ItemLookup {
  const posts = new Map<string, string>();
  for (const [kindSlug, rows] of Object.entries(index.posts)) {
    for (const [id, slug] of rows) {
      const path = postPath({ kindSlug: kindSlug as PostKind, id, slug });
      posts.set(`${kindSlug}:#${id}`, path);
      posts.set(`${kindSlug}:${slug}`, path);
    }
  }
  const careers = new Set(index.careers);
  const jobs = new Map(index.jobs.map(([id, slug]) => [id, jobPath({ id, slug })]));
  const portfolio = new Set(index.portfolio.map(([kind, slug]) => `${kind}/${slug}`));
  return {
    post: (kindSlug, key) => posts.get('id' in key ? `${kindSlug}:#${key.id}` : `${kindSlug}:${key.slug}`),
    career: (slug) => (careers.has(slug) ? careerPath({ slug }) : undefined),
    job: (id) => jobs.get(id),
    portfolio: (kind, slug) => (portfolio.has(`${kind}/${slug}`) ? portfolioPath(kind, slug) : undefined),
    catalogue: catalogueLookup(index.catalogue ?? { classes: [], programs: [], courses: [] }),
  };
}

/**
 * The main address of the item an address names, when the build has the item: `/News/12`,
 * `/News/12/any-title`, `/Berita/{slug}` and `/Berita/Detail/12` all give `/News/{slug}`. The site
 * server answers such an address with the main address's file (same bytes, whose canonical link
 * names the main address). /Overview is the class list's other address (CATALOGUE_ALIASES).
 * Undefined: not an item address, or an item the build does not have.
 */
export function mainAddress(pathname: string, items: ItemLookup): string | undefined {
  const alias = CATALOGUE_ALIASES.get(pathname);
  if (alias) return alias;
  const route = contentRoute(pathname);
  switch (route?.view) {
    case 'post':
      return items.post(route.request.kindSlug, route.request.key);
    case 'event':
      return items.post('event', { slug: route.slug });
    case 'program':
      return items.post('program', { id: route.id });
    case 'job':
      return items.job(route.id);
    case 'career':
      return items.career(route.slug);
    case 'portfolio':
      return items.portfolio(route.kind, route.slug);
    case undefined:
    case 'portfolio-kind':
    case 'certificate':
      return undefined;
    default:
      return route ? items.catalogue(route) : undefined;
  }
}
