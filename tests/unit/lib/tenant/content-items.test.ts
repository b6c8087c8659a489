import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PORTFOLIO_KINDS, POST_KINDS } from '~/lib/tenant/content-items';
import { listTenantCodes, loadTenant, TenantFileError } from '~/lib/tenant/load';
import { loadTenantItems } from '~/lib/tenant/load-items';

const tenantsRoot = join(process.cwd(), 'tenants');
const words = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;

describe('shipped content items', () => {
  const codes = listTenantCodes(tenantsRoot);

  const live = codes.filter((code) => loadTenant(tenantsRoot, code).setting.isMaintenance === false);

  it.each(codes)('%s: loads, validates and fills every copy token', (code) => {
    const items = loadTenantItems(tenantsRoot, code);
    expect(JSON.stringify(items)).not.toMatch(/\{\{/);
    for (const post of items.posts) expect(statSync(post.cover).isFile(), post.cover).toBe(true);
  });

  it.each(live)('%s: publishes content of its own in every section a visitor reaches', (code) => {
    const items = loadTenantItems(tenantsRoot, code);
    const count = (kind: string) => items.posts.filter((post) => post.kind === kind).length;
    expect(count('news'), 'news').toBeGreaterThanOrEqual(4);
    expect(count('blog'), 'blog').toBeGreaterThanOrEqual(3);
    expect(count('event'), 'event').toBeGreaterThanOrEqual(4);
    expect(count('program'), 'program').toBeGreaterThanOrEqual(2);
    expect(items.gallery.length, 'gallery').toBeGreaterThanOrEqual(6);
    expect(items.careers.length, 'careers').toBeGreaterThanOrEqual(1);
    expect(items.portfolio.length, 'portfolio').toBeGreaterThanOrEqual(2);
  });

  it('gives every brand its own posts: no title appears on two sites', () => {
    const seen = new Map<string, string>();
    const shared: string[] = [];
    for (const code of live) {
      for (const post of loadTenantItems(tenantsRoot, code).posts) {
        const other = seen.get(post.title);
        if (other) shared.push(`${post.title} (${other}, ${code})`);
        seen.set(post.title, code);
      }
    }
    expect(shared).toEqual([]);
  });

  const demo = loadTenantItems(tenantsRoot, 'demo');
  const ofKind = (kind: string) => demo.posts.filter((post) => post.kind === kind);

  it('has posts of every kind, three podcast episodes and events with a time and place', () => {
    const minimum = { news: 8, blog: 8, articles: 5, podcasts: 3, 'tulisan-temans': 3, event: 4, program: 3 };
    for (const kind of POST_KINDS) expect(ofKind(kind).length, kind).toBeGreaterThanOrEqual(minimum[kind]);
    expect(ofKind('podcasts').map((post) => post.episode)).toEqual(expect.arrayContaining([1, 2, 3]));
    for (const post of ofKind('event')) expect(Date.parse(post.endsAt ?? '')).toBeGreaterThanOrEqual(Date.parse(post.startsAt ?? ''));
  });

  it('gives each kind 2–4 categories and two program parents with children', () => {
    for (const kind of POST_KINDS) expect(demo.categories[kind].length, kind).toBeGreaterThanOrEqual(2);
    for (const kind of POST_KINDS) expect(demo.categories[kind].length, kind).toBeLessThanOrEqual(4);
    const parents = new Set(ofKind('program').flatMap((post) => (post.parent ? [post.parent] : [])));
    expect(parents.size).toBe(2);
  });

  it('writes real copy: 250–700 words per post, an embed, a table and shared search words', () => {
    for (const post of demo.posts) {
      expect(words(post.content), `${post.kind}/${post.slug}`).toBeGreaterThanOrEqual(250);
      expect(words(post.content), `${post.kind}/${post.slug}`).toBeLessThanOrEqual(700);
    }
    expect(demo.posts.some((post) => /<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}"/.test(post.content))).toBe(true);
    expect(demo.posts.some((post) => post.content.includes('<table>'))).toBe(true);
    for (const word of ['bootcamp', 'beasiswa', 'SMK', 'data']) {
      expect(demo.posts.filter((post) => post.content.includes(word)).length, word).toBeGreaterThanOrEqual(5);
    }
  });

  it('has a gallery and two careers with jobs', () => {
    expect(demo.gallery.length).toBeGreaterThanOrEqual(12);
    expect(demo.careers).toHaveLength(2);
    for (const career of demo.careers) expect(career.jobs.length).toBeGreaterThanOrEqual(2);
  });

  it('has corporate, government and CSR portfolio items, with the bootcamp claiming 100% and 9 hires', () => {
    expect(new Set(demo.portfolio.map((item) => item.kind))).toEqual(new Set(PORTFOLIO_KINDS));
    const bootcamp = demo.portfolio.find((item) => item.kind === 'csr' && /bootcamp/i.test(item.title));
    expect(bootcamp).toMatchObject({ value: '100%', figure: '9 lulusan direkrut' });
    expect(bootcamp?.summary).toMatch(/100%.*9 lulusan direkrut/);
    expect(bootcamp?.description).toContain('9 lulusan direkrut');
  });

  it('ships small, self-contained SVG covers', () => {
    const dir = join(tenantsRoot, '_shared', 'assets', 'covers');
    const covers = readdirSync(dir).filter((name) => name.endsWith('.svg'));
    expect(covers.length).toBeGreaterThanOrEqual(12);
    for (const name of covers) {
      const svg = readFileSync(join(dir, name), 'utf8');
      expect(svg.length, name).toBeLessThan(6 * 1024);
      expect(svg, name).toContain('viewBox="0 0 1200 630"');
      expect(svg, name).not.toMatch(/<script|href=|url\((?!#)|<text/i);
    }
  });
});

/** A tenants/ folder in a temp dir with one tenant, so broken files can be written freely. */
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tenant-items-'));
  write('demo/tenant.json', {
    code: 'demo',
    lmsId: 'lms-demo',
    appCode: 'DEMO',
    hosts: ['demo.example.id'],
    setting: { title: 'Belajar & Berkarya', logoDark: 'a.svg', logoLight: 'b.svg', favicon: 'c.svg', css: {} },
  });
  write('demo/content/site.json', {
    tagline: 'Belajar bersama',
    summary: 'Tempat belajar.',
    voice: 'kamu',
    contact: { email: 'halo@demo.example.id', phone: '(022) 1', whatsapp: '6281200000000', address: 'Bandung' },
  });
  write('_shared/content/categories.json', { news: [{ slug: 'pengumuman', name: 'Pengumuman', description: 'Kabar {{site}}' }] });
  write('_shared/assets/covers/a.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('_shared/content/posts/news/kabar.html', post({ title: 'Kabar dari {{site}}' }, '<p>Isi bersama {{site}}.</p>'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, content: unknown): string {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return relative(process.cwd(), file);
}

const front = {
  title: 'Judul',
  summary: 'Ringkas.',
  category: 'pengumuman',
  cover: 'covers/a.svg',
  publishedAt: '2025-08-14',
  author: 'Tim',
};
function post(fields: Record<string, unknown>, body = '<p>Isi.</p>'): string {
  const yaml = Object.entries({ ...front, ...fields })
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${yaml.join('\n')}\n---\n${body}\n`;
}

function loadError(): string {
  try {
    loadTenantItems(root, 'demo');
  } catch (error) {
    if (error instanceof TenantFileError) return error.message;
    throw error;
  }
  throw new Error('loadTenantItems did not throw');
}

describe('loadTenantItems', () => {
  it('fills {{site}}, escaped in HTML, and resolves covers to files', () => {
    const [item] = loadTenantItems(root, 'demo').posts;
    expect(item).toMatchObject({ kind: 'news', slug: 'kabar', title: 'Kabar dari Belajar & Berkarya', tags: [] });
    expect(item?.content).toBe('<p>Isi bersama Belajar &amp; Berkarya.</p>');
    expect(item?.publishedAt).toBe('2025-08-14T00:00:00+07:00');
    expect(item?.cover).toBe(join(root, '_shared', 'assets', 'covers', 'a.svg'));
  });

  it('lets a tenant replace a shared post, add its own and use its own cover', () => {
    write('demo/content/posts/news/kabar.html', post({ title: 'Versi tenant' }));
    write('demo/content/posts/blog/catatan.html', post({ category: 'catatan', cover: 'covers/b.svg' }));
    write('demo/content/categories.json', { blog: [{ slug: 'catatan', name: 'Catatan', description: 'Catatan tenant' }] });
    write('demo/assets/covers/b.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const { posts, categories } = loadTenantItems(root, 'demo');
    expect(posts.map((item) => [item.kind, item.slug, item.title])).toEqual([
      ['blog', 'catatan', 'Judul'],
      ['news', 'kabar', 'Versi tenant'],
    ]);
    expect(posts[0]?.cover).toBe(join(root, 'demo', 'assets', 'covers', 'b.svg'));
    expect(categories.news.map((category) => category.description)).toEqual(['Kabar Belajar & Berkarya']);
  });

  it('names the file and field of a post without a title', () => {
    const shown = write('_shared/content/posts/news/kabar.html', post({ title: undefined }));
    expect(loadError()).toMatch(new RegExp(`^${escapeRegExp(shown)}: title: `));
  });

  it('names the file and field of an unknown category, parent and cover, all at once', () => {
    const shown = write(
      '_shared/content/posts/news/kabar.html',
      post({ category: 'gosip', parent: 'hilang', cover: 'covers/tidak-ada.svg' }),
    );
    const lines = loadError().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^${escapeRegExp(shown)}: category: kategori "gosip"`)),
      expect.stringMatching(new RegExp(`^${escapeRegExp(shown)}: parent: `)),
      expect.stringMatching(new RegExp(`^${escapeRegExp(shown)}: cover: gambar "covers/tidak-ada.svg"`)),
    ]);
  });

  it('names an unknown kind folder', () => {
    write('_shared/content/posts/berita-lama/kabar.html', post({}));
    expect(loadError()).toMatch(/posts[\\/]berita-lama: jenis post: folder "berita-lama" tidak dikenal/);
  });

  it('asks podcasts for an episode and events for a time and place', () => {
    write('_shared/content/categories.json', {
      podcasts: [{ slug: 'obrolan', name: 'Obrolan', description: 'x' }],
      event: [{ slug: 'webinar', name: 'Webinar', description: 'x' }],
    });
    rmSync(join(root, '_shared/content/posts/news'), { recursive: true });
    const shown = write('_shared/content/posts/podcasts/eps-1.html', post({ category: 'obrolan', duration: '42:15' }));
    expect(loadError()).toBe(`${shown}: episode: episode wajib diisi untuk podcasts`);
    write('_shared/content/posts/podcasts/eps-1.html', post({ category: 'obrolan', duration: '42:15', episode: 1 }));
    const event = write('_shared/content/posts/event/temu.html', post({ category: 'webinar', startsAt: '2026-12-12T19:00:00+07:00' }));
    expect(
      loadError()
        .split('\n')
        .map((line) => line.split(': ')[1]),
    ).toEqual(['endsAt', 'location']);
    expect(loadError()).toContain(event);
  });

  it('names the file and field of bad gallery, careers and portfolio entries', () => {
    const gallery = write('_shared/content/gallery.json', [
      { slug: 'foto', title: 'Foto', image: 'covers/hilang.svg', caption: 'Keterangan', takenAt: '2025-08-14' },
    ]);
    expect(loadError()).toMatch(new RegExp(`^${escapeRegExp(gallery)}: 0\\.image: gambar "covers/hilang.svg"`));
    write('_shared/content/gallery.json', []);
    const portfolio = write('_shared/content/portfolio.json', [{ slug: 'x', kind: 'ngo' }]);
    expect(loadError()).toContain(`${portfolio}: 0.kind: jenis portofolio harus salah satu dari: corporate, government, csr`);
    const careers = write('_shared/content/careers.json', '[{ "slug": "x", }]');
    expect(loadError()).toMatch(new RegExp(`^${escapeRegExp(careers)}: \\(root\\): JSON tidak valid`));
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
