import { describe, expect, it } from 'vitest';
import { PAGE_META, type PageName, variantPageMeta } from '~/lib/seo/page-meta';
import { VARIANTS, type Variant } from '~/lib/tenant/layouts';

/** SPEC §2 "Page titles and metadata": the pages each variant configures (home uses the site meta). */
const PAGES: Record<Variant, PageName[]> = {
  main: [
    'festival',
    'courses',
    'course',
    'training-services',
    'talent-hiring',
    'lms',
    'lms-feature',
    'syllabus',
    'news',
    'news-item',
    'make-appointment',
  ],
  foundation: [
    'class',
    'class-competence',
    'about',
    'campus',
    'government',
    'corporates',
    'portfolio',
    'blog',
    'blog-item',
    'program-item',
    'metamorfosa',
  ],
  'coding-school': ['program', 'program-item', 'news', 'gallery', 'course'],
  community: ['class', 'class-item'],
  innovation: ['article-item', 'aksara'],
  aksara: [],
  scholarship: [],
  alpha: ['news', 'news-item'],
  bharabas: ['news-item', 'podcasts', 'podcast-item', 'tulisan-teman', 'tulisan-teman-item'],
  'creative-space': ['series', 'bandung', 'jakarta', 'class-item'],
  elevate: ['class-item'],
};

describe('PAGE_META', () => {
  it('has a table for every variant', () => {
    expect(Object.keys(PAGE_META).sort()).toEqual([...VARIANTS].sort());
  });

  it.each(VARIANTS)('%s: every SPEC page has a title and description', (variant) => {
    for (const page of PAGES[variant]) {
      const entry = variantPageMeta(variant, page);
      expect(entry?.title, `${variant}/${page}`).toMatch(/\S/);
      expect(entry?.description, `${variant}/${page}`).toMatch(/\S/);
    }
  });

  it.each([
    ['foundation', 'class', 'Kelas'],
    ['foundation', 'about', 'Tentang'],
    ['foundation', 'campus', 'Untuk Kampus'],
    ['foundation', 'government', 'Untuk Pemerintahan'],
    ['foundation', 'corporates', 'Untuk Perusahaan'],
    ['coding-school', 'news', 'Berita'],
    ['coding-school', 'gallery', 'Galeri'],
    ['bharabas', 'tulisan-teman', 'Tulisan Teman'],
    ['creative-space', 'series', 'Rangkaian Kelas & Diskusi'],
    ['creative-space', 'bandung', 'Bandung'],
    ['creative-space', 'jakarta', 'Jakarta'],
    ['innovation', 'aksara', 'Aksara'],
  ] as const)('%s/%s is titled %j', (variant, page, title) => {
    expect(variantPageMeta(variant, page)?.title).toBe(title);
  });

  it('has no entry for home (the site meta speaks for it) or without a page name', () => {
    for (const variant of VARIANTS) expect(variantPageMeta(variant, 'home')).toBeUndefined();
    expect(variantPageMeta('main', undefined)).toBeUndefined();
    expect(variantPageMeta('elevate', 'festival')).toBeUndefined();
  });
});
