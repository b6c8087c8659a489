import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ClassCodeQuerySchema, ClassCreateSchema, ClassDeleteSchema, ClassUpdateSchema } from '~/contract/class-writes';
import {
  type ClassActiveQuery,
  ClassActiveQuerySchema,
  type ClassFilters,
  ClassListQuerySchema,
  ClassOverviewQuerySchema,
  ClassSyllabusQuerySchema,
  ClassWebinarQuerySchema,
} from '~/contract/classes';
import type { ApiDeps, ApiEnv } from '../context';
import { created, ok, page } from '../http/respond';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from '../identity';
import { announceChange } from '../platform/announce-change';
import { fail } from '../platform/errors';
import { createClass, deleteClass, updateClass } from './class-writes';
import { findClass, findClassSyllabus, listActiveClasses, listRecentClasses } from './classes';

/** The filters of a v1/class/active query as the service takes them. */
export function filtersOf(query: ClassActiveQuery): ClassFilters {
  const { page: _, pageSize: __, 'filter.type': type, ...rest } = query;
  return { ...rest, ...(type ? { type } : {}) };
}

/**
 * Classes (SPEC §7 "Classes and programs"). v1/class/active and …/elevate honour their filters only
 * when `page` is given (SPEC: the client sends them only then); without it, the first page of every
 * active class in the default order.
 */
export function classesRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);

  const active = (categorySlug?: string) =>
    app.get(categorySlug ? '/active/elevate' : '/active', token, async (c) => {
      const query = readQuery(c, ClassActiveQuerySchema);
      const paged = query.page !== undefined;
      const classes = await listActiveClasses(deps.db, c.get('tenant').catalogueLmsId, {
        page: query.page ?? 1,
        pageSize: query.pageSize,
        filters: paged ? filtersOf(query) : undefined,
        categorySlug,
      });
      return page(c, classes);
    });
  active();
  active('elevate');

  app.get('/overview', token, async (c) => {
    const found = await findClass(deps.db, c.get('tenant').catalogueLmsId, readQuery(c, ClassOverviewQuerySchema).slug);
    if (!found) throw fail('classNotFound');
    return ok(c, found);
  });

  app.get('/syllabus', token, async (c) => {
    const syllabus = await findClassSyllabus(deps.db, c.get('tenant').catalogueLmsId, readQuery(c, ClassSyllabusQuerySchema).classroomId);
    if (!syllabus) throw fail('classNotFound');
    return ok(c, syllabus);
  });

  app.get('/webinar', token, async (c) => {
    const { programIds, ...paging } = readQuery(c, ClassWebinarQuerySchema);
    return page(
      c,
      await listActiveClasses(deps.db, c.get('tenant').catalogueLmsId, { ...paging, filters: { type: 'webinar', programIds } }),
    );
  });

  app.get('/recent', token, async (c) => ok(c, await listRecentClasses(deps.db, c.get('tenant').catalogueLmsId)));

  app.get('/list', token, async (c) => {
    const query = readQuery(c, ClassListQuerySchema);
    const filters: ClassFilters = {
      state: query.state,
      search: query.search,
      sort: query.sort,
      type: query['filter.type'],
    };
    // `all`: every match on one page (at most 1000).
    return page(
      c,
      await listActiveClasses(deps.db, c.get('tenant').catalogueLmsId, {
        page: query.all ? 1 : query.page,
        pageSize: query.all ? 1000 : query.pageSize,
        filters,
        includeFinished: true,
        online: query.type === undefined ? undefined : query.type === 'online',
        preClass: query.preClass,
        programId: query.programId,
      }),
    );
  });

  // Writes (admins of the tenant): each announces a content change, so the site rebuilds the class's pages.
  // A tenant that shows another's catalogue does not write it: the owner's admins do.
  const ownCatalogue = createMiddleware<ApiEnv>(async (c, next) => {
    const tenant = c.get('tenant');
    if (tenant.catalogueLmsId !== tenant.lmsId) {
      const owner = await deps.tenants.byLmsId(tenant.catalogueLmsId);
      throw fail('catalogueShared', { owner: owner?.title ?? tenant.catalogueLmsId });
    }
    await next();
  });
  const admins = [token, requireUser(deps), requireRole('admin', 'superadmin'), ownCatalogue] as const;
  // Every site that shows this catalogue changes with it: the owner's and those sharing it by setting.
  const announce = async (c: Context<ApiEnv>, written: { id: number; slug: string }) => {
    const owner = c.get('tenant');
    const showing = (await deps.tenants.all()).filter((tenant) => tenant.catalogueLmsId === owner.lmsId);
    for (const tenant of showing) await announceChange(deps, { tenant: tenant.code, reason: 'content', ids: [written.id, written.slug] });
  };

  app.post('/create', ...admins, async (c) => {
    const item = await createClass(deps.db, c.get('tenant').lmsId, await readJson(c, ClassCreateSchema));
    await announce(c, item);
    return created(c, item, 'Kelas dibuat');
  });

  app.post('/update', ...admins, async (c) => {
    const { code } = readQuery(c, ClassCodeQuerySchema);
    const item = await updateClass(deps.db, c.get('tenant').lmsId, code, await readJson(c, ClassUpdateSchema));
    await announce(c, item);
    return ok(c, item, 'Kelas diperbarui');
  });

  app.post('/delete', ...admins, async (c) => {
    const deleted = await deleteClass(deps.db, c.get('tenant').lmsId, (await readJson(c, ClassDeleteSchema)).code);
    await announce(c, deleted);
    return ok(c, { id: deleted.id, slug: deleted.slug }, 'Kelas dihapus');
  });

  return app;
}
