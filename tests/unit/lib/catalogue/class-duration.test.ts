import { describe, expect, it } from 'vitest';
import { calendarDays, classDuration } from '~/lib/catalogue/class-duration';

/** A class's duration comes from its dates, counted in calendar days of the start's zone (WIB here). */
describe('classDuration', () => {
  it('says 18 Desember – 27 Januari is 6 minggu (41 days, both ends counted)', () => {
    expect(calendarDays('2026-12-18T09:00:00+07:00', '2027-01-27T17:00:00+07:00')).toBe(41);
    expect(classDuration('2026-12-18T09:00:00+07:00', '2027-01-27T17:00:00+07:00')).toBe('6 minggu');
  });

  it('says a class that starts and ends on one day is 1 hari, and a short one in days', () => {
    expect(classDuration('2026-08-22T08:00:00+07:00', '2026-08-22T17:00:00+07:00')).toBe('1 hari');
    expect(classDuration('2026-08-22T08:00:00+07:00', '2026-08-31T17:00:00+07:00')).toBe('10 hari');
    expect(classDuration('2026-08-22T08:00:00+07:00', '2026-09-03T17:00:00+07:00')).toBe('13 hari');
  });

  it('rounds to the nearest week from two weeks on, and to months past thirteen weeks', () => {
    expect(classDuration('2026-08-01T08:00:00+07:00', '2026-08-14T17:00:00+07:00')).toBe('2 minggu');
    expect(classDuration('2026-08-01T08:00:00+07:00', '2026-08-17T17:00:00+07:00')).toBe('2 minggu');
    expect(classDuration('2026-08-01T08:00:00+07:00', '2026-08-18T17:00:00+07:00')).toBe('3 minggu');
    expect(classDuration('2026-01-05T08:00:00+07:00', '2026-04-05T17:00:00+07:00')).toBe('13 minggu');
    expect(classDuration('2026-01-05T08:00:00+07:00', '2026-05-04T17:00:00+07:00')).toBe('4 bulan');
  });

  it('counts the days of the start’s zone, not of UTC', () => {
    // 06:00 WIB is the evening before in UTC: still one day in Jakarta.
    expect(classDuration('2026-08-22T06:00:00+07:00', '2026-08-22T20:00:00+07:00')).toBe('1 hari');
    expect(calendarDays('2026-08-21T23:30:00Z', '2026-08-22T10:00:00Z')).toBe(1);
  });

  it('says nothing without both dates, or when the end comes first', () => {
    expect(classDuration(null, '2026-08-22T17:00:00+07:00')).toBeUndefined();
    expect(classDuration('2026-08-22T08:00:00+07:00', null)).toBeUndefined();
    expect(classDuration('2026-08-22T08:00:00+07:00', '2026-08-20T17:00:00+07:00')).toBeUndefined();
    expect(classDuration('bukan tanggal', '2026-08-20T17:00:00+07:00')).toBeUndefined();
  });
});
