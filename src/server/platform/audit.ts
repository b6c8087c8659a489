import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditListQuery } from '~/contract/audit';
import type { Paged } from '~/contract/paged';
import type { Db, Tx } from '../db/client';
import { type AuditSummary, auditEntries } from '../db/schema';
import { pageOf } from './paging';

/*
 * The audit log of staff writes. A write records itself in its own transaction where it has one, so
 * an entry stands exactly when the write does; the summary keeps only the fields that changed.
 */

/** Who wrote: the signed-in user as the session has them (name and role are kept as they were). */
export interface AuditActor {
  id: string;
  name: string;
  role: string | null;
}

export interface AuditWrite {
  lmsId: string;
  actor: AuditActor;
  /** `post.create`, `settings.update`, `payout.approve`, … */
  action: string;
  /** What was written, e.g. `post:123`. */
  target: string;
  /** The record before the write (omit for a creation). */
  before?: object | undefined;
  /** The record after the write (omit for a deletion). */
  after?: object | undefined;
}

/** Texts longer than this are cut (with `…`), so an entry stays small whatever the write held. */
export const AUDIT_TEXT_LIMIT = 200;

const compact = (value: unknown): unknown => {
  if (typeof value === 'string') return value.length > AUDIT_TEXT_LIMIT ? `${value.slice(0, AUDIT_TEXT_LIMIT)}…` : value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(compact);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
  return value;
};

/** Keys that change with every write and say nothing of it. */
const NOT_CHANGES = new Set(['updatedAt']);

const same = (a: unknown, b: unknown) => JSON.stringify(compact(a)) === JSON.stringify(compact(b));

/**
 * The before/after summary of a write: with both sides, only the keys whose values differ (a key
 * missing on one side counts as changed; `updatedAt` never does); with one side, that side whole.
 * Long texts are cut.
 */
export function auditSummary(before?: object, after?: object): AuditSummary {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys =
    before && after
      ? [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((key) => !NOT_CHANGES.has(key) && !same(b[key], a[key]))
      : undefined;
  const side = (record: Record<string, unknown>) =>
    Object.fromEntries((keys ?? Object.keys(record)).filter((key) => key in record).map((key) => [key, compact(record[key])]));
  return { ...(before ? { before: side(b) } : {}), ...(after ? { after: side(a) } : {}) };
}

/** Records one staff write; pass the write's transaction so the entry stands or falls with it. */
export async function recordAudit(db: Db | Tx, write: AuditWrite): Promise<void> {
  await db.insert(auditEntries).values({
    lmsId: write.lmsId,
    actorId: write.actor.id,
    actorName: write.actor.name,
    actorRole: write.actor.role ?? '',
    action: write.action,
    target: write.target,
    summary: auditSummary(write.before, write.after),
  });
}

/** A date-only `to` (`2026-12-01`) takes in that whole day. */
const endOf = (to: string) => (/^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(new Date(to).getTime() + 86_400_000) : new Date(to));

/** A page of the tenant's entries, newest first, filtered by action, actor and time (`from` ≤ at < `to`). */
export async function listAudit(
  db: Db,
  lmsId: string,
  query: Pick<AuditListQuery, 'page' | 'pageSize' | 'action' | 'from' | 'to'> & { actorId?: string | undefined },
): Promise<Paged<AuditEntry>> {
  const conditions: SQL[] = [eq(auditEntries.lmsId, lmsId)];
  if (query.action) conditions.push(eq(auditEntries.action, query.action));
  if (query.actorId) conditions.push(eq(auditEntries.actorId, query.actorId));
  if (query.from) conditions.push(gte(auditEntries.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lt(auditEntries.createdAt, endOf(query.to)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEntries)
      .where(where)
      .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(auditEntries).where(where),
  ]);
  const items = rows.map((row) => ({
    id: row.id,
    actorId: row.actorId,
    actorName: row.actorName,
    actorRole: row.actorRole,
    action: row.action,
    target: row.target,
    summary: row.summary,
    createdAt: row.createdAt.toISOString(),
  }));
  return pageOf(items, query.page, query.pageSize, total?.n ?? 0);
}
