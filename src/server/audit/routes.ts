import { Hono } from 'hono';
import { AuditListQuerySchema } from '~/contract/audit';
import type { ApiDeps, ApiEnv } from '../context';
import { page } from '../http/respond';
import { readQuery } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from '../identity';
import { listAudit } from '../platform/audit';

/** The audit log of staff writes, read by the tenant's admins (`GET v1/audit`, newest first). */
export function auditRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const admins = [requireAppToken(deps), requireUser(deps), requireRole('admin', 'superadmin')] as const;

  app.get('/', ...admins, async (c) => {
    const { actor, ...query } = readQuery(c, AuditListQuerySchema);
    return page(c, await listAudit(deps.db, c.get('tenant').lmsId, { ...query, actorId: actor }));
  });

  return app;
}
