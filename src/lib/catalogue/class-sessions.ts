import { type IndonesianZone, ZONE_OFFSET_HOURS } from '~/lib/format/dates';

/**
 * A class's meetings from its human schedule text (`classes.schedule`) and its dates. Only the
 * LEADING weekly pattern is read: a day list (`Selasa & Kamis`, `Selasa dan Kamis`, `Senin, Rabu & Jum'at`,
 * ranges such as `Senin–Jumat`), a comma, a time span (`19.00–21.00`, ending at 24.00 at the latest)
 * and an Indonesian zone (WIB, WITA, WIT).
 * Anything after it (`(pertemuan daring)`, `; umpan balik kelompok Sabtu pagi`, another zone in
 * brackets) is left to the text. A schedule that does not start with such a pattern ("Sabtu terakhir
 * setiap bulan", "Belajar mandiri kapan saja") is unreadable: it yields no sessions, never a guessed date.
 */

/** A weekly meeting pattern: weekdays (0 Sunday … 6 Saturday), wall-clock times and their zone. */
export interface WeeklyPattern {
  days: number[];
  start: { hours: number; minutes: number };
  end: { hours: number; minutes: number };
  zone: IndonesianZone;
}

/** One meeting; both times are ISO strings written in the schedule's zone (`2026-12-01T19:00:00+07:00`). */
export interface ClassSession {
  startsAt: string;
  endsAt: string;
}

/** What the sessions are read from: the schedule text and the class's first and last day. */
export interface ScheduledClass {
  schedule: string;
  startsAt: string | Date | null;
  endsAt: string | Date | null;
}

const DAYS: Record<string, number> = { minggu: 0, senin: 1, selasa: 2, rabu: 3, kamis: 4, jumat: 5, "jum'at": 5, sabtu: 6 };
/** The most sessions one class yields (a year of weekdays and then some): a guard, not a rule. */
export const MAX_SESSIONS = 400;

const PATTERN = /^(.+?),\s*(\d{1,2})[.:](\d{2})\s*[–—-]\s*(\d{1,2})[.:](\d{2})\s+(WITA|WIB|WIT)(?![\p{L}\d])/u;

/** One item of a day list: a day (`Rabu`) or a range (`Senin–Jumat`, wrapping the week: `Jumat–Senin`). */
function daysOf(item: string): number[] | undefined {
  // `Jum’at` is written with a typographic apostrophe as often as with a plain one.
  const [from, to, ...rest] = item.split(/\s*[–—-]\s*/).map((name) => DAYS[name.toLowerCase().replace(/[’‘]/g, "'")]);
  if (from === undefined || rest.length) return undefined;
  if (to === undefined) return item.includes('–') || item.includes('-') || item.includes('—') ? undefined : [from];
  const days = [from];
  for (let day = from; day !== to; ) {
    day = (day + 1) % 7;
    days.push(day);
  }
  return days;
}

/** The leading weekly pattern of a schedule text, or undefined when it does not start with one. */
export function readSchedule(text: string): WeeklyPattern | undefined {
  const match = PATTERN.exec(text.trim());
  if (!match) return undefined;
  const [, list = '', h1, m1, h2, m2, zone] = match;
  const days = new Set<number>();
  // `Senin, Rabu dan Jumat` and `Senin, Rabu, dan Jumat` alike: an empty item between `,` and `dan` is no day.
  for (const item of list.split(/\s*(?:,|&|\bdan\b)\s*/i)) {
    if (!item.trim()) continue;
    const found = daysOf(item.trim());
    if (!found) return undefined;
    for (const day of found) days.add(day);
  }
  const start = { hours: Number(h1), minutes: Number(m1) };
  const end = { hours: Number(h2), minutes: Number(m2) };
  const minutes = (time: typeof start) => time.hours * 60 + time.minutes;
  const endOfDay = end.hours === 24 && end.minutes === 0;
  if (start.hours > 23 || (end.hours > 23 && !endOfDay) || start.minutes > 59 || end.minutes > 59 || minutes(end) <= minutes(start))
    return undefined;
  return { days: [...days].sort((a, b) => a - b), start, end, zone: zone as IndonesianZone };
}

/** The UTC offset of an Indonesian zone, in hours. */
export const offsetOf = (zone: IndonesianZone): number => ZONE_OFFSET_HOURS[zone];

/** An instant written in an Indonesian zone: `2026-12-01T19:00:00+07:00` (lib/format/dates.ts reads the zone back from it). */
export function zonedIso(instant: Date, zone: IndonesianZone): string {
  const offset = offsetOf(zone);
  const local = new Date(instant.getTime() + offset * 3_600_000).toISOString().slice(0, 19);
  return `${local}+${String(offset).padStart(2, '0')}:00`;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * Every session of the class: each day of the pattern from the calendar day of `startsAt` through the
 * calendar day of `endsAt` (both in the schedule's zone, both included), at most `MAX_SESSIONS`.
 * None when the schedule is unreadable or a date is missing (an always-open class).
 */
export function classSessions(item: ScheduledClass): ClassSession[] {
  const pattern = readSchedule(item.schedule);
  if (!pattern || !item.startsAt || !item.endsAt) return [];
  const hour = 3_600_000;
  const offset = offsetOf(pattern.zone);
  const localDay = (value: string | Date) => {
    const local = new Date(toDate(value).getTime() + offset * hour);
    return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  };
  const last = localDay(item.endsAt);
  const sessions: ClassSession[] = [];
  for (let day = localDay(item.startsAt); day <= last && sessions.length < MAX_SESSIONS; day += 24 * hour) {
    if (!pattern.days.includes(new Date(day).getUTCDay())) continue;
    const at = (time: WeeklyPattern['start']) => new Date(day + (time.hours - offset) * hour + time.minutes * 60_000);
    sessions.push({ startsAt: zonedIso(at(pattern.start), pattern.zone), endsAt: zonedIso(at(pattern.end), pattern.zone) });
  }
  return sessions;
}

/** The session under way or the next one to come at `now` (the first that has not ended); undefined when none is left or none can be read. */
export function nextSession(item: ScheduledClass, now: Date = new Date()): ClassSession | undefined {
  return classSessions(item).find((session) => Date.parse(session.endsAt) > now.getTime());
}
