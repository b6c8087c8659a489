import { z } from 'zod';
import { envelope, partialUpdate } from './common';
import { paged } from './paged';
import { pagingQuery, QueryBool, QueryInt } from './paging';
import { UrlSchema, WebUrlSchema } from './url';

/** Post kinds of SPEC §3. */
export const POST_KINDS = ['articles', 'blog', 'news', 'podcasts', 'tulisan-temans', 'event', 'program'] as const;
export type PostKind = (typeof POST_KINDS)[number];
export const PostKindSchema = z.enum(POST_KINDS, { error: `kindSlug harus salah satu dari: ${POST_KINDS.join(', ')}` });

/**
 * A URL slug: lower-case words joined by '-'. Not digits alone: /News/{slug} and /News/{id} share a
 * segment, and SPEC §2's preload reads a number there as an id.
 */
export const SlugSchema = z
  .string()
  .trim()
  .min(1, 'slug wajib diisi')
  .max(160)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug: huruf kecil, angka dan tanda minus')
  .refine((slug) => !/^\d+$/.test(slug), 'slug tidak boleh hanya angka');

/**
 * List orders. `schedule` is an event calendar's: what has not ended yet first, soonest start first,
 * then what has ended, the latest first (by `details.startsAt`/`endsAt`, else the publication time).
 */
export const POST_SORTS = ['newest', 'oldest', 'popular', 'title', 'schedule'] as const;
export type PostSort = (typeof POST_SORTS)[number];

export const PostCategorySchema = z.object({
  id: z.number().int(),
  kindSlug: PostKindSchema,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  totalPosts: z.number().int().nonnegative(),
});
export type PostCategory = z.infer<typeof PostCategorySchema>;

/** Kind-specific fields: podcast episode and duration, event dates, place, registration link and dates. */
export const PostDetailsSchema = z.strictObject({
  episode: z.number().int().positive().optional(),
  duration: z.string().max(20).optional(),
  /** The episode's audio file: a path of the site or an http(s) URL. */
  audio: UrlSchema.optional(),
  startsAt: z.iso.datetime({ offset: true }).optional(),
  endsAt: z.iso.datetime({ offset: true }).optional(),
  location: z.string().max(300).optional(),
  registrationUrl: WebUrlSchema.refine((url) => url !== '', 'tautan pendaftaran wajib diisi').optional(),
  /** The registration the post announces: open from, and until. */
  registrationOpensAt: z.iso.datetime({ offset: true }).optional(),
  registrationClosesAt: z.iso.datetime({ offset: true }).optional(),
});
export type PostDetails = z.infer<typeof PostDetailsSchema>;

/** A post as lists show it (SPEC §3: id, title, slug, summary, cover, under a kind slug). */
export const PostSummarySchema = z.object({
  id: z.number().int(),
  kindSlug: PostKindSchema,
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  author: z.string(),
  category: PostCategorySchema.pick({ id: true, slug: true, name: true }).nullable(),
  parentId: z.number().int().nullable(),
  tags: z.array(z.string()),
  details: PostDetailsSchema,
  views: z.number().int(),
  publishedAt: z.iso.datetime({ offset: true }),
});
export type PostSummary = z.infer<typeof PostSummarySchema>;

/** A post with its (sanitised) HTML content; `version` is raised by every update (the console's edit check). */
export const PostSchema = PostSummarySchema.extend({
  content: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
  version: z.number().int().positive(),
});
export type Post = z.infer<typeof PostSchema>;

/** GET v3/post/list query (SPEC §3 "Post list filters"). */
export const PostListQuerySchema = z.strictObject({
  kindSlug: PostKindSchema,
  ...pagingQuery(10),
  search: z.string().trim().max(100, 'kata kunci maksimal 100 karakter').optional(),
  categoryId: QueryInt.optional(),
  categorySlug: SlugSchema.optional(),
  excludeId: QueryInt.optional(),
  sort: z.enum(POST_SORTS, { error: `sort harus salah satu dari: ${POST_SORTS.join(', ')}` }).default('newest'),
  isParent: QueryBool.optional(),
});
export type PostListQuery = z.infer<typeof PostListQuerySchema>;

export const PostListResponseSchema = envelope(paged(PostSummarySchema));
export const PostResponseSchema = envelope(PostSchema);

/** GET v3/post/detail: by kind and id or slug. */
export const PostDetailQuerySchema = z
  .strictObject({ kindSlug: PostKindSchema, id: QueryInt.optional(), slug: SlugSchema.optional() })
  .refine((query) => query.id !== undefined || query.slug !== undefined, { message: 'kirim id atau slug', path: ['slug'] });

/** GET v3/post/view: counts one view of a post. */
export const PostViewQuerySchema = z.strictObject({ kindSlug: PostKindSchema, slug: SlugSchema });
export const PostViewResponseSchema = envelope(z.object({ id: z.number().int(), views: z.number().int() }));

/** POST v3/post/create body. The content is HTML; the server keeps only allow-listed markup. */
export const PostCreateSchema = z.strictObject({
  kindSlug: PostKindSchema,
  title: z.string().trim().min(1, 'judul wajib diisi').max(200),
  slug: SlugSchema.optional(),
  summary: z.string().trim().max(1000).default(''),
  content: z.string().max(60_000, 'konten maksimal 60.000 karakter').default(''),
  /** Shown in `<img src>` and og:image: a path of the site (`/media/…`) or an http(s) URL. */
  cover: UrlSchema.default(''),
  author: z.string().trim().max(120).default(''),
  categoryId: z.number().int().positive().nullable().optional(),
  parentId: z.number().int().positive().nullable().optional(),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
  details: PostDetailsSchema.default({}),
  isActive: z.boolean().default(true),
  publishedAt: z.iso.datetime({ offset: true }).optional(),
});
export type PostCreate = z.input<typeof PostCreateSchema>;

/**
 * POST v3/post/update?slug or ?id body: the kind plus any field to change. With `version` (the one the
 * editor loaded), a post changed since is refused with 409 instead of overwritten.
 */
export const PostUpdateSchema = partialUpdate(PostCreateSchema.shape).extend({
  kindSlug: PostKindSchema,
  version: z.number().int().positive().optional(),
});
export type PostUpdate = z.input<typeof PostUpdateSchema>;

/** POST v3/post/update query: the post by slug or by id (both: the post must have both). */
export const PostKeyQuerySchema = z
  .strictObject({ slug: SlugSchema.optional(), id: QueryInt.optional() })
  .refine((query) => query.id !== undefined || query.slug !== undefined, { message: 'kirim id atau slug', path: ['slug'] });

/*
 * The staff console's reads (writers, admins and superadmins of the tenant): every post of a kind,
 * drafts and scheduled ones too, with what an editor needs to save safely.
 */

/** Where a post stands: `draft` (not active), `scheduled` (active, published in the future) or `published`. */
export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const PostStatusSchema = z.enum(POST_STATUSES, { error: `status harus salah satu dari: ${POST_STATUSES.join(', ')}` });

/** What the console adds to a post: its status, the active flag, the version to edit against, the last change. */
const managed = {
  status: PostStatusSchema,
  isActive: z.boolean(),
  version: z.number().int().positive(),
  updatedAt: z.iso.datetime({ offset: true }),
};

/** A row of the console's post list. */
export const ManagedPostSummarySchema = PostSummarySchema.extend(managed);
export type ManagedPostSummary = z.infer<typeof ManagedPostSummarySchema>;

/** A post as the console's editor loads it: with its content. */
export const ManagedPostSchema = PostSchema.extend(managed);
export type ManagedPost = z.infer<typeof ManagedPostSchema>;

/** GET v3/post/manage/list query: newest updated first, 20 a page (at most 50). */
export const ManagedPostListQuerySchema = z.strictObject({
  kindSlug: PostKindSchema,
  page: QueryInt.default(1),
  pageSize: QueryInt.max(50, 'maksimal 50 per halaman').default(20),
  status: PostStatusSchema.optional(),
  categoryId: QueryInt.optional(),
  /** Exact author name (trimmed; empty means any author). */
  author: z.string().trim().max(120, 'penulis maksimal 120 karakter').optional(),
  search: z.string().trim().max(100, 'kata kunci maksimal 100 karakter').optional(),
});
export type ManagedPostListQuery = z.infer<typeof ManagedPostListQuerySchema>;
export const ManagedPostListResponseSchema = envelope(paged(ManagedPostSummarySchema));

/** GET v3/post/manage/detail query. */
export const ManagedPostDetailQuerySchema = z.strictObject({ kindSlug: PostKindSchema, id: QueryInt });
export const ManagedPostResponseSchema = envelope(ManagedPostSchema);

/** GET v3/post/manage/authors query, and its answer: a kind's authors by name, each with its number of posts (any status). */
export const PostAuthorsQuerySchema = z.strictObject({ kindSlug: PostKindSchema });
export const PostAuthorSchema = z.object({ name: z.string(), posts: z.number().int().positive() });
export type PostAuthor = z.infer<typeof PostAuthorSchema>;
export const PostAuthorsResponseSchema = envelope(z.array(PostAuthorSchema));

/** POST v3/post/delete and POST v3/post/kind/category/delete body. */
export const KindSlugSchema = z.strictObject({ kindSlug: PostKindSchema, slug: SlugSchema });
/** POST v3/post/delete body: with `version`, a post changed since it was read (renamed, edited) is not deleted (409). */
export const PostDeleteSchema = KindSlugSchema.extend({ version: z.number().int().positive().optional() });
export const SlugQuerySchema = z.strictObject({ slug: SlugSchema });
export const DeletedResponseSchema = envelope(z.object({ id: z.number().int() }));

/** GET v3/post/kind/category/list query. */
export const CategoryListQuerySchema = z.strictObject({
  kindSlug: PostKindSchema,
  ...pagingQuery(10),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(['name', 'newest', 'popular'], { error: 'sort harus name, newest atau popular' }).default('name'),
  all: QueryBool.optional(),
});
/** A category as the list shows it: `posts` counts every post in it, drafts and scheduled ones too (delete is refused while any). */
export const PostCategoryListItemSchema = PostCategorySchema.extend({ posts: z.number().int().nonnegative() });
export type PostCategoryListItem = z.infer<typeof PostCategoryListItemSchema>;
export const CategoryListResponseSchema = envelope(paged(PostCategorySchema));
/** GET v3/post/manage/categories (writers): the same list, each category with `posts` of any status. */
export const ManagedCategoryListResponseSchema = envelope(paged(PostCategoryListItemSchema));
export const CategoryResponseSchema = envelope(PostCategorySchema);

/** POST v3/post/kind/category/create body; update takes the same fields, all optional but the kind. */
export const CategoryCreateSchema = z.strictObject({
  kindSlug: PostKindSchema,
  name: z.string().trim().min(1, 'nama wajib diisi').max(120),
  slug: SlugSchema.optional(),
  description: z.string().trim().max(1000).default(''),
});
export const CategoryUpdateSchema = partialUpdate(CategoryCreateSchema.shape).extend({ kindSlug: PostKindSchema });

/** GET v1/post/article/list, v2/post/category and v1/podcast/list queries (blog-like lists: 6 per page). */
export const KindListQuerySchema = z.strictObject({
  ...pagingQuery(6),
  search: z.string().trim().max(100).optional(),
  categorySlug: SlugSchema.optional(),
  excludeId: QueryInt.optional(),
});

/** GET v1/post/list query: kind, category slug as `type`, and whether only published (`active`). */
export const LegacyPostListQuerySchema = z.strictObject({
  ...pagingQuery(10),
  kind: PostKindSchema.default('news'),
  type: SlugSchema.optional(),
  active: QueryBool.optional(),
});

export const IdQuerySchema = z.strictObject({ id: QueryInt });

/** A photo of the gallery. */
export const GalleryItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  image: z.string(),
  caption: z.string(),
  takenAt: z.string().nullable(),
});
export type GalleryItem = z.infer<typeof GalleryItemSchema>;
/** GET v1/post/gallery/list?page (6 per page, SPEC §9). */
export const GalleryListQuerySchema = z.strictObject({ ...pagingQuery(6) });
export const GalleryListResponseSchema = envelope(paged(GalleryItemSchema));

/** POST v1/post/appointment/create: in forms.ts (zod/mini, the appointment island validates with it). */
export { type AppointmentCreate, AppointmentCreateSchema, AppointmentResponseSchema } from './forms';
