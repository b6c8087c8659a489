import { describe, expect, it } from 'vitest';
import { VARIANTS } from '~/lib/tenant/layouts';
import {
  CATALOGUE_SECTIONS,
  CONTENT_SECTIONS,
  type ContentSection,
  type NavLink,
  siteNavigation,
  VARIANT_CHROME,
} from '~/lib/tenant/variants';

const EVERY: ContentSection[] = [...CONTENT_SECTIONS, ...CATALOGUE_SECTIONS];
const hrefs = (links: { href: string }[]) => links.map((link) => link.href);

/** The list page of each section (News may be linked as /Berita instead). */
const SECTION_PAGE: Record<ContentSection, string[]> = {
  news: ['/News', '/Berita'],
  blog: ['/Blog'],
  podcasts: ['/Podcasts'],
  'tulisan-temans': ['/Tulisan-Temans'],
  event: ['/Event'],
  program: ['/Event/Program'],
  gallery: ['/Gallery'],
  portfolio: ['/Portfolio'],
  careers: ['/Career', '/Event/Careers'],
  classes: ['/Class'],
  programs: ['/Program'],
  courses: ['/Courses'],
  mentors: ['/Mentor'],
  festival: ['/BelajarBersama'],
  league: ['/Liga-Smk'],
  leaderboards: ['/Leaderboards'],
};

/** The header's catalogue links, in order. */
const SHOP: [ContentSection, string][] = [
  ['classes', '/Class'],
  ['programs', '/Program'],
  ['courses', '/Courses'],
  ['mentors', '/Mentor'],
];

/** Sets of sections tenants run: everything, nothing, and what the shipped brands are expected to run. */
const SECTION_SETS: [string, ContentSection[]][] = [
  ['every section', EVERY],
  ['no section', []],
  ['content only', [...CONTENT_SECTIONS]],
  ['classes only', ['classes']],
  ['a catalogue without programs', ['classes', 'courses', 'mentors', 'program', 'news']],
  ['a coding school', ['classes', 'programs', 'courses', 'mentors', 'league', 'leaderboards', 'news', 'event', 'gallery']],
  ['the main site', [...CONTENT_SECTIONS, 'classes', 'programs', 'courses', 'mentors', 'festival', 'league', 'leaderboards']],
];

/** Everything one click away on every page: the header's links (desktop bar and phone menu list the same) and the footer's. */
function oneClick(variant: (typeof VARIANTS)[number], sections: ContentSection[]): NavLink[] {
  const { nav, footer } = siteNavigation(VARIANT_CHROME[variant], new Set(sections));
  return [...nav, ...footer.flatMap((group) => group.links)];
}

describe('siteNavigation', () => {
  it('leaves out the links of sections the tenant does not run, in the header and the footer', () => {
    const only = siteNavigation(VARIANT_CHROME.main, new Set<ContentSection>(['news', 'classes']));
    expect(hrefs(only.nav)).toEqual(['/Class', '/Training-Services', '/About']);
    const footer = only.footer.flatMap((group) => hrefs(group.links));
    expect(footer).toEqual(expect.arrayContaining(['/Class', '/News']));
    for (const gone of ['/Blog', '/Event', '/Event/Program', '/Gallery', '/Portfolio', '/Career', '/Podcasts', '/Program', '/Courses']) {
      expect(footer, gone).not.toContain(gone);
    }
  });

  it.each(VARIANTS)('%s: lists every address once in the footer, company and help links in their own groups', (variant) => {
    const { footer } = siteNavigation(VARIANT_CHROME[variant], new Set(EVERY));
    const all = footer.flatMap((group) => hrefs(group.links));
    expect(new Set(all).size).toBe(all.length);
    expect(footer.map((group) => group.title)).toEqual(['Jelajahi', 'Perusahaan', 'Bantuan']);
    expect(hrefs(footer[1]?.links ?? [])).toEqual(['/About', '/Clients', '/Network', '/Collaboration']);
  });

  describe.each(VARIANTS)('%s', (variant) => {
    it.each(SECTION_SETS)('reaches every section it runs in one click, and none it does not (%s)', (_, sections) => {
      const reached = new Set(hrefs(oneClick(variant, sections)));
      for (const section of EVERY) {
        const linked = SECTION_PAGE[section].filter((href) => reached.has(href));
        if (sections.includes(section)) expect(linked.length, `${section} reached`).toBeGreaterThan(0);
        else expect(linked, `${section} not linked`).toEqual([]);
      }
      // News once, under one of its two addresses.
      expect([reached.has('/News'), reached.has('/Berita')].filter(Boolean)).toHaveLength(sections.includes('news') ? 1 : 0);
    });

    it.each(SECTION_SETS)('opens the header with the catalogue it runs: Kelas, Program, Kursus, Mentor (%s)', (_, sections) => {
      const { nav } = siteNavigation(VARIANT_CHROME[variant], new Set(sections));
      const run = SHOP.filter(([section]) => sections.includes(section)).map(([, href]) => href);
      // Program posts stand in for "Program" where the tenant runs no catalogue programs.
      const opening = hrefs(nav)
        .filter((href) => href !== '/Event/Program')
        .slice(0, run.length);
      expect(opening).toEqual(run);
    });

    it.each(SECTION_SETS)(
      'keeps the header short enough for one row, the bar at most six links, a centred header seven (%s)',
      (_, sections) => {
        const chrome = VARIANT_CHROME[variant];
        const { nav } = siteNavigation(chrome, new Set(sections));
        expect(nav.length).toBeLessThanOrEqual(chrome.header.style === 'bar' ? 6 : 7);
        // Labels must fit too: about 60 characters of links beside the logo and the actions at 1280 px.
        const characters = nav.reduce((sum, link) => sum + link.label.length, 0);
        expect(characters).toBeLessThanOrEqual(chrome.header.style === 'bar' ? 50 : 70);
      },
    );

    it.each(SECTION_SETS)('names no two links alike, so "Program" is one page (%s)', (_, sections) => {
      const { nav, footer } = siteNavigation(VARIANT_CHROME[variant], new Set(sections));
      const labels = [...nav, ...footer.flatMap((group) => group.links)].reduce((byLabel, link) => {
        byLabel.set(link.label, new Set([...(byLabel.get(link.label) ?? []), link.href]));
        return byLabel;
      }, new Map<string, Set<string>>());
      for (const [label, addresses] of labels) expect(addresses.size, `${label}: ${[...addresses].join(' ')}`).toBe(1);
    });

    it('lists what the tenant runs, the catalogue first, each once', () => {
      const { sections } = siteNavigation(VARIANT_CHROME[variant], new Set(EVERY));
      expect(hrefs(sections).slice(0, 4)).toEqual(['/Class', '/Program', '/Courses', '/Mentor']);
      expect(new Set(hrefs(sections)).size).toBe(sections.length);
      const runs = new Set(sections.map((link) => link.needs));
      expect([...runs].sort()).toEqual([...EVERY].sort());
      expect(siteNavigation(VARIANT_CHROME[variant], new Set()).sections).toEqual([]);
    });
  });

  it('shows program posts as the header\'s "Program" only where the tenant runs no catalogue programs', () => {
    const posts = siteNavigation(VARIANT_CHROME.main, new Set<ContentSection>(['program', 'classes']));
    expect(posts.nav.find((link) => link.label === 'Program')?.href).toBe('/Event/Program');
    const both = siteNavigation(VARIANT_CHROME.main, new Set<ContentSection>(['program', 'programs', 'classes']));
    expect(both.nav.find((link) => link.label === 'Program')?.href).toBe('/Program');
    expect(hrefs(both.nav)).not.toContain('/Event/Program');
    expect(both.footer[0]?.links.find((link) => link.href === '/Event/Program')?.label).toBe('Program Unggulan');
  });

  it.each([
    ['main', ['/Training-Services']],
    ['foundation', ['/Metamorfosa']],
    ['innovation', ['/Aksara']],
    ['aksara', ['/Aksara', '/Metamorfosa']],
    ['scholarship', ['/Pricing']],
    ['alpha', ['/Training-Services', '/Talent-Hiring']],
    ['creative-space', ['/Bandung', '/Jakarta']],
    ['elevate', ['/Pricing', '/Talent-Hiring']],
  ] as const)("%s: keeps the brand's own pages in its header", (variant, pages) => {
    const { nav } = siteNavigation(VARIANT_CHROME[variant], new Set(EVERY));
    expect(hrefs(nav)).toEqual(expect.arrayContaining([...pages]));
  });
});
