import { Hono } from 'hono';
import { ProgramDetailQuerySchema, ProgramListQuerySchema, ProgramSchoolsQuerySchema } from '~/contract/programs';
import type { ApiDeps, ApiEnv } from '../context';
import { ok, page } from '../http/respond';
import { readQuery } from '../http/validate';
import { requireAppToken } from '../identity';
import { fail } from '../platform/errors';
import { findProgram, listProgramSchools, listPrograms } from './programs';

/** Programs (SPEC §7 "Classes and programs"): active programs, one program, a program's schools. */
export function programsRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);

  app.get('/active', token, async (c) => {
    const { page: pageNo, pageSize, ...filters } = readQuery(c, ProgramListQuerySchema);
    return page(c, await listPrograms(deps.db, c.get('tenant').catalogueLmsId, { page: pageNo, pageSize, filters }));
  });

  app.get('/active/detail', token, async (c) => {
    const program = await findProgram(deps.db, c.get('tenant').catalogueLmsId, { slug: readQuery(c, ProgramDetailQuerySchema).slug });
    if (!program) throw fail('programNotFound');
    return ok(c, program);
  });

  app.get('/schools', token, async (c) => {
    const schools = await listProgramSchools(deps.db, c.get('tenant').catalogueLmsId, readQuery(c, ProgramSchoolsQuerySchema));
    if (!schools) throw fail('programNotFound');
    return page(c, schools);
  });

  return app;
}
