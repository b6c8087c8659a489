import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiDeps, ApiEnv } from '../context';
import { ok } from '../http/respond';
import { requireAppToken, requireUser } from '../identity';
import { balanceOf } from '../payments';
import { fail, isError } from '../platform/errors';
import { classCalendar } from './calendar';
import { type HomeViewer, learnerHome, taughtClasses } from './home';

const ClassCode = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/);

/**
 * The learner's home (`GET v1/user/home`, app token and a signed-in user: /Akun) and a class's
 * calendar file (`GET v1/class/{code}/calendar.ics`, app token: any published class of the catalogue
 * the tenant shows).
 */
export function learnersRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);
  const user = requireUser(deps);

  app.get('/v1/user/home', token, user, async (c) => {
    const tenant = c.get('tenant');
    const current = c.get('user');
    const viewer: HomeViewer = { userId: current.id, lmsId: tenant.lmsId, catalogueLmsId: tenant.catalogueLmsId };
    const home = await learnerHome(deps.db, viewer);
    if (current.role === 'mentor') {
      const [classes, balance] = await Promise.all([
        taughtClasses(deps.db, viewer),
        // A mentor account without a mentor profile has no balance (payouts answer the same).
        balanceOf(deps.db, current).catch((error: unknown) => {
          if (isError(error, 'mentorProfileMissing')) return null;
          throw error;
        }),
      ]);
      home.teaching = { classes, balance };
    }
    c.header('Cache-Control', 'private, no-store');
    return ok(c, home);
  });

  app.get('/v1/class/:code/calendar.ics', token, async (c) => {
    const code = ClassCode.safeParse(c.req.param('code'));
    if (!code.success) throw fail('classNotFound');
    const { filename, body } = await classCalendar(deps.db, c.get('tenant').catalogueLmsId, code.data);
    return c.body(body, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename.replace(/[^A-Za-z0-9_.-]/g, '_')}"`,
    });
  });

  return app;
}
