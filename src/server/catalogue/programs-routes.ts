import { Hono } from 'hono';
import { ProgramDetailQuerySchema, ProgramListQuerySchema, ProgramSchoolsQuerySchema } from '~/contract/programs';
import type { ApiDeps, ApiEnv } from '../context';
import { HttpError } from '../http/errors';
import { readQuery } from '../http/validate';
import { requireAppToken } from '../identity';
import { findProgram, listProgramSchools, listPrograms } from './programs';

/** Programs (SPEC §7 "Classes and programs"): active programs, one program, a program's schools. */
export function programsRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);
  const ok = <T>(data: T) => ({ statusCode: 200, message: 'OK', data });

  app.get('/active', token, async (c) => {
    const { page, pageSize, ...filters } = readQuery(c, ProgramListQuerySchema);
    return c.json(ok(await listPrograms(deps.db, c.get('tenant').lmsId, { page, pageSize, filters })));
  });

  app.get('/active/detail', token, async (c) => {
    const program = await findProgram(deps.db, c.get('tenant').lmsId, { slug: readQuery(c, ProgramDetailQuerySchema).slug });
    if (!program) throw new HttpError(404, 'Program tidak ditemukan');
    return c.json(ok(program));
  });

  app.get('/schools', token, async (c) => {
    const page = await listProgramSchools(deps.db, c.get('tenant').lmsId, readQuery(c, ProgramSchoolsQuerySchema));
    if (!page) throw new HttpError(404, 'Program tidak ditemukan');
    return c.json(ok(page));
  });

  return app;
}
