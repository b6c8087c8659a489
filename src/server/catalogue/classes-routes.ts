import { Hono } from 'hono';
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
import { HttpError, invalidInput } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from '../identity';
import { announces } from '../platform/announce';
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
  const ok = <T>(data: T) => ({ statusCode: 200, message: 'OK', data });

  const active = (categorySlug?: string) =>
    app.get(categorySlug ? '/active/elevate' : '/active', token, async (c) => {
      const query = readQuery(c, ClassActiveQuerySchema);
      const paged = query.page !== undefined;
      const page = await listActiveClasses(deps.db, c.get('tenant').lmsId, {
        page: query.page ?? 1,
        pageSize: query.pageSize,
        filters: paged ? filtersOf(query) : undefined,
        categorySlug,
      });
      return c.json(ok(page));
    });
  active();
  active('elevate');

  app.get('/overview', token, async (c) => {
    const found = await findClass(deps.db, c.get('tenant').lmsId, readQuery(c, ClassOverviewQuerySchema).slug);
    if (!found) throw new HttpError(404, 'Kelas tidak ditemukan');
    return c.json(ok(found));
  });

  app.get('/syllabus', token, async (c) => {
    const syllabus = await findClassSyllabus(deps.db, c.get('tenant').lmsId, readQuery(c, ClassSyllabusQuerySchema).classroomId);
    if (!syllabus) throw new HttpError(404, 'Kelas tidak ditemukan');
    return c.json(ok(syllabus));
  });

  app.get('/webinar', token, async (c) => {
    const { page, pageSize, programIds } = readQuery(c, ClassWebinarQuerySchema);
    return c.json(
      ok(await listActiveClasses(deps.db, c.get('tenant').lmsId, { page, pageSize, filters: { type: 'webinar', programIds } })),
    );
  });

  app.get('/recent', token, async (c) => c.json(ok(await listRecentClasses(deps.db, c.get('tenant').lmsId))));

  app.get('/list', token, async (c) => {
    const query = readQuery(c, ClassListQuerySchema);
    const filters: ClassFilters = {
      state: query.state,
      search: query.search,
      sort: query.sort,
      type: query['filter.type'],
    };
    // `all`: every match on one page (at most 1000).
    const pageSize = query.all ? 1000 : query.pageSize;
    const page = query.all ? 1 : query.page;
    return c.json(
      ok(
        await listActiveClasses(deps.db, c.get('tenant').lmsId, {
          page,
          pageSize,
          filters,
          includeFinished: true,
          online: query.type === undefined ? undefined : query.type === 'online',
          preClass: query.preClass,
          programId: query.programId,
        }),
      ),
    );
  });

  // Writes (admins of the tenant): each announces a content change, so the site rebuilds the class's pages.
  const admins = [token, requireUser(deps), requireRole('admin', 'superadmin'), announces(deps, 'content')] as const;
  const refuse = (result: { status: 400 | 404 | 409; error: { field: string; message: string } }): never => {
    if (result.status === 400) throw invalidInput([result.error]);
    throw new HttpError(result.status, result.error.message, [result.error]);
  };

  app.post('/create', ...admins, async (c) => {
    const result = await createClass(deps.db, c.get('tenant').lmsId, await readJson(c, ClassCreateSchema));
    if (!result.ok) return refuse(result);
    return c.json({ statusCode: 201, message: 'Kelas dibuat', data: result.item }, 201);
  });

  app.post('/update', ...admins, async (c) => {
    const { code } = readQuery(c, ClassCodeQuerySchema);
    const result = await updateClass(deps.db, c.get('tenant').lmsId, code, await readJson(c, ClassUpdateSchema));
    if (!result.ok) return refuse(result);
    return c.json({ statusCode: 200, message: 'Kelas diperbarui', data: result.item });
  });

  app.post('/delete', ...admins, async (c) => {
    const result = await deleteClass(deps.db, c.get('tenant').lmsId, (await readJson(c, ClassDeleteSchema)).code);
    if (!result.ok) return refuse(result);
    return c.json({ statusCode: 200, message: 'Kelas dihapus', data: { id: result.id, slug: result.slug } });
  });

  return app;
}
