import { type Context, Hono } from 'hono';
import { PeopleListQuerySchema, RoleChangeSchema } from '~/contract/people';
import { roleLabel } from '~/lib/auth/role-labels';
import type { ApiDeps, ApiEnv } from '../context';
import { ok, page } from '../http/respond';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from './guards';
import { changeRole, deactivatePerson, listPeople, reactivatePerson } from './people';

/**
 * The people of a tenant for its admins and superadmins (staff console), at `/api/v1/people`:
 * `GET list?search&role&status&page&pageSize`, `POST {id}/role {role}`, `POST {id}/deactivate`,
 * `POST {id}/reactivate`. The tenant is the app token's; another tenant's id is 404. The rules are
 * in people.ts; shapes in `src/contract/people.ts`.
 */
export function peopleRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const admins = [requireAppToken(deps), requireUser(deps), requireRole('admin', 'superadmin')] as const;
  const lms = (c: Context<ApiEnv>) => c.get('tenant').lmsId;

  app.get('/list', ...admins, async (c) => page(c, await listPeople(deps.db, lms(c), readQuery(c, PeopleListQuerySchema))));

  app.post('/:id/role', ...admins, async (c) => {
    const { role } = await readJson(c, RoleChangeSchema);
    const done = await changeRole(deps.db, lms(c), c.get('user'), c.req.param('id'), role);
    return ok(c, done.person, done.changed ? `Peran ${done.person.name} diubah menjadi ${roleLabel(role)}` : 'Peran tidak berubah');
  });

  app.post('/:id/deactivate', ...admins, async (c) => {
    const done = await deactivatePerson(deps.db, lms(c), c.get('user'), c.req.param('id'));
    const message = done.changed
      ? `Akun ${done.person.name} dinonaktifkan; ${done.endedSessions} sesi diakhiri`
      : 'Akun ini sudah nonaktif';
    return ok(c, { ...done.person, endedSessions: done.endedSessions }, message);
  });

  app.post('/:id/reactivate', ...admins, async (c) => {
    const done = await reactivatePerson(deps.db, lms(c), c.get('user'), c.req.param('id'));
    return ok(c, done.person, done.changed ? `Akun ${done.person.name} diaktifkan kembali` : 'Akun ini sudah aktif');
  });

  return app;
}
