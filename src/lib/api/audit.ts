import { type AuditEntry, AuditPageSchema } from '~/contract/audit';
import { envelope } from '~/contract/common';
import type { Paged } from '~/contract/paged';
import type { ApiClient, RequestOptions } from './client';

/*
 * The audit log of a tenant's staff writes (who, what, when, the fields changed), read by its admins
 * and superadmins in the staff console (others get 403), at `v1/audit` on the main base.
 */

/** GET v1/audit query; 20 entries a page unless said otherwise (at most 100). */
export interface AuditListParams {
  /** One action, e.g. `post.update`. */
  action?: string | undefined;
  /** The acting account's user id. */
  actor?: string | undefined;
  /** ISO 8601 date (`2026-12-01`) or date-time with zone; entries from then on. */
  from?: string | undefined;
  /** ISO 8601 date (that whole day included) or date-time with zone (entries before it). */
  to?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

const AuditListResponseSchema = envelope(AuditPageSchema);

/** GET v1/audit: a page of the tenant's audit entries, newest first, filtered by action, actor and time. */
export async function listAudit(client: ApiClient, query: AuditListParams = {}, options?: RequestOptions): Promise<Paged<AuditEntry>> {
  return (await client.call('main', 'v1/audit', AuditListResponseSchema, { ...options, query: { ...query } })).data;
}
