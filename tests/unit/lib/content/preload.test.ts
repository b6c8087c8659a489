import { describe, expect, it } from 'vitest';
import { POST_KINDS } from '~/contract/posts';
import { LMS_FEATURE_SLUGS, PRELOAD_SEGMENTS, preloadTarget } from '~/lib/content/preload';

describe('preloadTarget (SPEC §2 "Server-side preload by first path segment")', () => {
  describe('news, blog, podcasts, tulisan-temans: detail by kind and slug (second segment)', () => {
    it.each([
      ['/News/kelas-akhir-pekan-untuk-pekerja', 'news', 'kelas-akhir-pekan-untuk-pekerja'],
      ['/Blog/menulis-cv-ramah-ats', 'blog', 'menulis-cv-ramah-ats'],
      ['/Podcasts/pindah-karier-ke-dunia-data-di-usia-30', 'podcasts', 'pindah-karier-ke-dunia-data-di-usia-30'],
      ['/Tulisan-Temans/menjadi-mentor-sukarela', 'tulisan-temans', 'menjadi-mentor-sukarela'],
    ])('%s → post %s/%s', (path, kindSlug, slug) => {
      expect(preloadTarget(path)).toEqual({ kind: 'post', kindSlug, slug });
    });

    it('matches the first segment in any case, as SPEC lists it lower-case', () => {
      for (const path of ['/news/a-b', '/NEWS/a-b', '/NeWs/a-b'])
        expect(preloadTarget(path)).toEqual({ kind: 'post', kindSlug: 'news', slug: 'a-b' });
      expect(preloadTarget('/tulisan-temans/x')).toEqual({ kind: 'post', kindSlug: 'tulisan-temans', slug: 'x' });
    });

    it('keeps the slug as written (only the first segment is case-insensitive)', () => {
      expect(preloadTarget('/News/Some-Slug')).toEqual({ kind: 'post', kindSlug: 'news', slug: 'Some-Slug' });
    });

    it('takes an all-digit second segment as an id (/News/{id}/{title?}, /Blog/{id}/{title?}, /Podcasts/{id}/{title?})', () => {
      expect(preloadTarget('/News/12')).toEqual({ kind: 'post-by-id', kindSlug: 'news', id: 12 });
      expect(preloadTarget('/News/12/judul-berita')).toEqual({ kind: 'post-by-id', kindSlug: 'news', id: 12 });
      expect(preloadTarget('/Blog/12/judul')).toEqual({ kind: 'post-by-id', kindSlug: 'blog', id: 12 });
      expect(preloadTarget('/Podcasts/3/episode')).toEqual({ kind: 'post-by-id', kindSlug: 'podcasts', id: 3 });
      expect(preloadTarget('/Tulisan-Temans/7')).toEqual({ kind: 'post-by-id', kindSlug: 'tulisan-temans', id: 7 });
      expect(preloadTarget('/Blog/007/x')).toEqual({ kind: 'post-by-id', kindSlug: 'blog', id: 7 });
    });

    it('takes a segment mixing digits and letters as a slug', () => {
      expect(preloadTarget('/Blog/12-tips')).toEqual({ kind: 'post', kindSlug: 'blog', slug: '12-tips' });
      expect(preloadTarget('/News/2026')).toEqual({ kind: 'post-by-id', kindSlug: 'news', id: 2026 });
      expect(preloadTarget('/News/-5')).toEqual({ kind: 'post', kindSlug: 'news', slug: '-5' });
    });

    it('preloads nothing for an id that is not a positive 32-bit whole number', () => {
      expect(preloadTarget('/Blog/0/judul')).toBeUndefined();
      expect(preloadTarget('/News/2147483648')).toBeUndefined();
      expect(preloadTarget('/News/99999999999999999999')).toBeUndefined();
      expect(preloadTarget('/News/2147483647')).toEqual({ kind: 'post-by-id', kindSlug: 'news', id: 2147483647 });
    });

    it('preloads nothing for the list pages', () => {
      for (const path of ['/News', '/News/', '/Blog', '/Podcasts//', '/Tulisan-Temans']) expect(preloadTarget(path)).toBeUndefined();
    });
  });

  describe('program: detail by id (second segment)', () => {
    it('loads the program post of /Program/{id}/{slug}', () => {
      expect(preloadTarget('/Program/5/bootcamp-data-analyst')).toEqual({ kind: 'post-by-id', kindSlug: 'program', id: 5 });
      expect(preloadTarget('/program/5')).toEqual({ kind: 'post-by-id', kindSlug: 'program', id: 5 });
    });

    it('preloads nothing for /Program, /Program/{slug} or a bad id', () => {
      for (const path of ['/Program', '/Program/bootcamp-data-analyst', '/Program/5a/x', '/Program/0', '/Program/1.5'])
        expect(preloadTarget(path)).toBeUndefined();
    });
  });

  describe('event: detail by id (fourth piece of the path, the {id} of /Event/{section}/{id})', () => {
    it('loads the program post of /Event/Program/{id}/{slug?}', () => {
      expect(preloadTarget('/Event/Program/5/slug')).toEqual({ kind: 'post-by-id', kindSlug: 'program', id: 5 });
      expect(preloadTarget('/event/program/5')).toEqual({ kind: 'post-by-id', kindSlug: 'program', id: 5 });
    });

    it('loads the career job of /Event/Careers/{id}/{slug?}', () => {
      expect(preloadTarget('/Event/Careers/3/mentor-data-analyst')).toEqual({ kind: 'career-job', id: 3 });
      expect(preloadTarget('/Event/Careers/3')).toEqual({ kind: 'career-job', id: 3 });
    });

    it('loads an event post for any other section', () => {
      expect(preloadTarget('/Event/Webinar/9/judul')).toEqual({ kind: 'post-by-id', kindSlug: 'event', id: 9 });
    });

    it('preloads nothing without an id in that position', () => {
      for (const path of [
        '/Event',
        '/Event/liga-smk-2027',
        '/Event/Program',
        '/Event/Careers',
        '/Event/Program/slug',
        '/Event/Careers/x/5',
      ])
        expect(preloadTarget(path)).toBeUndefined();
    });
  });

  describe('articles: detail by id (fifth piece of the path, the {id} of /Articles/{slug?}/Detail/{id?})', () => {
    it('loads the article of /Articles/{slug}/Detail/{id}/{title?}', () => {
      expect(preloadTarget('/Articles/x/Detail/7/judul')).toEqual({ kind: 'post-by-id', kindSlug: 'articles', id: 7 });
      expect(preloadTarget('/Articles/teknologi/detail/7')).toEqual({ kind: 'post-by-id', kindSlug: 'articles', id: 7 });
    });

    it('loads the article of /Articles/Detail/{id}/{title?} (the optional slug left out)', () => {
      expect(preloadTarget('/Articles/Detail/7/judul')).toEqual({ kind: 'post-by-id', kindSlug: 'articles', id: 7 });
    });

    it('preloads nothing for /Articles/{slug}, a missing or bad id', () => {
      for (const path of [
        '/Articles',
        '/Articles/teknologi',
        '/Articles/teknologi/Detail',
        '/Articles/teknologi/Detail/judul',
        '/Articles/teknologi/Lain/7',
        '/Articles/x/Detail/0',
      ])
        expect(preloadTarget(path)).toBeUndefined();
    });
  });

  describe('overview, courses: class overview by slug (second segment)', () => {
    it.each([
      ['/Overview/KODE-01', 'KODE-01'],
      ['/overview/web-dasar', 'web-dasar'],
      ['/Courses/python-dasar', 'python-dasar'],
      ['/Courses/python-dasar/module/m1/chapter/c1', 'python-dasar'],
      ['/Courses/@Premium/data-lanjutan', 'data-lanjutan'],
      ['/Courses/@premium/data-lanjutan/module/m/chapter/c', 'data-lanjutan'],
    ])('%s → class overview %s', (path, slug) => {
      expect(preloadTarget(path)).toEqual({ kind: 'class-overview', slug });
    });

    it('preloads nothing without a slug', () => {
      for (const path of ['/Overview', '/Overview/', '/Courses', '/Courses/@Premium']) expect(preloadTarget(path)).toBeUndefined();
    });
  });

  describe('class: slug in the second segment, or the third after competence', () => {
    it('loads /Class/{slug} and /Class/Competence/{slug}', () => {
      expect(preloadTarget('/Class/web-dasar')).toEqual({ kind: 'class-overview', slug: 'web-dasar' });
      expect(preloadTarget('/Class/Competence/junior-web-developer')).toEqual({ kind: 'class-overview', slug: 'junior-web-developer' });
      expect(preloadTarget('/class/competence/junior-web-developer')).toEqual({ kind: 'class-overview', slug: 'junior-web-developer' });
    });

    it('preloads nothing for /Class or /Class/Competence', () => {
      expect(preloadTarget('/Class')).toBeUndefined();
      expect(preloadTarget('/Class/Competence')).toBeUndefined();
      expect(preloadTarget('/Class/Competence/')).toBeUndefined();
    });
  });

  describe('belajarbersama, portfolio, lms, metamorfosa', () => {
    it('belajarbersama: the fixed festival', () => {
      expect(preloadTarget('/BelajarBersama')).toEqual({ kind: 'festival' });
      expect(preloadTarget('/belajarbersama/')).toEqual({ kind: 'festival' });
    });

    it('portfolio: the slug in the third position', () => {
      expect(preloadTarget('/Portfolio/corporate/slug')).toEqual({ kind: 'portfolio', slug: 'slug' });
      expect(preloadTarget('/Portfolio/csr/bootcamp-talenta-digital-bandung')).toEqual({
        kind: 'portfolio',
        slug: 'bootcamp-talenta-digital-bandung',
      });
      expect(preloadTarget('/Portfolio')).toBeUndefined();
      expect(preloadTarget('/Portfolio/corporate')).toBeUndefined();
    });

    it('lms: only the features coding-studio and online-quiz', () => {
      expect(LMS_FEATURE_SLUGS).toEqual(['coding-studio', 'online-quiz']);
      expect(preloadTarget('/Lms/Features/coding-studio')).toEqual({ kind: 'lms-feature', slug: 'coding-studio' });
      expect(preloadTarget('/lms/features/online-quiz')).toEqual({ kind: 'lms-feature', slug: 'online-quiz' });
      for (const path of ['/Lms', '/Lms/Features', '/Lms/Features/absensi', '/Lms/Features/Coding-Studio', '/Lms/coding-studio'])
        expect(preloadTarget(path)).toBeUndefined();
    });

    it('metamorfosa: listed by SPEC without a rule, so nothing', () => {
      expect(PRELOAD_SEGMENTS).toContain('metamorfosa');
      expect(preloadTarget('/Metamorfosa')).toBeUndefined();
      expect(preloadTarget('/Metamorfosa/buku/1')).toBeUndefined();
    });
  });

  describe('paths outside the list', () => {
    it('preload nothing', () => {
      for (const path of ['', '/', '/About', '/Berita/judul', '/Berita/Detail/5/judul', '/Career/x', '/Gallery', '/Pesilat/Class/X'])
        expect(preloadTarget(path)).toBeUndefined();
    });

    it('every listed segment but metamorfosa has a path that preloads something', () => {
      const sample: Record<string, string> = {
        news: '/news/a',
        event: '/event/program/1',
        overview: '/overview/a',
        blog: '/blog/a',
        program: '/program/1',
        class: '/class/a',
        belajarbersama: '/belajarbersama',
        portfolio: '/portfolio/csr/a',
        lms: '/lms/features/coding-studio',
        courses: '/courses/a',
        articles: '/articles/a/detail/1',
        podcasts: '/podcasts/a',
        'tulisan-temans': '/tulisan-temans/a',
      };
      for (const segment of PRELOAD_SEGMENTS.filter((name) => name !== 'metamorfosa'))
        expect(preloadTarget(sample[segment] ?? '')).toBeDefined();
    });

    it('names only kinds of the post contract', () => {
      for (const path of ['/News/a', '/Blog/1', '/Program/1', '/Event/Program/1', '/Event/x/1', '/Articles/a/Detail/1']) {
        const target = preloadTarget(path);
        expect(target && 'kindSlug' in target && POST_KINDS.includes(target.kindSlug)).toBe(true);
      }
    });
  });

  describe('what the path looks like', () => {
    it('ignores trailing and doubled slashes', () => {
      expect(preloadTarget('/News/a-b/')).toEqual({ kind: 'post', kindSlug: 'news', slug: 'a-b' });
      expect(preloadTarget('//News//a-b//')).toEqual({ kind: 'post', kindSlug: 'news', slug: 'a-b' });
      expect(preloadTarget('/Articles/x/Detail/7/')).toEqual({ kind: 'post-by-id', kindSlug: 'articles', id: 7 });
      expect(preloadTarget('News/a-b')).toEqual({ kind: 'post', kindSlug: 'news', slug: 'a-b' });
    });

    it('ignores the query string and the hash', () => {
      expect(preloadTarget('/News/a-b?page=2&slug=other')).toEqual({ kind: 'post', kindSlug: 'news', slug: 'a-b' });
      expect(preloadTarget('/News/a-b#komentar')).toEqual({ kind: 'post', kindSlug: 'news', slug: 'a-b' });
      expect(preloadTarget('/Blog/12?utm_source=x#top')).toEqual({ kind: 'post-by-id', kindSlug: 'blog', id: 12 });
      expect(preloadTarget('/News?slug=a-b')).toBeUndefined();
      expect(preloadTarget('/BelajarBersama?ref=1')).toEqual({ kind: 'festival' });
    });

    it('decodes URL-encoded segments, the first one included', () => {
      expect(preloadTarget('/News/berita%20baru')).toEqual({ kind: 'post', kindSlug: 'news', slug: 'berita baru' });
      expect(preloadTarget('/News/caf%C3%A9')).toEqual({ kind: 'post', kindSlug: 'news', slug: 'café' });
      expect(preloadTarget('/Tulisan%2DTemans/x')).toEqual({ kind: 'post', kindSlug: 'tulisan-temans', slug: 'x' });
      expect(preloadTarget('/Blog/%31%32')).toEqual({ kind: 'post-by-id', kindSlug: 'blog', id: 12 });
      expect(preloadTarget('/Portfolio/csr/a%2Fb')).toEqual({ kind: 'portfolio', slug: 'a/b' });
      expect(preloadTarget('/Courses/%40Premium/x')).toEqual({ kind: 'class-overview', slug: 'x' });
    });

    it('preloads nothing for a segment that does not decode', () => {
      expect(preloadTarget('/News/%E0%A4%A')).toBeUndefined();
      expect(preloadTarget('/News/100%')).toBeUndefined();
    });
  });
});
