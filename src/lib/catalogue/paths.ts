/** Addresses of the catalogue's pages (SPEC §2), one place for pages, the route table and the sitemap. */

/** A class's main address: /Class/{code}. */
export const classPath = (item: { code: string }) => `/Class/${item.code}`;
/** A class in the Pesilat route family's own layout variant: /Pesilat/Class/{code}. */
export const pesilatClassPath = (item: { code: string }) => `/Pesilat/Class/${item.code}`;
/** A competence class's own address: /Class/Competence/{slug}. */
export const competencePath = (item: { slug: string }) => `/Class/Competence/${item.slug}`;
/** A program's main address: /Program/{slug}. */
export const programPath = (program: { slug: string }) => `/Program/${program.slug}`;
/** A program's curriculum: /Curriculum/{program}. */
export const curriculumPath = (program: { slug: string }) => `/Curriculum/${program.slug}`;
/** A course: /Courses/{slug}, or /Courses/@Premium/{slug} for a premium one. */
export const coursePath = (course: { slug: string; isPremium: boolean }) => `/Courses/${course.isPremium ? '@Premium/' : ''}${course.slug}`;
/** A chapter: /Courses[/@Premium]/{slug}/module/{moduleSlug}/chapter/{chapterSlug}. */
export const chapterPath = (course: { slug: string; isPremium: boolean }, moduleSlug: string, chapterSlug: string) =>
  `${coursePath(course)}/module/${moduleSlug}/chapter/${chapterSlug}`;
/** An LMS feature: /Lms/Features/{slug}. */
export const featurePath = (slug: string) => `/Lms/Features/${slug}`;
/** A service of the provider: /Services/{slug}. */
export const servicePath = (slug: string) => `/Services/${slug}`;
