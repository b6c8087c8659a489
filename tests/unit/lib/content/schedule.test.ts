import { describe, expect, it } from 'vitest';
import { eventPhases, phaseAt, registrationPhases } from '~/lib/content/schedule';

const at = (iso: string) => new Date(iso);

describe('eventPhases', () => {
  const phases = eventPhases({ startsAt: '2026-12-12T19:00:00+07:00', endsAt: '2026-12-12T21:00:00+07:00' });

  it('is coming before it starts, running while on, over after it ends (SPEC §4 badges)', () => {
    expect(phaseAt(phases, at('2026-12-01T00:00:00+07:00'))?.label).toBe('Akan Datang');
    expect(phaseAt(phases, at('2026-12-12T20:00:00+07:00'))?.label).toBe('Sedang Berlangsung');
    expect(phaseAt(phases, at('2026-12-12T21:00:00+07:00'))?.label).toBe('Telah Selesai');
  });

  it('ends at its start when it has no end, and says nothing without a start', () => {
    const single = eventPhases({ startsAt: '2026-12-12T19:00:00+07:00' });
    expect(phaseAt(single, at('2026-12-12T19:00:01+07:00'))?.state).toBe('ended');
    expect(eventPhases({})).toEqual([]);
  });
});

describe('registrationPhases', () => {
  const phases = registrationPhases({
    registrationOpensAt: '2026-12-01T00:00:00+07:00',
    registrationClosesAt: '2027-01-15T23:59:00+07:00',
  });

  it('says when a registration opens, until when it is open, and that it has closed', () => {
    expect(phaseAt(phases, at('2026-11-23T10:00:00+07:00'))?.label).toBe('Pendaftaran dibuka 1 Desember 2026');
    expect(phaseAt(phases, at('2026-12-20T10:00:00+07:00'))?.label).toBe('Pendaftaran dibuka hingga 15 Januari 2027');
    expect(phaseAt(phases, at('2027-01-16T00:00:00+07:00'))?.label).toBe('Pendaftaran telah ditutup');
  });

  it('is open from the start when only a deadline is given, and absent without dates', () => {
    const deadline = registrationPhases({ registrationClosesAt: '2027-01-15T23:59:00+07:00' });
    expect(phaseAt(deadline, at('2020-01-01T00:00:00Z'))?.state).toBe('open');
    expect(registrationPhases({})).toEqual([]);
  });
});
