import { dayKey, zoneOf } from '~/lib/format/dates';

/**
 * How long a class runs, from its start and end (never typed in data): `1 hari`, `10 hari`,
 * `6 minggu`, `4 bulan`.
 *
 * Counting: the calendar days from the start's day to the end's day, both included, in the
 * start's zone (as the page shows the dates), so 18 Desember – 27 Januari is 41 days and a class
 * that starts and ends on one day is `1 hari`. Up to 13 days the days are said as they are; from 14
 * days (two weeks) to 91 days (thirteen weeks) in weeks, rounded to the nearest week (41 days is
 * 5.9 weeks: `6 minggu`; 17 days is `2 minggu`, 18 is `3 minggu`); longer in months of 30.44 days,
 * rounded to the nearest month. Undefined when a date is missing or the end comes before the start.
 */
export function classDuration(startsAt: string | null, endsAt: string | null): string | undefined {
  const days = calendarDays(startsAt, endsAt);
  if (days === undefined) return undefined;
  if (days < 14) return `${days} hari`;
  if (days <= 91) return `${Math.round(days / 7)} minggu`;
  return `${Math.round(days / 30.44)} bulan`;
}

const DAY_MS = 86_400_000;

/** The calendar days from the start's day to the end's, both included, in the start's zone. */
export function calendarDays(startsAt: string | null, endsAt: string | null): number | undefined {
  if (!startsAt || !endsAt || Number.isNaN(Date.parse(startsAt)) || Number.isNaN(Date.parse(endsAt))) return undefined;
  const zone = zoneOf(startsAt);
  const days = (Date.parse(`${dayKey(endsAt, zone)}T00:00:00Z`) - Date.parse(`${dayKey(startsAt, zone)}T00:00:00Z`)) / DAY_MS + 1;
  return days >= 1 ? Math.round(days) : undefined;
}
