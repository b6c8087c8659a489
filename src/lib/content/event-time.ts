/**
 * Dates and times of events as Indonesian readers write them, in Western Indonesian Time (the
 * seeded events and the organiser are in Java; an event's own zone is not stored).
 */

const ZONE = 'Asia/Jakarta';
const ZONE_LABEL = 'WIB';

const dayFormat = new Intl.DateTimeFormat('id-ID', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: ZONE });
const timeFormat = new Intl.DateTimeFormat('id-ID', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ZONE });
const dateKey = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: ZONE });
const badgeFormat = new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'short', timeZone: ZONE });

/** `Sabtu, 22 Agustus 2026`. */
export function formatEventDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

/** `08.00`. */
export function formatEventClock(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/**
 * When an event takes place: `Sabtu, 12 Desember 2026, 19.00–21.00 WIB` on one day,
 * `Sabtu, 22 Agustus 2026, 08.00 WIB – Minggu, 23 Agustus 2026, 17.00 WIB` across days, and
 * `Sabtu, 22 Agustus 2026, 08.00 WIB` without an end.
 */
export function formatEventTime(startsAt: string, endsAt?: string): string {
  const start = `${formatEventDay(startsAt)}, ${formatEventClock(startsAt)}`;
  if (!endsAt) return `${start} ${ZONE_LABEL}`;
  if (dateKey.format(new Date(startsAt)) === dateKey.format(new Date(endsAt))) {
    return `${start}–${formatEventClock(endsAt)} ${ZONE_LABEL}`;
  }
  return `${start} ${ZONE_LABEL} – ${formatEventDay(endsAt)}, ${formatEventClock(endsAt)} ${ZONE_LABEL}`;
}

/** The day and short month of a calendar badge: `{ day: '22', month: 'Agu' }`. */
export function eventBadge(iso: string): { day: string; month: string } {
  const parts = badgeFormat.formatToParts(new Date(iso));
  return {
    day: parts.find((part) => part.type === 'day')?.value ?? '',
    month: parts.find((part) => part.type === 'month')?.value ?? '',
  };
}

/** Events by when they start, the latest first; one without a start date goes by its publication date. */
export function byEventStart<T extends { publishedAt: string; details: { startsAt?: string | undefined } }>(a: T, b: T): number {
  return Date.parse(b.details.startsAt ?? b.publishedAt) - Date.parse(a.details.startsAt ?? a.publishedAt);
}
