/**
 * Dates and times as Indonesian readers write them, in the zone an item says: an ISO time with the
 * offset +07:00 is WIB, +08:00 WITA and +09:00 WIT (Indonesia's three zones); any other offset is
 * shown in WIB, where the organisers are.
 */

export type IndonesianZone = 'WIB' | 'WITA' | 'WIT';

const ZONES: Record<IndonesianZone, string> = { WIB: 'Asia/Jakarta', WITA: 'Asia/Makassar', WIT: 'Asia/Jayapura' };
const BY_OFFSET: Record<string, IndonesianZone> = { '+07:00': 'WIB', '+08:00': 'WITA', '+09:00': 'WIT' };

/** Each Indonesian zone's fixed UTC offset in hours (none keeps daylight saving). */
export const ZONE_OFFSET_HOURS: Record<IndonesianZone, number> = { WIB: 7, WITA: 8, WIT: 9 };

/** The fixed UTC offset of an Indonesian IANA zone (`Asia/Makassar` → 8), in hours; WIB's for any other. */
export function zoneOffsetHours(zone: string): number {
  const found = (Object.keys(ZONES) as IndonesianZone[]).find((name) => ZONES[name] === zone);
  return ZONE_OFFSET_HOURS[found ?? 'WIB'];
}

/** The Indonesian zone an ISO time is written in (by its offset); WIB otherwise. */
export function zoneOf(iso: string): IndonesianZone {
  return BY_OFFSET[/([+-]\d{2}:\d{2})$/.exec(iso)?.[1] ?? ''] ?? 'WIB';
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: IndonesianZone, options: Intl.DateTimeFormatOptions, locale = 'id-ID'): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: ZONES[zone] });
    formats.set(key, format);
  }
  return format;
}

/** `14 Agustus 2025` (a calendar date; bare dates and times count in the item's zone). */
export function formatDate(iso: string, zone: IndonesianZone = zoneOf(iso)): string {
  return formatIn(zone, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** `Sabtu, 22 Agustus 2026`. */
export function formatDay(iso: string, zone: IndonesianZone = zoneOf(iso)): string {
  return formatIn(zone, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** `08.00`. */
export function formatClock(iso: string, zone: IndonesianZone = zoneOf(iso)): string {
  return formatIn(zone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** `2026-08-22`: the calendar day in a zone, for comparing days. */
export function dayKey(iso: string, zone: IndonesianZone = zoneOf(iso)): string {
  return formatIn(zone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(new Date(iso));
}

/**
 * When something takes place, in its own zone: `Sabtu, 12 Desember 2026, 19.00–21.00 WIB` on one
 * day, `Sabtu, 22 Agustus 2026, 08.00 WIB – Minggu, 23 Agustus 2026, 17.00 WIB` across days, and
 * `Sabtu, 22 Agustus 2026, 08.00 WITA` without an end.
 */
export function formatTimeRange(startsAt: string, endsAt?: string): string {
  const zone = zoneOf(startsAt);
  const start = `${formatDay(startsAt, zone)}, ${formatClock(startsAt, zone)}`;
  if (!endsAt) return `${start} ${zone}`;
  if (dayKey(startsAt, zone) === dayKey(endsAt, zone)) return `${start}–${formatClock(endsAt, zone)} ${zone}`;
  return `${start} ${zone} – ${formatDay(endsAt, zone)}, ${formatClock(endsAt, zone)} ${zone}`;
}

/** The day and short month of a calendar badge: `{ day: '22', month: 'Agu' }`. */
export function dateBadge(iso: string): { day: string; month: string } {
  const parts = formatIn(zoneOf(iso), { day: 'numeric', month: 'short' }).formatToParts(new Date(iso));
  return {
    day: parts.find((part) => part.type === 'day')?.value ?? '',
    month: parts.find((part) => part.type === 'month')?.value ?? '',
  };
}

/**
 * A span of calendar days, in the start's zone: `3 Oktober 2026` for one day, `3–4 Oktober 2026`
 * within a month, `15 Juli – 15 September 2026` within a year, `20 Desember 2026 – 5 Januari 2027`
 * across years.
 */
export function formatDateRange(startIso: string, endIso: string): string {
  const zone = zoneOf(startIso);
  const [start, end] = [dayKey(startIso, zone), dayKey(endIso, zone)];
  if (start === end) return formatDate(startIso, zone);
  const last = formatDate(endIso, zone);
  if (start.slice(0, 7) === end.slice(0, 7)) return `${formatIn(zone, { day: 'numeric' }).format(new Date(startIso))}–${last}`;
  if (start.slice(0, 4) === end.slice(0, 4))
    return `${formatIn(zone, { day: 'numeric', month: 'long' }).format(new Date(startIso))} – ${last}`;
  return `${formatDate(startIso, zone)} – ${last}`;
}
