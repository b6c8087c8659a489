import type { Context } from 'hono';
import { HEADERS } from '~/contract/common';
import type { ApiDeps } from '../context';
import { fail } from '../platform/errors';
import type { TenantRecord } from '../platform/tenants';

/** The tenant named by the lmsId header: the auth service's calls name it so (there is no app token on that base). */
export async function tenantOfHeader(c: Context, deps: Pick<ApiDeps, 'tenants'>): Promise<TenantRecord> {
  const lmsId = c.req.header(HEADERS.lmsId)?.trim();
  if (!lmsId) throw fail('lmsIdMissing', { fields: [{ field: HEADERS.lmsId, message: 'wajib diisi' }] });
  const tenant = await deps.tenants.byLmsId(lmsId);
  if (!tenant) throw fail('lmsIdUnknown');
  return tenant;
}
