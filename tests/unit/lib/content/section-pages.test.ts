import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagesNotRun, SECTION_PAGES } from '~/lib/content/section-pages';
import { CATALOGUE_SECTIONS, CONTENT_SECTIONS, type ContentSection } from '~/lib/tenant/variants';

describe('pagesNotRun', () => {
  it('names the pages of every section the tenant does not run, and none of those it runs', () => {
    const notRun = pagesNotRun(new Set<ContentSection>(['classes', 'courses', 'news']));
    for (const page of [
      '/BelajarBersama',
      '/Curriculum',
      '/Leaderboards',
      '/Liga-Smk',
      '/Liga-Smk/Register',
      '/Mentor',
      '/Program',
      '/Silabus',
    ]) {
      expect(notRun.has(page), page).toBe(true);
    }
    for (const page of [
      '/Podcasts',
      '/Tulisan-Temans',
      '/Blog',
      '/Event',
      '/Event/Program',
      '/Gallery',
      '/Portfolio',
      '/Career',
      '/Event/Careers',
    ]) {
      expect(notRun.has(page), page).toBe(true);
    }
    for (const page of ['/Class', '/Courses', '/Courses/@Premium', '/News']) expect(notRun.has(page), page).toBe(false);
    expect(pagesNotRun(new Set([...CATALOGUE_SECTIONS, ...CONTENT_SECTIONS])).size).toBe(0);
  });

  it('leaves the league, its registration and its leaderboards out of a tenant that runs no league', () => {
    const notRun = pagesNotRun(new Set<ContentSection>(['classes', 'programs', 'courses', 'mentors']));
    for (const page of ['/Liga-Smk', '/Liga-Smk/Register', '/Leaderboards', '/BelajarBersama']) expect(notRun.has(page), page).toBe(true);
  });

  it.each(Object.values(SECTION_PAGES).flat())('%s is a page file of the site', (route) => {
    const base = join(process.cwd(), 'src/pages', route);
    expect(existsSync(`${base}.astro`) || existsSync(join(base, 'index.astro')), route).toBe(true);
  });
});
