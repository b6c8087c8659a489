import type { AdminViewer } from '~/lib/admin/viewer';
import type { Db } from '../db/client';
import type { TenantRecord } from '../platform/tenants';
import { userOfToken } from './sessions';

/**
 * Who the staff console (/Admin) is rendered for: the account of a live session of `tenant`, or
 * undefined (no session, an ended or expired one, another tenant's). Whether the role may use the
 * console is the page's decision (lib/admin/routes.ts); every API call checks again.
 */
export async function adminViewerOf(db: Db, tenant: Pick<TenantRecord, 'lmsId'>, accessToken: string): Promise<AdminViewer | undefined> {
  const user = await userOfToken(db, accessToken);
  if (!user || user.lmsId !== tenant.lmsId || !user.role) return undefined;
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}
