import { describe, expect, it } from 'vitest';
import { robotsTxt, routeOfPageModule, sitemapXml } from '~/lib/seo/sitemap';

describe('routeOfPageModule', () => {
  it.each([
    ['./index.astro', '/'],
    ['./About.astro', '/About'],
    ['./Blog/index.astro', '/Blog'],
    ['./Training-Services/Syllabus.astro', '/Training-Services/Syllabus'],
    ['./Courses/@Premium/index.astro', '/Courses/@Premium'],
    ['./Privacy-Policy.md', '/Privacy-Policy'],
  ])('%s → %s', (module, route) => {
    expect(routeOfPageModule(module)).toBe(route);
  });

  it.each([
    './404.astro',
    './500.astro',
    './Blog/[id].astro',
    './Courses/[...slug].astro',
    './_partials/Card.astro',
    './Class/_lib/x.astro',
  ])('%s is not listed', (module) => {
    expect(routeOfPageModule(module)).toBeNull();
  });
});

describe('sitemapXml', () => {
  const xml = sitemapXml(['https://demo.example.id/', 'https://demo.example.id/a?x=1&y=<2>"\''], new Date('2025-03-04T23:30:00Z'));

  it('is a sitemaps.org urlset with one url per page and the UTC date', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain('<url><loc>https://demo.example.id/</loc><lastmod>2025-03-04</lastmod></url>');
  });

  it('escapes XML special characters in URLs', () => {
    expect(xml).toContain('<loc>https://demo.example.id/a?x=1&amp;y=&lt;2&gt;&quot;&apos;</loc>');
  });

  it('is an empty urlset for no pages', () => {
    expect(sitemapXml([], new Date(0))).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>');
  });
});

describe('robotsTxt', () => {
  it('opens the site but not the API, and points at the sitemap', () => {
    const txt = robotsTxt({ allowIndex: true, sitemapUrl: 'https://demo.example.id/sitemap.xml' });
    expect(txt).toBe('User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://demo.example.id/sitemap.xml\n');
  });

  it('closes everything when indexing is off, without a sitemap', () => {
    expect(robotsTxt({ allowIndex: false, sitemapUrl: 'https://demo.example.id/sitemap.xml' })).toBe('User-agent: *\nDisallow: /\n');
  });
});
