import { z } from 'zod';

/*
 * Click and page-load logging (SPEC §7 "Logging"). The page script sends these with `sendBeacon`
 * or a `keepalive` fetch and imports only the types; the server validates with the schemas.
 */

/** Kinds of log: the first page of a browser session, a link within the site (or to the account service), a link out. */
export const LOG_TYPES = ['page_load', 'internal_navigation', 'external'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** An address as logged: empty (no referrer) or an absolute http(s) URL, at most 2,000 characters. */
const LoggedUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'harus URL http(s) lengkap' }).max(2000)]);

/** POST v1/logger/log/click. */
export const ClickLogRequestSchema = z.strictObject({
  from: LoggedUrl,
  to: z.url({ protocol: /^https?$/, error: 'harus URL http(s) lengkap' }).max(2000),
  type: z.enum(LOG_TYPES, { error: `type harus salah satu dari: ${LOG_TYPES.join(', ')}` }),
  timestamp: z.iso.datetime({ error: 'timestamp harus waktu ISO 8601, mis. 2026-11-23T10:00:00.000Z' }),
});
export type ClickLogRequest = z.infer<typeof ClickLogRequestSchema>;

/** GET v1/logger/log/summary: counts per day (Jakarta), page and type between two days (at most 366 days). */
export const LogSummaryQuerySchema = z.strictObject({
  from: z.iso.date({ error: 'from harus tanggal YYYY-MM-DD' }),
  to: z.iso.date({ error: 'to harus tanggal YYYY-MM-DD' }),
  type: z.enum(LOG_TYPES).optional(),
});
export const LogSummaryRowSchema = z.object({
  day: z.iso.date(),
  /** The page: its path for this site's pages, `host/path` for other sites. */
  page: z.string(),
  type: z.enum(LOG_TYPES),
  count: z.number().int(),
});
export type LogSummaryRow = z.infer<typeof LogSummaryRowSchema>;
