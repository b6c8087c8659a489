import type { ApiDeps } from '../context';
import { restKeyLmsId, tenantRestKey } from '../platform/keys';
import type { TenantRecord } from '../platform/tenants';
import { PostgrestError } from './errors';

/** What the REST routes know once the key is checked. */
export interface RestEnv {
  Variables: { tenant: TenantRecord };
}

/** The public key a tenant's site sends as `apikey` (see `tenantRestKey`). */
export const restApiKeyOf = (deps: Pick<ApiDeps, 'keys'>, tenant: { lmsId: string }) => tenantRestKey(deps.keys, tenant.lmsId);

/**
 * The tenant of the `apikey` header's value, required as Supabase's gateway in front of PostgREST
 * requires it: without one 401 PGRST302, with one that is not a key of a tenant here 401 PGRST301
 * (both `WWW-Authenticate: Bearer`). The key's tenant is the tenant of every row the call reads or writes.
 */
export async function tenantOfApiKey(deps: Pick<ApiDeps, 'keys' | 'tenants'>, header: string | undefined): Promise<TenantRecord> {
  const key = header?.trim();
  if (!key)
    throw new PostgrestError(401, 'PGRST302', 'No API key found in request', null, 'Kirim kunci publik situs di header `apikey`.', {
      'WWW-Authenticate': 'Bearer',
    });
  const lmsId = restKeyLmsId(deps.keys, key);
  const tenant = lmsId ? await deps.tenants.byLmsId(lmsId) : undefined;
  if (!tenant)
    throw new PostgrestError(401, 'PGRST301', 'Invalid API key', null, 'Periksa kunci publik situs (restApiKey di konfigurasi halaman).', {
      'WWW-Authenticate': 'Bearer error="invalid_token", error_description="Invalid API key"',
    });
  return tenant;
}
