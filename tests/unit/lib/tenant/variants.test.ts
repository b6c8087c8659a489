import { describe, expect, it } from 'vitest';
import { VARIANTS } from '~/lib/tenant/layouts';
import { type ContentSection, siteNavigation, VARIANT_CHROME } from '~/lib/tenant/variants';

const EVERY: ContentSection[] = ['news', 'blog', 'podcasts', 'tulisan-temans', 'event', 'program', 'gallery', 'portfolio', 'careers'];
const hrefs = (links: { href: string }[]) => links.map((link) => link.href);

describe('siteNavigation', () => {
  it('leaves out the links of sections the tenant does not publish, in the header and the footer', () => {
    const only = siteNavigation(VARIANT_CHROME.main, new Set<ContentSection>(['news']));
    expect(hrefs(only.nav)).toEqual(['/Training-Services', '/News', '/Pricing', '/About']);
    const footer = only.footer.flatMap((group) => hrefs(group.links));
    expect(footer).toContain('/News');
    for (const gone of ['/Blog', '/Event', '/Event/Program', '/Gallery', '/Portfolio', '/Career', '/Podcasts']) {
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

  it.each(VARIANTS)('%s: reaches every section a tenant may publish, and news once', (variant) => {
    const { nav, footer } = siteNavigation(VARIANT_CHROME[variant], new Set(EVERY));
    const reached = new Set([...hrefs(nav), ...footer.flatMap((group) => hrefs(group.links))]);
    for (const section of ['/Blog', '/Podcasts', '/Tulisan-Temans', '/Event', '/Event/Program', '/Gallery', '/Portfolio', '/Career']) {
      expect(reached.has(section), section).toBe(true);
    }
    expect([reached.has('/News'), reached.has('/Berita')].filter(Boolean)).toHaveLength(1);
  });

  it('keeps a header to six links, which fit one row from 1280 px', () => {
    for (const variant of VARIANTS) expect(VARIANT_CHROME[variant].nav.length, variant).toBeLessThanOrEqual(6);
  });
});
