import { and, eq } from 'drizzle-orm';
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import { classSessions, offsetOf } from '~/lib/catalogue/class-sessions';
import type { Db } from '../db/client';
import { classes } from '../db/schema';
import { fail } from '../platform/errors';

/**
 * A class's calendar file (`GET v1/class/{code}/calendar.ics`): one VEVENT per session its weekly
 * schedule yields (lib/catalogue/class-sessions.ts), times in UTC (`DTSTART:20261201T120000Z` for
 * 19.00 WIB), UID stable per class and session so a second import updates rather than duplicates.
 * A class whose schedule cannot be read but has dates gets ONE all-day event spanning its first to
 * its last day (WIB calendar days), its description holding the schedule as written: the dates are
 * real, the times are left to the text. A class without dates is refused (404 `classCalendarEmpty`).
 */

const HOUR = 3_600_000;

/** A calendar day of an instant in WIB (where the organisers are) as the `ics` date array. */
function wibDay(instant: Date, addDays = 0): DateArray {
  const local = new Date(instant.getTime() + offsetOf('WIB') * HOUR + addDays * 24 * HOUR);
  return [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate()];
}

/** `20261201T120000Z`: a session's start as its UID carries it. */
const stamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The .ics text and its file name for a published class of the catalogue `lmsId`; 404 for any other. */
export async function classCalendar(db: Db, lmsId: string, code: string): Promise<{ filename: string; body: string }> {
  const [item] = await db
    .select({
      id: classes.id,
      code: classes.code,
      name: classes.name,
      isOnline: classes.isOnline,
      place: classes.place,
      schedule: classes.schedule,
      startsAt: classes.startsAt,
      endsAt: classes.endsAt,
    })
    .from(classes)
    .where(and(eq(classes.lmsId, lmsId), eq(classes.code, code), eq(classes.isPublished, true)));
  if (!item) throw fail('classNotFound');
  if (!item.startsAt || !item.endsAt) throw fail('classCalendarEmpty');
  const location = item.isOnline ? `Daring${item.place ? `: ${item.place}` : ''}` : item.place;
  const link = /^https?:\/\//.test(item.place) ? item.place : undefined;
  const common = {
    title: item.name,
    ...(location && { location }),
    ...(link && { url: link }),
  } satisfies Partial<EventAttributes>;
  const sessions = classSessions(item);
  const events: EventAttributes[] = sessions.length
    ? sessions.map((session) => ({
        ...common,
        uid: `kelas-${item.id}-${stamp(session.startsAt)}@${lmsId}`,
        start: Date.parse(session.startsAt),
        startInputType: 'utc',
        startOutputType: 'utc',
        end: Date.parse(session.endsAt),
        endInputType: 'utc',
        endOutputType: 'utc',
        description: `Kelas ${item.code}. Jadwal: ${item.schedule}`,
      }))
    : [
        {
          ...common,
          uid: `kelas-${item.id}-periode@${lmsId}`,
          // All-day dates: the end is the day after the last (exclusive, as iCalendar counts).
          start: wibDay(item.startsAt),
          end: wibDay(item.endsAt, 1),
          description: `Kelas ${item.code}, dari hari pertama sampai hari terakhir. Jadwal pertemuan: ${item.schedule || 'lihat halaman kelas'}`,
        },
      ];
  const { error, value } = createEvents(events, { productId: 'lms/kelas', calName: item.name });
  if (error || !value) throw error ?? new Error('ics: no calendar');
  return { filename: `${item.code}.ics`, body: value };
}
