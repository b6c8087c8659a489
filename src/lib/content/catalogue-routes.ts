import type { ClassDetail, MentorRefSchema } from '~/contract/classes';
import type { Chapter, ChapterRef, CourseDetail } from '~/contract/courses';
import type { Mentor } from '~/contract/mentors';
import type { z } from '~/contract/mini';
import type { Paged } from '~/contract/paged';
import { PROGRAM_SCHOOLS_PAGE_SIZE, type ProgramDetail, type ProgramSchool } from '~/contract/programs';
import { findFeature, findService, LMS_FEATURES, type LmsFeature, SERVICES, type Service } from '~/lib/catalogue/features';
import {
  chapterPath,
  classPath,
  competencePath,
  coursePath,
  curriculumPath,
  featurePath,
  pesilatClassPath,
  programPath,
  servicePath,
} from '~/lib/catalogue/paths';
import { idOf } from './preload';
import type { ContentSource } from './source';

/**
 * The catalogue's part of the content route table (routes.ts): the item addresses of classes,
 * programs, curricula, courses and chapters (SPEC §2), what each shows, and the build's index of
 * them. `:code` is a class code or slug (SPEC lists /Class/{code} and /Class/{slug}: the code is
 * looked up first); `:key` a program's slug or, digits only, its id (SPEC §2's preload reads a
 * program by id; a slug is never digits only); a chapter's module segment may be empty
 * (`/module/chapter/{chapterSlug}`).
 */
export const CATALOGUE_ROUTES: Record<string, readonly (readonly string[])[]> = {
  Class: [[':code'], ['Competence', ':slug']],
  Overview: [[':code']],
  Program: [[':key'], [':id', ':title']],
  Curriculum: [[':slug']],
  Courses: [
    [':slug'],
    [':slug', 'module', ':slug', 'chapter', ':slug'],
    [':slug', 'module', 'chapter', ':slug'],
    ['@Premium', ':slug'],
    ['@Premium', ':slug', 'module', ':slug', 'chapter', ':slug'],
    ['@Premium', ':slug', 'module', 'chapter', ':slug'],
  ],
  Pesilat: [['Class', ':code']],
  // The platform's own pages (lib/catalogue/features.ts): LMS features and the provider's services.
  Lms: [['Features', ':slug']],
  Aksara: [['Features', ':slug']],
  Features: [[':slug']],
  Services: [[':slug']],
};

/**
 * Catalogue addresses that are another address of a fixed page rather than of an item: SPEC's
 * /Overview/{code?} without a code is the class list, answered with the /Class file (whose canonical
 * link names /Class) rather than a 404.
 */
export const CATALOGUE_ALIASES: ReadonlyMap<string, string> = new Map([['/Overview', '/Class']]);

/** A class code (FWD-2026-B3) or a slug: letters (either case, as codes are), digits, single hyphens inside. */
export const isClassKey = (segment: string) => /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/.test(segment) && segment.length <= 160;

export type CatalogueRoute =
  | { view: 'class'; key: string; as: 'class' | 'competence' | 'overview' | 'pesilat' }
  | { view: 'catalogue-program'; key: { id: number } | { slug: string } }
  | { view: 'curriculum'; slug: string }
  | { view: 'course'; slug: string; premium: boolean }
  | { view: 'chapter'; slug: string; premium: boolean; moduleSlug: string | undefined; chapterSlug: string }
  | { view: 'lms-feature'; slug: string; as: 'lms' | 'aksara' | 'features' }
  | { view: 'service'; slug: string };

/** The route of a catalogue item address already matched against CATALOGUE_ROUTES; no I/O. */
export function catalogueRoute(first: string, rest: string[]): CatalogueRoute | undefined {
  const [second = '', third = ''] = rest;
  switch (first) {
    case 'Class':
      return second === 'Competence' ? { view: 'class', key: third, as: 'competence' } : { view: 'class', key: second, as: 'class' };
    case 'Overview':
      return { view: 'class', key: second, as: 'overview' };
    case 'Pesilat':
      return { view: 'class', key: third, as: 'pesilat' };
    case 'Program': {
      const id = idOf(second);
      return id !== undefined ? { view: 'catalogue-program', key: { id } } : { view: 'catalogue-program', key: { slug: second } };
    }
    case 'Curriculum':
      return { view: 'curriculum', slug: second };
    case 'Lms':
      return { view: 'lms-feature', slug: third, as: 'lms' };
    case 'Aksara':
      return { view: 'lms-feature', slug: third, as: 'aksara' };
    case 'Features':
      return { view: 'lms-feature', slug: second, as: 'features' };
    case 'Services':
      return { view: 'service', slug: second };
    case 'Courses': {
      const premium = second === '@Premium';
      const [slug = '', ...tail] = premium ? rest.slice(1) : rest;
      if (tail.length === 0) return { view: 'course', slug, premium };
      // [module, moduleSlug, chapter, chapterSlug] or [module, chapter, chapterSlug]
      const moduleSlug = tail.length === 4 ? tail[1] : undefined;
      return { view: 'chapter', slug, premium, moduleSlug, chapterSlug: tail.at(-1) ?? '' };
    }
    default:
      return undefined;
  }
}

/** A mentor as a class names them; with the full profile (bio, expertise) when the mentor list has it. */
export type ClassMentor = Mentor | z.infer<typeof MentorRefSchema>;

export type CatalogueContent =
  | { view: 'class'; item: ClassDetail; as: 'class' | 'competence' | 'overview' | 'pesilat'; mentors: ClassMentor[] }
  | { view: 'catalogue-program'; program: ProgramDetail; schools: Paged<ProgramSchool> | undefined }
  | { view: 'curriculum'; program: ProgramDetail }
  | { view: 'course'; course: CourseDetail }
  | { view: 'chapter'; course: CourseDetail; chapter: ChapterRef & { moduleSlug: string }; content: Chapter | undefined }
  | { view: 'lms-feature'; feature: LmsFeature; as: 'lms' | 'aksara' | 'features' }
  | { view: 'service'; service: Service };

/**
 * Loads a catalogue route's item; undefined is the 404 page. A competence address shows only a class
 * of type `kompetensi`, by its slug; a course answers only under its own kind (free at
 * /Courses/{slug}, premium at /Courses/@Premium/{slug}: the other address is a 404, so a premium
 * course never looks free); a chapter only under its own module when the module is named. A class's
 * mentors come with their profiles from the mentor list (one read per build, shared by every class).
 */
export async function loadCatalogueRoute(source: ContentSource, route: CatalogueRoute): Promise<CatalogueContent | undefined> {
  switch (route.view) {
    case 'class': {
      const item = await source.getClass(route.key);
      if (!item || (route.as === 'competence' && (item.type !== 'kompetensi' || item.slug !== route.key))) return undefined;
      const profiles = item.mentors.length > 0 ? new Map((await source.allMentors()).map((mentor) => [mentor.slug, mentor])) : undefined;
      const mentors = item.mentors.map((mentor) => profiles?.get(mentor.slug) ?? mentor);
      return { view: 'class', item, as: route.as, mentors };
    }
    case 'catalogue-program': {
      const program = await source.getProgram(route.key);
      if (!program) return undefined;
      const schools = await source.programSchools({ programId: program.id, page: 1, pageSize: PROGRAM_SCHOOLS_PAGE_SIZE });
      return { view: 'catalogue-program', program, schools };
    }
    case 'curriculum': {
      const program = await source.getProgram({ slug: route.slug });
      return program && { view: 'curriculum', program };
    }
    case 'course': {
      const course = await source.getCourse(route.slug);
      return course && course.isPremium === route.premium ? { view: 'course', course } : undefined;
    }
    case 'lms-feature': {
      const feature = findFeature(route.slug);
      return feature && { view: 'lms-feature', feature, as: route.as };
    }
    case 'service': {
      const service = findService(route.slug);
      return service && { view: 'service', service };
    }
    case 'chapter': {
      const course = await source.getCourse(route.slug);
      if (!course || course.isPremium !== route.premium) return undefined;
      const module = course.modules.find((candidate) => candidate.chapters.some((chapter) => chapter.slug === route.chapterSlug));
      const chapter = module?.chapters.find((candidate) => candidate.slug === route.chapterSlug);
      if (!module || !chapter || (route.moduleSlug !== undefined && route.moduleSlug !== module.slug)) return undefined;
      const content = course.isPremium ? undefined : await source.getFreeChapter(course.slug, chapter.slug);
      return { view: 'chapter', course, chapter: { ...chapter, moduleSlug: module.slug }, content };
    }
  }
}

/** The catalogue items of a build (in routes.json beside the post index). */
export interface CatalogueIndex {
  /** [code, slug, is a competence class]. */
  classes: [code: string, slug: string, competence: boolean][];
  programs: [id: number, slug: string][];
  /** [slug, premium, [moduleSlug, chapterSlug][]]. */
  courses: [slug: string, premium: boolean, chapters: [string, string][]][];
  /** LMS features and services (slugs): pages of the platform itself, in every build but one under maintenance. */
  features?: string[];
  services?: string[];
}

/** The catalogue a tenant publishes, read in bulk: four reads whatever the number of items. */
export async function catalogueIndexOf(source: ContentSource): Promise<CatalogueIndex> {
  const [classes, programs, courses, chapters] = await Promise.all([
    source.allClasses(),
    source.allPrograms(),
    source.allCourses(),
    source.allChapters(),
  ]);
  const byCourse = new Map<string, [string, string][]>(courses.map((course) => [course.slug, []]));
  for (const { courseSlug, moduleSlug, chapterSlug } of chapters) byCourse.get(courseSlug)?.push([moduleSlug, chapterSlug]);
  return {
    features: LMS_FEATURES.map((feature) => feature.slug),
    services: SERVICES.map((service) => service.slug),
    classes: classes.map((item) => [item.code, item.slug, item.type === 'kompetensi']),
    programs: programs.map((program) => [program.id, program.slug]),
    courses: courses.map((course) => [course.slug, course.isPremium, byCourse.get(course.slug) ?? []]),
  };
}

/** The main address of every catalogue item: what a build renders and the sitemap lists. */
export function catalogueAddresses(index: CatalogueIndex): string[] {
  return [
    ...index.classes.flatMap(([code, slug, competence]) => [
      classPath({ code }),
      pesilatClassPath({ code }),
      ...(competence ? [competencePath({ slug })] : []),
    ]),
    ...index.programs.flatMap(([, slug]) => [programPath({ slug }), curriculumPath({ slug })]),
    ...index.courses.flatMap(([slug, isPremium, chapters]) => [
      coursePath({ slug, isPremium }),
      ...chapters.map(([moduleSlug, chapterSlug]) => chapterPath({ slug, isPremium }, moduleSlug, chapterSlug)),
    ]),
    ...(index.features ?? []).map(featurePath),
    ...(index.services ?? []).map(servicePath),
  ];
}

/** The main address of the catalogue item a route names, when the build has it (other addresses answer with its file). */
export function catalogueLookup(index: CatalogueIndex): (route: CatalogueRoute) => string | undefined {
  const classes = new Map<string, string>();
  const codes = new Map<string, string>();
  const competence = new Set<string>();
  for (const [code, slug, isCompetence] of index.classes) {
    classes.set(code, classPath({ code }));
    codes.set(code, code);
    if (!classes.has(slug)) classes.set(slug, classPath({ code }));
    if (!codes.has(slug)) codes.set(slug, code);
    if (isCompetence) competence.add(slug);
  }
  const programs = new Map<string, string>();
  for (const [id, slug] of index.programs) {
    programs.set(`#${id}`, slug);
    programs.set(slug, slug);
  }
  const chapters = new Map<string, string>();
  const courses = new Map<string, string>();
  for (const [slug, isPremium, list] of index.courses) {
    courses.set(`${isPremium}:${slug}`, coursePath({ slug, isPremium }));
    for (const [moduleSlug, chapterSlug] of list) {
      const path = chapterPath({ slug, isPremium }, moduleSlug, chapterSlug);
      chapters.set(`${isPremium}:${slug}:${moduleSlug}:${chapterSlug}`, path);
      chapters.set(`${isPremium}:${slug}::${chapterSlug}`, path);
    }
  }
  const features = new Set(index.features ?? []);
  const services = new Set(index.services ?? []);
  return (route) => {
    switch (route.view) {
      case 'lms-feature':
        return features.has(route.slug) ? featurePath(route.slug) : undefined;
      case 'service':
        return services.has(route.slug) ? servicePath(route.slug) : undefined;
      case 'class':
        if (route.as === 'pesilat') {
          const code = codes.get(route.key);
          return code && pesilatClassPath({ code });
        }
        if (route.as === 'competence') return competence.has(route.key) ? competencePath({ slug: route.key }) : undefined;
        return classes.get(route.key);
      case 'catalogue-program': {
        const slug = programs.get('id' in route.key ? `#${route.key.id}` : route.key.slug);
        return slug && programPath({ slug });
      }
      case 'curriculum':
        return programs.has(route.slug) ? curriculumPath({ slug: route.slug }) : undefined;
      case 'course':
        return courses.get(`${route.premium}:${route.slug}`);
      case 'chapter':
        return chapters.get(`${route.premium}:${route.slug}:${route.moduleSlug ?? ''}:${route.chapterSlug}`);
    }
  };
}
