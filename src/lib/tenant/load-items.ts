import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import {
  type Career,
  CareersFileSchema,
  CategoriesFileSchema,
  type Category,
  GalleryFileSchema,
  type GalleryItem,
  POST_KINDS,
  PortfolioFileSchema,
  type PortfolioItem,
  type PostFile,
  type PostKind,
  postFileSchemaFor,
  SlugSchema,
} from './content-items';
import { fillCopyDeep } from './copy-tokens';
import { loadSiteInfo, loadTenant, SHARED_DIR, TenantFileError } from './load';
import { describeIssues } from './schema';

/**
 * Node-side reading of a tenant's content items (posts, categories, gallery, careers, portfolio) for
 * the seed and the build. Shared items come from `tenants/_shared/content/`; the tenant's own
 * `content/` adds items and replaces a shared one with the same kind and slug. Images are looked up
 * in the tenant's `assets/` first, then in `tenants/_shared/assets/`, and come out as absolute paths.
 */

/** A post: its front matter, kind and slug (from the file's folder and name), HTML content and cover file. */
export type LoadedPost = Omit<PostFile, 'cover'> & { kind: PostKind; slug: string; cover: string; content: string };
export interface TenantItems {
  categories: Record<PostKind, Category[]>;
  posts: LoadedPost[];
  gallery: GalleryItem[];
  careers: Career[];
  portfolio: PortfolioItem[];
}

const shown = (file: string) => relative(process.cwd(), file) || file;
const problem = (file: string, field: string, message: string) => `${shown(file)}: ${field}: ${message}`;
const fail = (file: string, field: string, message: string) => new TenantFileError(problem(file, field, message));

function validate<T extends z.ZodType>(schema: T, value: unknown, file: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new TenantFileError(describeIssues(shown(file), result.error));
  return result.data;
}

/** A JSON item file, or `fallback` when the folder has none (every item file is optional). */
function readItemsFile<T extends z.ZodType>(file: string, schema: T, fallback: z.infer<T>): z.infer<T> {
  if (!existsSync(file)) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw fail(file, '(root)', `JSON tidak valid: ${(error as Error).message}`);
  }
  return validate(schema, value, file);
}

/** Shared entries, then the tenant's: a tenant entry with the same slug takes the shared one's place. */
function mergeBySlug<T extends { slug: string }>(shared: readonly T[], own: readonly T[]): T[] {
  const merged = new Map(shared.map((item) => [item.slug, item]));
  for (const item of own) merged.set(item.slug, item);
  return [...merged.values()];
}

/** A JSON list from both content folders, merged, with where each surviving entry was written. */
function readMergedList<T extends { slug: string }>(dirs: readonly [string, string], name: string, schema: z.ZodType<T[]>) {
  const [shared, own] = dirs.map((dir) => readItemsFile(join(dir, name), schema, [])) as [T[], T[]];
  const at = (slug: string) => {
    const index = own.findIndex((item) => item.slug === slug);
    if (index >= 0) return { file: join(dirs[1], name), index };
    return { file: join(dirs[0], name), index: shared.findIndex((item) => item.slug === slug) };
  };
  return { items: mergeBySlug(shared, own), at };
}

/** Visible files and folders of a directory (none when it does not exist). */
function entries(dir: string) {
  return existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((entry) => !entry.name.startsWith('.')) : [];
}

/** One `posts/<kind>/<slug>.html`: YAML front matter between `---` lines, then the HTML content. */
function readPostFile(file: string, kind: PostKind, slug: string) {
  const text = readFileSync(file, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---[^\S\r\n]*(?:\r?\n|$)/.exec(text);
  if (!match) throw fail(file, 'front matter', 'blok front matter di antara baris --- tidak ada di awal file');
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch (error) {
    throw fail(file, 'front matter', `YAML tidak valid: ${(error as Error).message}`);
  }
  const front = validate(postFileSchemaFor(kind), data ?? {}, file);
  const content = text.slice(match[0].length).trim();
  if (!content) throw fail(file, 'content', 'isi HTML setelah front matter wajib diisi');
  return { kind, slug, ...front, content, file };
}
type PostRecord = ReturnType<typeof readPostFile>;

/** Every post file under `<contentDir>/posts/`, keyed by `kind/slug`. */
function readPosts(contentDir: string): Map<string, PostRecord> {
  const posts = new Map<string, PostRecord>();
  const postsDir = join(contentDir, 'posts');
  for (const folder of entries(postsDir)) {
    const path = join(postsDir, folder.name);
    if (!folder.isDirectory() || !(POST_KINDS as readonly string[]).includes(folder.name)) {
      throw fail(path, 'jenis post', `folder "${folder.name}" tidak dikenal; gunakan salah satu: ${POST_KINDS.join(', ')}`);
    }
    const kind = folder.name as PostKind;
    for (const entry of entries(path)) {
      const file = join(path, entry.name);
      if (!entry.isFile() || !entry.name.endsWith('.html')) throw fail(file, 'nama file', 'hanya file <slug>.html yang boleh ada di sini');
      const slug = entry.name.slice(0, -'.html'.length);
      if (!SlugSchema.safeParse(slug).success) {
        throw fail(file, 'slug', 'nama file: huruf kecil, angka dan tanda minus, mis. bootcamp-data.html');
      }
      posts.set(`${kind}/${slug}`, readPostFile(file, kind, slug));
    }
  }
  return posts;
}

/** Problems of one post's references: its category must exist, its parent be another top-level post of its kind. */
function postProblems(post: PostRecord, categories: TenantItems['categories'], posts: Map<string, PostRecord>): string[] {
  const found: string[] = [];
  if (!categories[post.kind].some((category) => category.slug === post.category)) {
    found.push(problem(post.file, 'category', `kategori "${post.category}" tidak ada untuk jenis "${post.kind}" di categories.json`));
  }
  if (post.parent !== undefined) {
    const parent = posts.get(`${post.kind}/${post.parent}`);
    if (!parent || post.parent === post.slug) {
      found.push(problem(post.file, 'parent', `tidak ada post induk "${post.parent}" lain berjenis "${post.kind}"`));
    } else if (parent.parent !== undefined) {
      found.push(problem(post.file, 'parent', `"${post.parent}" sendiri punya induk; induk harus post tingkat atas`));
    }
  }
  return found;
}

/**
 * Loads, merges, checks and fills the content items of tenant `code` under `root` (the `tenants/`
 * folder). Throws a `TenantFileError` naming the file and field of the first invalid file, or of
 * every broken reference (unknown category or parent, missing image) at once.
 */
export function loadTenantItems(root: string, code: string): TenantItems {
  const context = { title: loadTenant(root, code).setting.title, voice: loadSiteInfo(root, code).voice };
  const dirs = [join(root, SHARED_DIR, 'content'), join(root, code, 'content')] as const;
  const [sharedCategories, ownCategories] = dirs.map((dir) => readItemsFile(join(dir, 'categories.json'), CategoriesFileSchema, {}));
  const categories = Object.fromEntries(
    POST_KINDS.map((kind) => [kind, mergeBySlug(sharedCategories?.[kind] ?? [], ownCategories?.[kind] ?? [])]),
  ) as TenantItems['categories'];
  const gallery = readMergedList(dirs, 'gallery.json', GalleryFileSchema);
  const careers = readMergedList(dirs, 'careers.json', CareersFileSchema);
  const portfolio = readMergedList(dirs, 'portfolio.json', PortfolioFileSchema);
  const posts = new Map([...readPosts(dirs[0]), ...readPosts(dirs[1])]);

  const problems: string[] = [];
  const asset = (path: string, file: string, field: string): string => {
    const found = [join(root, code, 'assets', path), join(root, SHARED_DIR, 'assets', path)].find((candidate) => existsSync(candidate));
    if (!found)
      problems.push(problem(file, field, `gambar "${path}" tidak ada di tenants/${code}/assets/ atau tenants/${SHARED_DIR}/assets/`));
    return found ?? path;
  };

  const loadedPosts: LoadedPost[] = [...posts.values()].map((record) => {
    problems.push(...postProblems(record, categories, posts));
    const { file, ...post } = record;
    return { ...post, cover: asset(post.cover, file, 'cover') };
  });
  const galleryItems = gallery.items.map((item) => {
    const { file, index } = gallery.at(item.slug);
    return { ...item, image: asset(item.image, file, `${index}.image`) };
  });
  const portfolioItems = portfolio.items.map((item) => {
    const { file, index } = portfolio.at(item.slug);
    const image = (path: string, field: string) => asset(path, file, `${index}.${field}`);
    return {
      ...item,
      photo: image(item.photo, 'photo'),
      photos: item.photos.map((photo, at) => ({ ...photo, link: image(photo.link, `photos.${at}.link`) })),
      video: { ...item.video, thumbnail: image(item.video.thumbnail, 'video.thumbnail') },
      images: item.images.map((picture, at) => ({ ...picture, link: image(picture.link, `images.${at}.link`) })),
      cover: image(item.cover, 'cover'),
    };
  });
  if (problems.length) throw new TenantFileError(problems.join('\n'));

  // Kinds in POST_KINDS order, newest first within a kind.
  const kindOrder = (kind: PostKind) => POST_KINDS.indexOf(kind);
  loadedPosts.sort(
    (a, b) =>
      kindOrder(a.kind) - kindOrder(b.kind) || Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || a.slug.localeCompare(b.slug),
  );
  // Post content and career, job and portfolio descriptions are HTML; every other string is plain text.
  return {
    categories: fillCopyDeep(categories, context),
    posts: fillCopyDeep(loadedPosts, context, new Set(['content'])),
    gallery: fillCopyDeep(galleryItems, context),
    careers: fillCopyDeep(careers.items, context, new Set(['description'])),
    portfolio: fillCopyDeep(portfolioItems, context, new Set(['description'])),
  };
}
