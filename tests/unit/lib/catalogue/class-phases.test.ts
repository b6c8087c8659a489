import { describe, expect, it } from 'vitest';
import { CLASS_BADGES } from '~/contract/classes';
import { BADGE_STATE, classPhases, registrationEnds } from '~/lib/catalogue/class-phases';
import { phaseAt } from '~/lib/content/phases';

const day = 86_400_000;
const at = (days: number) => new Date(Date.UTC(2026, 10, 24) + days * day).toISOString();
const dated = { alwaysOpen: false, registrationOpensAt: at(0), registrationClosesAt: at(10), startsAt: at(20), endsAt: at(40) };
const labelAt = (item: Parameters<typeof classPhases>[0], days: number) =>
  phaseAt(classPhases(item), new Date(Date.parse(at(days))))?.label;

describe('a class lifecycle as dated badges (SPEC §4)', () => {
  it('moves from Akan Datang through Pendaftaran Dibuka, Segera Dimulai and Sedang Berlangsung to Telah Selesai', () => {
    expect([-1, 0, 10, 11, 20, 39, 41].map((days) => labelAt(dated, days))).toEqual([
      'Akan Datang',
      'Pendaftaran Dibuka',
      // Registration is open up to and including its closing moment.
      'Pendaftaran Dibuka',
      'Segera Dimulai',
      'Sedang Berlangsung',
      'Sedang Berlangsung',
      'Telah Selesai',
    ]);
  });

  it('shows a started class as running even when its registration dates say open, as the database does', () => {
    const late = { ...dated, registrationOpensAt: at(25), registrationClosesAt: at(30) };
    expect([19, 21, 26, 41].map((days) => labelAt(late, days))).toEqual([
      'Akan Datang',
      'Sedang Berlangsung',
      'Sedang Berlangsung',
      'Telah Selesai',
    ]);
  });

  it('keeps an always-open class in registration and never hides its register action', () => {
    const open = { alwaysOpen: true, registrationOpensAt: null, registrationClosesAt: null, startsAt: null, endsAt: null };
    expect(classPhases(open)).toEqual([{ at: null, state: 'open', label: 'Pendaftaran Dibuka' }]);
    expect(registrationEnds(open)).toBeUndefined();
  });

  it('opens registration from the start when no opening date is set, until the class starts', () => {
    const noOpening = { ...dated, registrationOpensAt: null, registrationClosesAt: null };
    expect([-5, 19, 21].map((days) => labelAt(noOpening, days))).toEqual([
      'Pendaftaran Dibuka',
      'Pendaftaran Dibuka',
      'Sedang Berlangsung',
    ]);
    expect(registrationEnds(noOpening)).toBe(new Date(Date.parse(at(20)) + 1).toISOString());
  });

  it('uses the badge styles of SPEC §4: open green, running blue, ended red, the rest orange', () => {
    expect(CLASS_BADGES.registration.colour).toBe('green');
    expect(BADGE_STATE).toEqual({
      'coming-soon': 'coming-soon',
      registration: 'open',
      running: 'running',
      finished: 'ended',
      soon: 'soon',
    });
    expect(Object.values(CLASS_BADGES).map((badge) => badge.label)).toEqual([
      'Akan Datang',
      'Pendaftaran Dibuka',
      'Sedang Berlangsung',
      'Telah Selesai',
      'Segera Dimulai',
    ]);
  });
});
