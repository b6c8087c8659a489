import { type Context, Hono } from 'hono';
import {
  CategoryCreateSchema,
  CategoryListQuerySchema,
  CategoryUpdateSchema,
  IdQuerySchema,
  KindListQuerySchema,
  KindSlugSchema,
  LegacyPostListQuerySchema,
  PostCreateSchema,
  PostDetailQuerySchema,
  type PostKind,
  PostListQuerySchema,
  PostUpdateSchema,
  PostViewQuerySchema,
  SlugQuerySchema,
} from '~/contract/posts';
import type { ApiDeps, ApiEnv } from '../context';
import { accessTokenOf, clientAddress } from '../http/credentials';
import { HttpError, invalidInput } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireRole, requireUser, userOfToken } from '../identity';
import { announces } from '../platform/announce';
import { createCategory, deleteCategory, findCategory, listCategories, updateCategory } from './categories';
import { createPost, deletePost, findPost, listPosts, type PostWriteError, recordView, updatePost } from './posts';
import { isFirstViewToday, visitorId } from './views';

const ok = <T>(data: T, message = 'OK') => ({ statusCode: 200, message, data });

/** A refused write: 400 names the field, 404 and 409 say what was not found or is taken. */
function refuse(status: 400 | 404 | 409, error: PostWriteError): never {
  if (status === 400) throw invalidInput([error]);
  throw new HttpError(status, error.message, [error]);
}

/**
 * Posts and their categories (SPEC §7 "Posts"), read with the tenant's app token; writes need a
 * writer, admin or superadmin of that tenant.
 */
export function postsRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);
  const writers = [token, requireUser(deps), requireRole('writer', 'admin', 'superadmin'), announces(deps, 'content')] as const;
  const lms = (c: Context<ApiEnv>) => c.get('tenant').lmsId;
  /** The viewer: a signed-in user of the tenant (a valid access token), else the client address and user agent. */
  const visitorOf = async (c: Context<ApiEnv>) => {
    const credential = accessTokenOf(c);
    const user = credential && (await userOfToken(deps.db, credential.value));
    if (user && user.lmsId === lms(c)) return visitorId({ userId: user.id });
    return visitorId({ address: clientAddress(c, deps.trustProxyHops), userAgent: c.req.header('User-Agent') ?? '' });
  };

  app.get('/v3/post/list', token, async (c) => c.json(ok(await listPosts(deps.db, lms(c), readQuery(c, PostListQuerySchema)))));

  app.get('/v3/post/detail', token, async (c) => {
    const query = readQuery(c, PostDetailQuerySchema);
    const post = await findPost(deps.db, lms(c), query);
    if (!post) throw new HttpError(404, 'Post tidak ditemukan');
    return c.json(ok(post));
  });

  // Counts once per visitor per post per day (services/post-views.ts); every call answers the count.
  app.get('/v3/post/view', token, async (c) => {
    const { kindSlug, slug } = readQuery(c, PostViewQuerySchema);
    const visitor = await visitorOf(c);
    const viewed = await recordView(deps.db, lms(c), kindSlug, slug, {
      counts: (postId) => isFirstViewToday(deps.rateLimiter, visitor, postId),
    });
    if (!viewed) throw new HttpError(404, 'Post tidak ditemukan');
    return c.json(ok(viewed));
  });

  app.post('/v3/post/create', ...writers, async (c) => {
    const result = await createPost(deps.db, lms(c), await readJson(c, PostCreateSchema));
    if (!result.ok) refuse(result.status, result.error);
    return c.json({ statusCode: 201, message: 'Post dibuat', data: result.post }, 201);
  });

  app.post('/v3/post/update', ...writers, async (c) => {
    const { slug } = readQuery(c, SlugQuerySchema);
    const result = await updatePost(deps.db, lms(c), slug, await readJson(c, PostUpdateSchema));
    if (!result.ok) refuse(result.status, result.error);
    return c.json(ok(result.post, 'Post diperbarui'));
  });

  app.post('/v3/post/delete', ...writers, async (c) => {
    const { kindSlug, slug } = await readJson(c, KindSlugSchema);
    const deleted = await deletePost(deps.db, lms(c), kindSlug, slug);
    if (!deleted) throw new HttpError(404, `Post "${slug}" tidak ditemukan`);
    return c.json(ok(deleted, 'Post dihapus'));
  });

  app.get('/v3/post/kind/category/list', token, async (c) =>
    c.json(ok(await listCategories(deps.db, lms(c), readQuery(c, CategoryListQuerySchema)))),
  );

  app.get('/v3/post/kind/category/detail', token, async (c) => {
    const { kindSlug, slug } = readQuery(c, KindSlugSchema);
    const category = await findCategory(deps.db, lms(c), kindSlug, slug);
    if (!category) throw new HttpError(404, 'Kategori tidak ditemukan');
    return c.json(ok(category));
  });

  app.post('/v3/post/kind/category/create', ...writers, async (c) => {
    const result = await createCategory(deps.db, lms(c), await readJson(c, CategoryCreateSchema));
    if (!result.ok) refuse(result.status, result.error);
    return c.json({ statusCode: 201, message: 'Kategori dibuat', data: result.category }, 201);
  });

  app.post('/v3/post/kind/category/update', ...writers, async (c) => {
    const { slug } = readQuery(c, SlugQuerySchema);
    const result = await updateCategory(deps.db, lms(c), slug, await readJson(c, CategoryUpdateSchema));
    if (!result.ok) refuse(result.status, result.error);
    return c.json(ok(result.category, 'Kategori diperbarui'));
  });

  app.post('/v3/post/kind/category/delete', ...writers, async (c) => {
    const { kindSlug, slug } = await readJson(c, KindSlugSchema);
    const deleted = await deleteCategory(deps.db, lms(c), kindSlug, slug);
    if (!deleted) throw new HttpError(404, `Kategori "${slug}" tidak ditemukan`);
    return c.json(ok(deleted, 'Kategori dihapus'));
  });

  // Older list calls of SPEC §7, each a fixed kind over the same query.
  const kindList = (kindSlug: PostKind) => async (c: Context<ApiEnv>) => {
    const query = readQuery(c, KindListQuerySchema);
    return c.json(ok(await listPosts(deps.db, lms(c), { ...query, kindSlug })));
  };
  app.get('/v1/post/article/list', token, kindList('articles'));
  app.get('/v2/post/category', token, kindList('blog'));
  app.get('/v1/podcast/list', token, kindList('podcasts'));

  app.get('/v1/post/list', token, async (c) => {
    const { kind, type, active, page, pageSize } = readQuery(c, LegacyPostListQuerySchema);
    // Visitors only ever see active posts; `active=false` asks for nothing else.
    if (active === false) return c.json(ok({ items: [], page, perPage: pageSize, totalItems: 0, totalPages: 0 }));
    return c.json(ok(await listPosts(deps.db, lms(c), { kindSlug: kind, categorySlug: type, page, pageSize })));
  });

  const byId = (kindSlug?: PostKind) => async (c: Context<ApiEnv>) => {
    const { id } = readQuery(c, IdQuerySchema);
    const post = await findPost(deps.db, lms(c), { id, kindSlug });
    if (!post) throw new HttpError(404, 'Post tidak ditemukan');
    return c.json(ok(post));
  };
  app.get('/v1/post/detail', token, byId());
  app.get('/v1/podcast/detail', token, byId('podcasts'));

  return app;
}
