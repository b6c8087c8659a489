import { describe, expect, it } from 'vitest';
import { byEventStart, eventBadge, formatEventTime } from '~/lib/content/event-time';

describe('formatEventTime', () => {
  it('writes a one-day event as a day and a span of hours in WIB', () => {
    expect(formatEventTime('2026-12-12T19:00:00+07:00', '2026-12-12T21:00:00+07:00')).toBe('Sabtu, 12 Desember 2026, 19.00–21.00 WIB');
  });

  it('writes an event over several days with both days', () => {
    expect(formatEventTime('2026-08-22T08:00:00+07:00', '2026-08-23T17:00:00+07:00')).toBe(
      'Sabtu, 22 Agustus 2026, 08.00 WIB – Minggu, 23 Agustus 2026, 17.00 WIB',
    );
  });

  it('writes the start alone when there is no end', () => {
    expect(formatEventTime('2026-08-22T08:00:00+07:00')).toBe('Sabtu, 22 Agustus 2026, 08.00 WIB');
  });

  it('reads times given in another zone as Jakarta time', () => {
    expect(formatEventTime('2026-08-22T01:00:00Z')).toBe('Sabtu, 22 Agustus 2026, 08.00 WIB');
    // 23:30 UTC on the 21st is already the 22nd in Jakarta: one day, not two.
    expect(formatEventTime('2026-08-21T23:30:00Z', '2026-08-22T10:00:00Z')).toBe('Sabtu, 22 Agustus 2026, 06.30–17.00 WIB');
  });
});

describe('eventBadge', () => {
  it('gives the day and the short month of the start in Jakarta', () => {
    expect(eventBadge('2026-08-22T08:00:00+07:00')).toEqual({ day: '22', month: 'Agu' });
  });
});

describe('byEventStart', () => {
  it('puts the latest start first, an event without a start at its publication date', () => {
    const event = (slug: string, publishedAt: string, startsAt?: string) => ({ slug, publishedAt, details: { startsAt } });
    const events = [
      event('lalu', '2025-01-01T00:00:00Z', '2025-10-25T09:00:00+07:00'),
      event('tanpa-tanggal', '2026-01-01T00:00:00Z'),
      event('depan', '2025-01-01T00:00:00Z', '2027-02-06T08:00:00+07:00'),
    ];
    expect(events.sort(byEventStart).map((item) => item.slug)).toEqual(['depan', 'tanpa-tanggal', 'lalu']);
  });
});
