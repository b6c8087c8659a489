import { describe, expect, it } from 'vitest';
import type { ClassSummary } from '~/contract/classes';
import { classBadge, classFacts, classKind } from '~/lib/catalogue/class-card';

const DAY = 86_400_000;
const NOW = new Date('2026-11-23T03:00:00.000Z');
const at = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();

/** A class open for registration now: it opened 10 days ago, closes in 15, runs from day 20 to 60. */
const open = {
  state: 'registration',
  alwaysOpen: false,
  registrationOpensAt: at(-10),
  registrationClosesAt: at(15),
  startsAt: at(20),
  endsAt: at(60),
} satisfies Partial<ClassSummary>;

describe('a class card badge (SPEC §4)', () => {
  it.each([
    ['coming-soon', 'Akan Datang', 'coming-soon'],
    ['registration', 'Pendaftaran Dibuka', 'open'],
    ['running', 'Sedang Berlangsung', 'running'],
    ['finished', 'Telah Selesai', 'ended'],
    ['soon', 'Segera Dimulai', 'soon'],
  ] as const)('shows the %s state as "%s", coloured as the %s badge', (state, label, badgeState) => {
    expect(classBadge({ ...open, state })).toEqual({ label, state: badgeState });
  });

  it('follows the dates at a given moment, whatever the server said when the page was made', () => {
    expect(classBadge(open, NOW)).toMatchObject({ label: 'Pendaftaran Dibuka', state: 'open' });
    expect(classBadge(open, new Date(NOW.getTime() + 16 * DAY))).toMatchObject({ label: 'Segera Dimulai' });
    expect(classBadge(open, new Date(NOW.getTime() + 30 * DAY))).toMatchObject({ label: 'Sedang Berlangsung', state: 'running' });
    expect(classBadge(open, new Date(NOW.getTime() + 61 * DAY))).toMatchObject({ label: 'Telah Selesai', state: 'ended' });
  });
});

describe('a class card text', () => {
  const base = {
    type: 'bootcamp',
    level: 'pemula',
    price: 4_500_000,
    alwaysOpen: false,
    startsAt: '2026-12-12T09:00:00+07:00',
    isOnline: false,
    place: 'Gedung Inovasi Digital, Jl. Asia Afrika No. 8, Bandung',
    heldCity: { id: '32.73', name: 'Kota Bandung' },
    tax: { vatBps: 1100, included: true },
  } satisfies Partial<ClassSummary>;

  it('names its kind and level in Indonesian', () => {
    expect(classKind(base)).toEqual(['Bootcamp', 'Pemula']);
    expect(classKind({ type: 'kompetensi', level: 'mahir' })).toEqual(['Uji kompetensi', 'Mahir']);
  });

  it('says where, when it starts and what the learner pays in rupiah, PPN in', () => {
    expect(classFacts(base)).toEqual([
      { label: 'Tempat', value: 'Kota Bandung' },
      { label: 'Jadwal', value: 'Mulai 12 Desember 2026' },
      { label: 'Biaya', value: 'Rp4.500.000 (termasuk PPN)' },
    ]);
  });

  it('adds PPN to the price under a rule that publishes prices before tax', () => {
    expect(classFacts({ ...base, tax: { vatBps: 1100, included: false } })[2]).toEqual({
      label: 'Biaya',
      value: 'Rp4.995.000 (termasuk PPN)',
    });
    expect(classFacts({ ...base, tax: { vatBps: 0, included: false } })[2]).toEqual({ label: 'Biaya', value: 'Rp4.500.000' });
  });

  it('says an always-open free online class is online, starts any time and is free', () => {
    expect(classFacts({ ...base, alwaysOpen: true, startsAt: null, isOnline: true, heldCity: null, price: 0 })).toEqual([
      { label: 'Tempat', value: 'Daring' },
      { label: 'Jadwal', value: 'Mulai kapan saja' },
      { label: 'Biaya', value: 'Gratis' },
    ]);
  });
});
