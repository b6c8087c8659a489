import { Hono } from 'hono';
import type { ApiDeps, ApiEnv } from '../context';
import { accessTokenOf } from '../http/credentials';
import { ok } from '../http/respond';
import { fail } from '../platform/errors';
import { requireAppToken, requireUser } from './guards';
import { profileOf } from './users';

/** Users (SPEC §7 "Users, teams, schools"): the signed-in user's own profile. */
export function usersRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();

  // The app token names the tenant; requireUser refuses a user of another one.
  app.get('/me', requireAppToken(deps), requireUser(deps), async (c) => {
    const profile = await profileOf(deps.db, c.get('user'), accessTokenOf(c)?.value ?? '');
    if (!profile) throw fail('sessionInvalid');
    return ok(c, profile);
  });

  return app;
}
