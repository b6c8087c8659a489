import { type Context, Hono } from 'hono';
import {
  CategoryCreateSchema,
  CategoryListQuerySchema,
  CategoryUpdateSchema,
  IdQuerySchema,
  KindListQuerySchema,
  KindSlugSchema,
  LegacyPostListQuerySchema,
  ManagedPostDetailQuerySchema,
  ManagedPostListQuerySchema,
  PostAuthorsQuerySchema,
  PostCreateSchema,
  PostDeleteSchema,
  PostDetailQuerySchema,
  PostKeyQuerySchema,
  type PostKind,
  PostListQuerySchema,
  PostUpdateSchema,
  PostViewQuerySchema,
  SlugQuerySchema,
} from '~/contract/posts';
import type { ApiDeps, ApiEnv } from '../context';
import { accessTokenOf, clientAddress } from '../http/credentials';
import { created, ok, page } from '../http/respond';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireRole, requireUser, userOfToken } from '../identity';
import { announceChange } from '../platform/announce-change';
import { recordAudit } from '../platform/audit';
import { fail } from '../platform/errors';
import { pageOf } from '../platform/paging';
import { createCategory, deleteCategory, findCategory, listCategories, listManagedCategories, updateCategory } from './categories';
import { findManagedPost, listManagedPosts, listPostAuthors } from './manage';
import { createPost, deletePost, findPost, listPosts, recordView, updatePost } from './posts';
import { isFirstViewToday, visitorId } from './views';

/**
 * Posts and their categories (SPEC §7 "Posts"), read with the tenant's app token; writes need a
 * writer, admin or superadmin of that tenant.
 */
export function postsRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);
  const writers = [token, requireUser(deps), requireRole('writer', 'admin', 'superadmin')] as const;
  const lms = (c: Context<ApiEnv>) => c.get('tenant').lmsId;
  /** After each write: the tenant's content changed in the posts or categories of `ids` (its pages rebuild). */
  const announce = (c: Context<ApiEnv>, ids: (string | number)[]) =>
    announceChange(deps, { tenant: c.get('tenant').code, reason: 'content', ids });
  /** After each write that stands: the audit entry of the signed-in writer (the services write without a transaction). */
  const audit = (c: Context<ApiEnv>, action: string, target: string, sides: { before?: object; after?: object }) =>
    recordAudit(deps.db, { lmsId: lms(c), actor: c.get('user'), action, target, ...sides });
  /** The viewer: a signed-in user of the tenant (a valid access token), else the client address and user agent. */
  const visitorOf = async (c: Context<ApiEnv>) => {
    const credential = accessTokenOf(c);
    const user = credential && (await userOfToken(deps.db, credential.value));
    if (user && user.lmsId === lms(c)) return visitorId({ userId: user.id });
    return visitorId({ address: clientAddress(c, deps.trustProxyHops), userAgent: c.req.header('User-Agent') ?? '' });
  };

  app.get('/v3/post/list', token, async (c) => page(c, await listPosts(deps.db, lms(c), readQuery(c, PostListQuerySchema))));

  app.get('/v3/post/detail', token, async (c) => {
    const query = readQuery(c, PostDetailQuerySchema);
    const post = await findPost(deps.db, lms(c), query);
    if (!post) throw fail('postNotFound');
    return ok(c, post);
  });

  // Counts once per visitor per post per day (posts/views.ts); every call answers the count.
  app.get('/v3/post/view', token, async (c) => {
    const { kindSlug, slug } = readQuery(c, PostViewQuerySchema);
    const visitor = await visitorOf(c);
    const viewed = await recordView(deps.db, lms(c), kindSlug, slug, {
      counts: (postId) => isFirstViewToday(deps.rateLimiter, visitor, postId),
    });
    if (!viewed) throw fail('postNotFound');
    return ok(c, viewed);
  });

  app.post('/v3/post/create', ...writers, async (c) => {
    const post = await createPost(deps.db, lms(c), await readJson(c, PostCreateSchema));
    await audit(c, 'post.create', `post:${post.id}`, { after: post });
    await announce(c, [post.id, post.slug]);
    return created(c, post, 'Post dibuat');
  });

  // By ?slug or ?id; with `version` in the body, a post saved by someone else since is refused (409).
  app.post('/v3/post/update', ...writers, async (c) => {
    const key = readQuery(c, PostKeyQuerySchema);
    const input = await readJson(c, PostUpdateSchema);
    const before = await findManagedPost(deps.db, lms(c), { kindSlug: input.kindSlug, ...key });
    const post = await updatePost(deps.db, lms(c), key, input);
    // The version rises with every write, like updatedAt: not a change to name in the entry.
    const { version: _before, ...was } = before ?? { version: 0 };
    const { version: _after, ...is } = post;
    await audit(c, 'post.update', `post:${post.id}`, { before: was, after: is });
    await announce(c, [post.id, post.slug]);
    return ok(c, post, 'Post diperbarui');
  });

  app.post('/v3/post/delete', ...writers, async (c) => {
    const { kindSlug, slug, version } = await readJson(c, PostDeleteSchema);
    const before = await findPost(deps.db, lms(c), { kindSlug, slug }, { includeHidden: true });
    const deleted = await deletePost(deps.db, lms(c), kindSlug, slug, version);
    await audit(c, 'post.delete', `post:${deleted.id}`, { before: before ?? { kindSlug, slug } });
    await announce(c, [deleted.id]);
    return ok(c, deleted, 'Post dihapus');
  });

  // The staff console: every post of a kind whatever its status, by id, and the kind's authors for the filter.
  app.get('/v3/post/manage/list', ...writers, async (c) =>
    page(c, await listManagedPosts(deps.db, lms(c), readQuery(c, ManagedPostListQuerySchema))),
  );

  app.get('/v3/post/manage/detail', ...writers, async (c) => {
    const post = await findManagedPost(deps.db, lms(c), readQuery(c, ManagedPostDetailQuerySchema));
    if (!post) throw fail('postNotFound');
    return ok(c, post);
  });

  app.get('/v3/post/manage/authors', ...writers, async (c) => {
    const { kindSlug } = readQuery(c, PostAuthorsQuerySchema);
    return ok(c, await listPostAuthors(deps.db, lms(c), kindSlug));
  });

  app.get('/v3/post/kind/category/list', token, async (c) =>
    page(c, await listCategories(deps.db, lms(c), readQuery(c, CategoryListQuerySchema))),
  );
  app.get('/v3/post/manage/categories', ...writers, async (c) =>
    page(c, await listManagedCategories(deps.db, lms(c), readQuery(c, CategoryListQuerySchema))),
  );

  app.get('/v3/post/kind/category/detail', token, async (c) => {
    const { kindSlug, slug } = readQuery(c, KindSlugSchema);
    const category = await findCategory(deps.db, lms(c), kindSlug, slug);
    if (!category) throw fail('categoryNotFound');
    return ok(c, category);
  });

  app.post('/v3/post/kind/category/create', ...writers, async (c) => {
    const category = await createCategory(deps.db, lms(c), await readJson(c, CategoryCreateSchema));
    await audit(c, 'category.create', `category:${category.id}`, { after: category });
    await announce(c, [category.id, category.slug]);
    return created(c, category, 'Kategori dibuat');
  });

  app.post('/v3/post/kind/category/update', ...writers, async (c) => {
    const { slug } = readQuery(c, SlugQuerySchema);
    const input = await readJson(c, CategoryUpdateSchema);
    const before = await findCategory(deps.db, lms(c), input.kindSlug, slug);
    const category = await updateCategory(deps.db, lms(c), slug, input);
    await audit(c, 'category.update', `category:${category.id}`, { before: before ?? {}, after: category });
    await announce(c, [category.id, category.slug]);
    return ok(c, category, 'Kategori diperbarui');
  });

  app.post('/v3/post/kind/category/delete', ...writers, async (c) => {
    const { kindSlug, slug } = await readJson(c, KindSlugSchema);
    const before = await findCategory(deps.db, lms(c), kindSlug, slug);
    const deleted = await deleteCategory(deps.db, lms(c), kindSlug, slug);
    await audit(c, 'category.delete', `category:${deleted.id}`, { before: before ?? { kindSlug, slug } });
    await announce(c, [deleted.id]);
    return ok(c, deleted, 'Kategori dihapus');
  });

  // Older list calls of SPEC §7, each a fixed kind over the same query.
  const kindList = (kindSlug: PostKind) => async (c: Context<ApiEnv>) => {
    const query = readQuery(c, KindListQuerySchema);
    return page(c, await listPosts(deps.db, lms(c), { ...query, kindSlug }));
  };
  app.get('/v1/post/article/list', token, kindList('articles'));
  app.get('/v2/post/category', token, kindList('blog'));
  app.get('/v1/podcast/list', token, kindList('podcasts'));

  app.get('/v1/post/list', token, async (c) => {
    const query = readQuery(c, LegacyPostListQuerySchema);
    // Visitors only ever see active posts; `active=false` asks for nothing else.
    if (query.active === false) return page(c, pageOf([], query.page, query.pageSize, 0));
    return page(
      c,
      await listPosts(deps.db, lms(c), { kindSlug: query.kind, categorySlug: query.type, page: query.page, pageSize: query.pageSize }),
    );
  });

  const byId = (kindSlug?: PostKind) => async (c: Context<ApiEnv>) => {
    const { id } = readQuery(c, IdQuerySchema);
    const post = await findPost(deps.db, lms(c), { id, kindSlug });
    if (!post) throw fail('postNotFound');
    return ok(c, post);
  };
  app.get('/v1/post/detail', token, byId());
  app.get('/v1/podcast/detail', token, byId('podcasts'));

  return app;
}
