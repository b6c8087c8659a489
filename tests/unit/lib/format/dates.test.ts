import { describe, expect, it } from 'vitest';
import { dateBadge, formatDate, formatTimeRange, zoneOf } from '~/lib/format/dates';

describe('formatTimeRange', () => {
  it('writes one day as a range of clock times in WIB', () => {
    expect(formatTimeRange('2026-12-12T19:00:00+07:00', '2026-12-12T21:00:00+07:00')).toBe('Sabtu, 12 Desember 2026, 19.00–21.00 WIB');
  });

  it('names both days of an event across days', () => {
    expect(formatTimeRange('2026-08-22T08:00:00+07:00', '2026-08-23T17:00:00+07:00')).toBe(
      'Sabtu, 22 Agustus 2026, 08.00 WIB – Minggu, 23 Agustus 2026, 17.00 WIB',
    );
  });

  it('shows an event in the zone it says: WITA in Makassar, WIT in Jayapura', () => {
    expect(formatTimeRange('2026-12-05T09:00:00+08:00', '2026-12-05T15:00:00+08:00')).toBe('Sabtu, 5 Desember 2026, 09.00–15.00 WITA');
    expect(formatTimeRange('2027-01-16T10:00:00+09:00')).toBe('Sabtu, 16 Januari 2027, 10.00 WIT');
  });

  it('shows a time given in UTC or another offset in WIB, on the right day', () => {
    expect(formatTimeRange('2026-08-21T23:30:00Z', '2026-08-22T10:00:00Z')).toBe('Sabtu, 22 Agustus 2026, 06.30–17.00 WIB');
    expect(zoneOf('2026-08-21T23:30:00+01:00')).toBe('WIB');
  });
});

describe('formatDate and dateBadge', () => {
  it('write the calendar day of the zone the time is in', () => {
    // 23.30 WIT on 31 December is 21.30 WIB the same day, and the date is written in the item's own zone.
    expect(formatDate('2026-12-31T23:30:00+09:00')).toBe('31 Desember 2026');
    expect(formatDate('2025-08-14T00:00:00+07:00')).toBe('14 Agustus 2025');
    expect(dateBadge('2026-08-22T08:00:00+07:00')).toEqual({ day: '22', month: 'Agu' });
  });
});
