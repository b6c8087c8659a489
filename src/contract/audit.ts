import { queryInt, z } from './mini';
import { paged } from './paged';

/*
 * The audit log: every staff write of a tenant (who, what, when, and a before/after summary of the
 * fields it changed), read by the tenant's admins newest first. zod/mini: the console's audit
 * island parses its answers with these very schemas.
 */

/** A moment in a query string: an ISO 8601 date (`2026-12-01`) or date-time with zone. */
const QueryMoment = z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
  error: 'harus tanggal ISO 8601, mis. 2026-12-01 atau 2026-12-01T09:00:00+07:00',
});

/** `GET v1/audit`: a page of entries, filtered by action (`post.update`), actor (a user id) and time. */
export const AuditListQuerySchema = z
  .object({
    page: z._default(queryInt('page'), 1),
    pageSize: z._default(queryInt('pageSize', 100), 20),
    action: z.optional(
      z
        .string()
        .check(z.trim(), z.regex(/^[a-z]+(?:\.[a-z]+)*$/, 'harus nama tindakan, mis. post.update'), z.maxLength(60, 'terlalu panjang')),
    ),
    actor: z.optional(z.uuid('harus id pengguna')),
    from: z.optional(QueryMoment),
    to: z.optional(QueryMoment),
  })
  .check(
    z.refine((query) => !query.from || !query.to || new Date(query.from) <= new Date(query.to), {
      message: 'from harus sebelum to',
      path: ['from'],
    }),
  );
export type AuditListQuery = z.output<typeof AuditListQuerySchema>;

/** What an entry keeps of a write: only the fields that changed, long texts cut to 200 characters. */
export const AuditSummarySchema = z.object({
  before: z.optional(z.record(z.string(), z.unknown())),
  after: z.optional(z.record(z.string(), z.unknown())),
});

/** One staff write; `actorId` is null once the account is gone (the name and role stay as they were). */
export const AuditEntrySchema = z.object({
  id: z.number().check(z.int()),
  actorId: z.nullable(z.string()),
  actorName: z.string(),
  actorRole: z.string(),
  action: z.string(),
  target: z.string(),
  summary: AuditSummarySchema,
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = paged(AuditEntrySchema);
