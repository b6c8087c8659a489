import { describe, expect, it } from 'vitest';
import { SiteMetaSchema } from '~/contract/settings';
import { composeHead, type HeadInput } from '~/lib/seo/head';

const site = (meta: Partial<Record<string, unknown>> = {}): HeadInput['site'] => ({
  title: 'Nusantara',
  origin: 'https://demo.example.id',
  meta: SiteMetaSchema.parse({ description: '<p>Site &amp; more</p>', keywords: 'lms, bootcamp', ...meta }),
  defaultImage: '/_share/default.png',
});
const words = (n: number) => Array.from({ length: n }, (_, i) => `kata${i + 1}`).join(' ');

describe('composeHead', () => {
  it('titles the home page with the site title alone and uses the site meta', () => {
    const head = composeHead({ variant: 'main', site: site(), pathname: '/', page: 'home', copy: { title: 'Beranda' } });
    expect(head).toMatchObject({
      title: 'Nusantara',
      description: 'Site & more',
      keywords: 'lms, bootcamp',
      canonical: 'https://demo.example.id/',
      robots: 'index, follow',
      siteName: 'Nusantara',
      type: 'website',
      card: 'summary_large_image',
    });
  });

  it("prefers the variant's table entry over the page's own copy", () => {
    const head = composeHead({
      variant: 'foundation',
      site: site(),
      pathname: '/About',
      page: 'about',
      copy: { title: 'Copy', description: 'Copy text' },
    });
    expect(head.title).toBe('Tentang - Nusantara');
    expect(head.description).toMatch(/^Mengenal yayasan/);
  });

  it('falls back to the page copy when the variant has no entry, then to the site meta', () => {
    const copy = composeHead({
      variant: 'aksara',
      site: site(),
      pathname: '/About',
      page: 'about',
      copy: { title: 'Tentang Kami', description: '<b>Kami</b>' },
    });
    expect([copy.title, copy.description]).toEqual(['Tentang Kami - Nusantara', 'Kami']);
    const none = composeHead({ variant: 'aksara', site: site(), pathname: '/Welcome' });
    expect([none.title, none.description]).toEqual(['Nusantara', 'Site & more']);
  });

  it('lets the loaded item override title, description and image', () => {
    const head = composeHead({
      variant: 'community',
      site: site(),
      pathname: '/Class/abc',
      page: 'class-item',
      copy: { title: 'Copy' },
      item: { name: 'Kelas Python', title: 'ignored', description: '<p>Belajar <b>Python</b></p>', logo: '/logo.png', cover: '/cover.png' },
    });
    expect(head.title).toBe('Kelas Python - Nusantara');
    expect(head.description).toBe('Belajar Python');
    expect(head.image).toBe('https://demo.example.id/cover.png');
  });

  it('uses the item title and logo when it has no name or cover', () => {
    const head = composeHead({
      variant: 'main',
      site: site(),
      pathname: '/News/x',
      page: 'news-item',
      item: { title: 'Kabar', logo: '/l.png' },
    });
    expect([head.title, head.image]).toEqual(['Kabar - Nusantara', 'https://demo.example.id/l.png']);
  });

  it('cuts a blog item summary to 20 words + "..."', () => {
    const head = composeHead({
      variant: 'foundation',
      site: site(),
      pathname: '/Blog/7/judul',
      page: 'blog-item',
      item: { title: 'Judul', summary: `<p>${words(30)}</p>`, kind: 'blog' },
    });
    expect(head.description).toBe(`${words(20)}...`);
  });

  it('keeps the table description while the item has none', () => {
    const head = composeHead({ variant: 'elevate', site: site(), pathname: '/Class/x', page: 'class-item', item: { name: 'AI 101' } });
    expect(head.description).toBe('Detail kelas peningkatan keterampilan AI.');
  });

  it('falls back to the site meta image, then to the default share image, made absolute', () => {
    const own = composeHead({ variant: 'main', site: site({ image: 'https://cdn.example.id/og.png' }), pathname: '/Lms', page: 'lms' });
    expect(own.image).toBe('https://cdn.example.id/og.png');
    const fallback = composeHead({ variant: 'main', site: site(), pathname: '/Lms', page: 'lms' });
    expect(fallback.image).toBe('https://demo.example.id/_share/default.png');
  });

  it('follows the robots flags and site meta names, with a clean canonical', () => {
    const head = composeHead({
      variant: 'main',
      site: site({ robot_index: false, site_name: 'NL', twitter_site: '@nl' }),
      pathname: '/Courses/?page=2',
      page: 'courses',
    });
    expect(head).toMatchObject({
      robots: 'noindex, follow',
      siteName: 'NL',
      twitterSite: '@nl',
      canonical: 'https://demo.example.id/Courses',
    });
    expect(head.title).toBe('Kursus - Nusantara');
  });
});
