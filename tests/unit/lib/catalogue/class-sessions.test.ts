import { describe, expect, it } from 'vitest';
import { classSessions, nextSession, readSchedule, zonedIso } from '~/lib/catalogue/class-sessions';
import { formatTimeRange } from '~/lib/format/dates';
import { loadTenantCatalogue } from '~/lib/tenant/catalogue-file';
import { listTenantCodes } from '~/lib/tenant/load';

/** Every schedule text the shipped tenants' classes carry. */
const SCHEDULES = [
  ...new Set(listTenantCodes('tenants').flatMap((code) => loadTenantCatalogue('tenants', code).classes.map((item) => item.schedule))),
].sort();

/**
 * The schedules read knowingly as no weekly pattern: a monthly rhythm, self-paced study, or a choice
 * of days, or none given. Each must yield no sessions (the home shows the text instead of a made-up date).
 */
const UNREADABLE = [
  /^$/, // no schedule given
  /^Belajar mandiri kapan saja/,
  /setiap bulan/,
  /^Dua pertemuan satu lawan satu, Selasa atau Kamis/,
];

const DAY_NUMBERS = { Minggu: 0, Senin: 1, Selasa: 2, Rabu: 3, Kamis: 4, Jumat: 5, Sabtu: 6 } as const;

describe('reading a class schedule', () => {
  it('finds the schedules in the tenant files', () => {
    expect(SCHEDULES.length).toBeGreaterThan(40);
  });

  it.each(SCHEDULES)('"%s" is either read or knowingly unreadable', (schedule) => {
    const pattern = readSchedule(schedule);
    const unreadable = UNREADABLE.some((rule) => rule.test(schedule));
    if (unreadable) {
      expect(pattern, 'a schedule listed as unreadable yields no pattern').toBeUndefined();
      expect(classSessions({ schedule, startsAt: '2026-12-01T00:00:00Z', endsAt: '2027-01-31T00:00:00Z' })).toEqual([]);
      return;
    }
    expect(pattern, 'a weekly schedule is read').toBeDefined();
    if (!pattern) return;
    // What was read is what the text says first: its zone and its start time.
    const [, clock = '', zone] = /(\d{2}\.\d{2})–\d{2}\.\d{2} (WITA|WIB|WIT)/.exec(schedule) ?? [];
    expect(pattern.zone).toBe(zone);
    expect(`${String(pattern.start.hours).padStart(2, '0')}.${String(pattern.start.minutes).padStart(2, '0')}`).toBe(clock);
    // Every day the leading day list names is a meeting day.
    const leading = schedule.split(/, \d/)[0] ?? '';
    for (const [name, day] of Object.entries(DAY_NUMBERS))
      if (new RegExp(`\\b${name}\\b`).test(leading)) expect(pattern.days).toContain(day);
  });

  it('reads day lists, ranges and zones', () => {
    expect(readSchedule('Selasa & Kamis, 19.00–21.00 WIB')).toEqual({
      days: [2, 4],
      start: { hours: 19, minutes: 0 },
      end: { hours: 21, minutes: 0 },
      zone: 'WIB',
    });
    expect(readSchedule('Senin–Jumat, 08.00–16.00 WITA')?.days).toEqual([1, 2, 3, 4, 5]);
    expect(readSchedule('Kamis–Sabtu, 08.30–16.00 WITA')?.days).toEqual([4, 5, 6]);
    expect(readSchedule('Senin, Rabu & Jumat, 19.00–21.30 WIB; umpan balik kelompok Sabtu pagi')).toMatchObject({
      days: [1, 3, 5],
      end: { hours: 21, minutes: 30 },
    });
    // The leading zone counts; the bracketed one is for readers elsewhere.
    expect(readSchedule('Sabtu, 10.00–12.00 WITA (11.00–13.00 WIT)')).toMatchObject({ days: [6], zone: 'WITA' });
    expect(readSchedule('Sabtu, 09.00–11.00 WIT')?.zone).toBe('WIT');
  });

  it('reads "dan" between days and Jum\'at with either apostrophe', () => {
    expect(readSchedule('Selasa dan Kamis, 19.00–21.00 WIB')?.days).toEqual([2, 4]);
    expect(readSchedule('Senin, Rabu, dan Jumat, 19.00–21.00 WIB')?.days).toEqual([1, 3, 5]);
    expect(readSchedule("Jum'at, 13.00–15.00 WIB")?.days).toEqual([5]);
    expect(readSchedule('Kamis & Jum’at, 13.00–15.00 WITA')?.days).toEqual([4, 5]);
    expect(readSchedule('Senin–Jum’at, 08.00–16.00 WIB')?.days).toEqual([1, 2, 3, 4, 5]);
  });

  it('ends a day at 24.00 at the latest', () => {
    expect(readSchedule('Sabtu, 22.00–24.00 WIB')?.end).toEqual({ hours: 24, minutes: 0 });
    expect(
      classSessions({ schedule: 'Sabtu, 22.00–24.00 WIB', startsAt: '2026-12-05T00:00:00+07:00', endsAt: '2026-12-05T23:59:00+07:00' }),
    ).toEqual([{ startsAt: '2026-12-05T22:00:00+07:00', endsAt: '2026-12-06T00:00:00+07:00' }]);
    for (const text of ['Sabtu, 22.00–24.30 WIB', 'Sabtu, 22.00–25.00 WIB', 'Sabtu, 24.00–24.00 WIB'])
      expect(readSchedule(text), text).toBeUndefined();
  });

  it('refuses what is not a weekly pattern', () => {
    for (const text of [
      'Sabtu terakhir setiap bulan, 15.00–18.00 WIB',
      'Belajar mandiri kapan saja',
      'Senin pagi, 09.00–10.00 WIB',
      'Senin, 21.00–19.00 WIB',
      'Senin, 19.00–21.00 WIBX',
      'Senin, 19.00–21.00',
      'Selasa atau Kamis, 19.00–21.00 WIB',
      '',
    ])
      expect(readSchedule(text), text).toBeUndefined();
  });
});

describe('the sessions of a class', () => {
  // Tuesday 1 December 2026 to Thursday 10 December 2026, Jakarta time.
  const item = { schedule: 'Selasa & Kamis, 19.00–21.00 WIB', startsAt: '2026-11-30T17:00:00Z', endsAt: '2026-12-10T10:00:00Z' };

  it('yields each meeting day from the first day through the last, in the schedule’s zone', () => {
    expect(classSessions(item)).toEqual([
      { startsAt: '2026-12-01T19:00:00+07:00', endsAt: '2026-12-01T21:00:00+07:00' },
      { startsAt: '2026-12-03T19:00:00+07:00', endsAt: '2026-12-03T21:00:00+07:00' },
      { startsAt: '2026-12-08T19:00:00+07:00', endsAt: '2026-12-08T21:00:00+07:00' },
      { startsAt: '2026-12-10T19:00:00+07:00', endsAt: '2026-12-10T21:00:00+07:00' },
    ]);
    expect(Date.parse(classSessions(item)[0]?.startsAt ?? '')).toBe(Date.parse('2026-12-01T12:00:00Z'));
  });

  it('counts calendar days in the zone: 23.00 UTC is already the next day in Makassar', () => {
    const wita = { schedule: 'Rabu, 08.00–10.00 WITA', startsAt: '2026-12-01T23:00:00Z', endsAt: '2026-12-02T23:00:00Z' };
    expect(classSessions(wita)).toEqual([{ startsAt: '2026-12-02T08:00:00+08:00', endsAt: '2026-12-02T10:00:00+08:00' }]);
    expect(Date.parse(classSessions(wita)[0]?.startsAt ?? '')).toBe(Date.parse('2026-12-02T00:00:00Z'));
  });

  it('gives the next session after now, the one under way included, and none after the last', () => {
    expect(nextSession(item, new Date('2026-11-01T00:00:00Z'))?.startsAt).toBe('2026-12-01T19:00:00+07:00');
    expect(nextSession(item, new Date('2026-12-01T13:00:00Z'))?.startsAt).toBe('2026-12-01T19:00:00+07:00');
    expect(nextSession(item, new Date('2026-12-01T14:00:00Z'))?.startsAt).toBe('2026-12-03T19:00:00+07:00');
    expect(nextSession(item, new Date('2026-12-10T14:00:00Z'))).toBeUndefined();
  });

  it('reads as the site writes a time range', () => {
    const first = classSessions(item)[0];
    expect(first && formatTimeRange(first.startsAt, first.endsAt)).toBe('Selasa, 1 Desember 2026, 19.00–21.00 WIB');
  });

  it('yields nothing without both dates or with an unreadable schedule', () => {
    expect(classSessions({ ...item, startsAt: null })).toEqual([]);
    expect(classSessions({ ...item, endsAt: null })).toEqual([]);
    expect(classSessions({ ...item, schedule: 'Sabtu pertama setiap bulan, 14.00–17.00 WIB' })).toEqual([]);
  });

  it('writes an instant in its zone', () => {
    expect(zonedIso(new Date('2026-12-01T12:00:00Z'), 'WIT')).toBe('2026-12-01T21:00:00+09:00');
    expect(zonedIso(new Date('2026-12-01T12:00:00Z'), 'WITA')).toBe('2026-12-01T20:00:00+08:00');
    expect(zonedIso(new Date('2026-12-01T12:00:00Z'), 'WIB')).toBe('2026-12-01T19:00:00+07:00');
  });
});
