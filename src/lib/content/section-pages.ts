import type { ContentSection } from '~/lib/tenant/variants';

/**
 * The fixed pages of each section. A tenant that does not run a section still has these addresses
 * (SPEC §2 routes; its build writes them), but none of them is in its sitemap or its navigation: a
 * catalogue section's own list pages answer an honest "not run here" page (components/not-run), a
 * content list its "nothing yet" list.
 */
export const SECTION_PAGES: Readonly<Record<ContentSection, readonly string[]>> = {
  news: ['/News'],
  blog: ['/Blog'],
  podcasts: ['/Podcasts'],
  'tulisan-temans': ['/Tulisan-Temans'],
  event: ['/Event'],
  program: ['/Event/Program'],
  gallery: ['/Gallery'],
  portfolio: ['/Portfolio'],
  careers: ['/Career', '/Event/Careers'],
  classes: ['/Class'],
  programs: ['/Program', '/Silabus', '/Curriculum'],
  courses: ['/Courses', '/Courses/@Premium'],
  mentors: ['/Mentor'],
  festival: ['/BelajarBersama'],
  league: ['/Liga-Smk', '/Liga-Smk/Register'],
  leaderboards: ['/Leaderboards'],
};

/** The fixed pages of the sections a tenant does not run: out of its sitemap. */
export function pagesNotRun(published: ReadonlySet<ContentSection>): ReadonlySet<string> {
  return new Set(
    (Object.entries(SECTION_PAGES) as [ContentSection, readonly string[]][]).flatMap(([section, pages]) =>
      published.has(section) ? [] : pages,
    ),
  );
}
