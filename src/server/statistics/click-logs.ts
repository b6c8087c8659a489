import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { ClickLogRequest, LogSummaryRow, LogType } from '~/contract/logger';
import type { Db } from '../db/client';
import { clickLogs } from '../db/schema';
import { servesHost, type TenantRecord } from '../platform/tenants';

/** How far a client's clock may be from the server's before its timestamp is clamped. */
const CLOCK_SKEW_MS = 24 * 3_600_000;
/** Jakarta is UTC+7 all year (no daylight saving), so a Jakarta day is a fixed 7-hour shift. */
const JAKARTA_OFFSET = '7 hours';
/** The longest span the summary counts over. */
export const SUMMARY_MAX_DAYS = 366;

/**
 * A URL as stored: origin and path only. Query strings and fragments can carry one-time codes,
 * tokens or personal data (`/CallbackAuth?code=…`), so they are never kept.
 */
export function bareUrl(value: string): string {
  if (!value) return '';
  const url = new URL(value);
  return `${url.origin}${url.pathname}`;
}

/** What the summary groups by: the path on the tenant's own hosts (or the host the call came to), `host/path` elsewhere. */
export function pageOf(value: string, tenant: TenantRecord, requestHost: string | undefined): string {
  const url = new URL(value);
  const host = url.host.toLowerCase();
  return servesHost(tenant, host) || host === requestHost?.toLowerCase() ? url.pathname : `${host}${url.pathname}`;
}

/** Stores one page load or click of a tenant's site; the client's time is kept within a day of the server's. */
export async function recordClick(db: Db, tenant: TenantRecord, log: ClickLogRequest, requestHost: string | undefined, now = new Date()) {
  const sent = Date.parse(log.timestamp);
  const at = new Date(Math.min(now.getTime() + CLOCK_SKEW_MS, Math.max(now.getTime() - CLOCK_SKEW_MS, sent)));
  await db.insert(clickLogs).values({
    lmsId: tenant.lmsId,
    type: log.type,
    fromUrl: bareUrl(log.from),
    toUrl: bareUrl(log.to),
    page: pageOf(log.to, tenant, requestHost),
    at,
  });
}

/** Whole days from `from` to `to` (YYYY-MM-DD), both counted. */
export const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

/** Counts of a tenant's logs per Jakarta day, page (the destination) and type, between two Jakarta days inclusive. */
export async function summarise(
  db: Db,
  lmsId: string,
  range: { from: string; to: string; type?: LogType | undefined },
): Promise<LogSummaryRow[]> {
  const start = new Date(`${range.from}T00:00:00+07:00`);
  const end = new Date(Date.parse(`${range.to}T00:00:00+07:00`) + 86_400_000);
  // 'UTC' is known to every server (PGlite included); the shift makes the day Jakarta's.
  const day = sql<string>`to_char((${clickLogs.at} at time zone 'UTC') + interval '${sql.raw(JAKARTA_OFFSET)}', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, page: clickLogs.page, type: clickLogs.type, count: count() })
    .from(clickLogs)
    .where(
      and(
        eq(clickLogs.lmsId, lmsId),
        gte(clickLogs.at, start),
        lt(clickLogs.at, end),
        range.type ? eq(clickLogs.type, range.type) : undefined,
      ),
    )
    .groupBy(day, clickLogs.page, clickLogs.type)
    .orderBy(day, clickLogs.page, clickLogs.type);
  return rows.map((row) => ({ day: row.day, page: row.page, type: row.type as LogType, count: Number(row.count) }));
}
