import type { PostKind } from '~/contract/posts';

/**
 * What the server loads before rendering a path (SPEC §2 "Server-side preload by first path
 * segment"), as data: the page (or the SSR fallback) runs the matching call. One function, no I/O.
 */
export type PreloadTarget =
  /** A post by kind and slug: GET v3/post/detail (kindSlug, slug). */
  | { kind: 'post'; kindSlug: PostKind; slug: string }
  /** A post by id: GET v3/post/detail (kindSlug, id), so an id of another kind is not shown; v1/post/detail?id would take any kind. */
  | { kind: 'post-by-id'; kindSlug: PostKind; id: number }
  /** A career job by id (GET career/job/detail?id): what /Event/Careers/{id} shows. */
  | { kind: 'career-job'; id: number }
  /** A class overview by slug (GET v1/class/overview?slug). */
  | { kind: 'class-overview'; slug: string }
  /** The fixed learning-festival class overview of /BelajarBersama. */
  | { kind: 'festival' }
  /** A portfolio item by slug (GET v1/portfolio/detail?slug). */
  | { kind: 'portfolio'; slug: string }
  /** An LMS feature of /Lms/Features/{slug}. */
  | { kind: 'lms-feature'; slug: LmsFeatureSlug };

/** The LMS features SPEC §2 names. */
export const LMS_FEATURE_SLUGS = ['coding-studio', 'online-quiz'] as const;
export type LmsFeatureSlug = (typeof LMS_FEATURE_SLUGS)[number];

/** The first segments SPEC §2 preloads for, lower-case; `metamorfosa` is listed there without a rule. */
export const PRELOAD_SEGMENTS = [
  'news',
  'event',
  'overview',
  'blog',
  'program',
  'class',
  'belajarbersama',
  'portfolio',
  'lms',
  'courses',
  'metamorfosa',
  'articles',
  'podcasts',
  'tulisan-temans',
] as const;

const MAX_ID = 2_147_483_647;

/** A positive database id written in digits, else undefined. */
export function idOf(segment: string | undefined): number | undefined {
  if (!segment || !/^\d+$/.test(segment)) return undefined;
  const id = Number(segment);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

/** The path's segments, decoded; the query and hash dropped, empty segments (`//`, a trailing `/`) skipped. Undefined when one is not decodable. */
function segmentsOf(path: string): string[] | undefined {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  try {
    return pathname
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

const lower = (segment: string | undefined) => segment?.toLowerCase();
const bySlug = <K extends 'class-overview' | 'portfolio'>(kind: K, slug: string | undefined) => (slug ? { kind, slug } : undefined);

/** news, blog, podcasts, tulisan-temans: the second segment is a slug, or an id when it is all digits (/News/{id}/{title?}, /Blog/{id}/{title?}, /Podcasts/{id}/{title?}). */
function postBySlugOrId(kindSlug: PostKind, segment: string | undefined): PreloadTarget | undefined {
  if (!segment) return undefined;
  if (/^\d+$/.test(segment)) return postById(segment, kindSlug);
  return { kind: 'post', kindSlug, slug: segment };
}

/** An id at `segment`, as a post of `kindSlug`. */
function postById(segment: string | undefined, kindSlug: PostKind): PreloadTarget | undefined {
  const id = idOf(segment);
  return id ? { kind: 'post-by-id', kindSlug, id } : undefined;
}

/**
 * What to preload for `path` (a pathname; a query string or hash is ignored), or undefined.
 * The first segment is matched case-insensitively (SPEC lists them lower-case); the segments
 * carrying a slug or an id are taken as they are, URL-decoded.
 *
 * SPEC counts positions two ways: "second"/"third" count the path's segments (/News/{slug},
 * /Class/Competence/{slug}, /Portfolio/{type}/{title}), while "fourth"/"fifth" for event and
 * articles count the pieces of `path.split('/')`, whose first piece is the empty string before the
 * leading slash; only that reading puts them on the {id} of /Event/Program/{id}/{slug?} and
 * /Articles/{slug?}/Detail/{id?}/{title?}. Each rule below uses the reading that lands on its
 * route's parameter:
 * - news, blog, podcasts, tulisan-temans: the 2nd segment; all digits means an id (the
 *   /{Kind}/{id}/{title?} routes), so a post whose slug is all digits is reached by id only.
 * - program: an id in the 2nd segment (/Program/{id}/{slug}); /Program/{slug} is a program of
 *   the class catalogue, not a post, and preloads nothing.
 * - event: the id in the 3rd segment. /Event/Program/{id} is a program post; /Event/Careers/{id}
 *   is a career job in this platform; any other section an event post.
 * - articles: the id in the 4th segment (/Articles/{slug}/Detail/{id}), or in the 3rd when the
 *   optional slug is left out (/Articles/Detail/{id}).
 * - overview, courses: a class overview by the 2nd segment; /Courses/@Premium/{slug} by the 3rd.
 * - class: the 2nd segment, or the 3rd when the 2nd is 'competence' (any case).
 * - belajarbersama: the fixed festival. portfolio: the 3rd segment (/Portfolio/{type}/{title}).
 * - lms: /Lms/Features/{slug} for the slugs of `LMS_FEATURE_SLUGS` only.
 * - metamorfosa: listed by SPEC without a rule: nothing to preload.
 * A missing segment, an id that is not a positive whole number and an undecodable segment give undefined.
 */
export function preloadTarget(path: string): PreloadTarget | undefined {
  const segments = segmentsOf(path);
  if (!segments) return undefined;
  const [first, second, third, fourth] = segments;
  switch (lower(first)) {
    case 'news':
    case 'blog':
    case 'podcasts':
    case 'tulisan-temans':
      return postBySlugOrId(lower(first) as PostKind, second);
    case 'program':
      return postById(second, 'program');
    case 'event': {
      const section = lower(second);
      if (section === 'careers') {
        const id = idOf(third);
        return id ? { kind: 'career-job', id } : undefined;
      }
      return postById(third, section === 'program' ? 'program' : 'event');
    }
    case 'articles':
      if (lower(third) === 'detail') return postById(fourth, 'articles');
      return lower(second) === 'detail' ? postById(third, 'articles') : undefined;
    case 'overview':
      return bySlug('class-overview', second);
    case 'courses':
      return bySlug('class-overview', lower(second) === '@premium' ? third : second);
    case 'class':
      return bySlug('class-overview', lower(second) === 'competence' ? third : second);
    case 'belajarbersama':
      return { kind: 'festival' };
    case 'portfolio':
      return bySlug('portfolio', third);
    case 'lms':
      return lower(second) === 'features' && LMS_FEATURE_SLUGS.includes(third as LmsFeatureSlug)
        ? { kind: 'lms-feature', slug: third as LmsFeatureSlug }
        : undefined;
    default:
      // metamorfosa included: SPEC preloads for it but gives no rule.
      return undefined;
  }
}
