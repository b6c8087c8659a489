import { describe, expect, it } from 'vitest';
import { registrationStatus } from '~/components/catalogue/class-action';
import { phaseAt } from '~/lib/content/phases';

/**
 * A class page's call to register follows the class's dates like its badge: the status line and the
 * "Daftar Sekarang" link (shown while the status is `open`) are right at build time and, moved on
 * by the shell script, at any later moment.
 */

const day = 86_400_000;
// Noon WIB, so the calendar day is the same in every zone the dates are shown in.
const at = (days: number) => new Date(Date.UTC(2026, 10, 24, 5) + days * day).toISOString();
const when = (days: number) => new Date(Date.parse(at(days)));
const dated = { alwaysOpen: false, registrationOpensAt: at(0), registrationClosesAt: at(10), startsAt: at(20), endsAt: at(40) };

describe('the call to register on a class page', () => {
  it('says where registration stands at each moment, with the dates in Indonesian', () => {
    const { phases } = registrationStatus(dated, when(-1));
    const statusAt = (days: number) => phaseAt(phases, when(days));
    expect([-1, 0, 10, 11, 20, 41].map((days) => [statusAt(days)?.state, statusAt(days)?.label])).toEqual([
      ['coming-soon', 'Pendaftaran belum dibuka. Pendaftaran dibuka 24 November 2026.'],
      ['open', 'Pendaftaran dibuka hingga 4 Desember 2026.'],
      ['open', 'Pendaftaran dibuka hingga 4 Desember 2026.'],
      ['soon', 'Pendaftaran sudah ditutup. Kelas dimulai 14 Desember 2026.'],
      ['running', 'Pendaftaran sudah ditutup. Kelas sedang berlangsung.'],
      ['ended', 'Kelas telah selesai.'],
    ]);
  });

  it('writes the register link while registration is open or opens later, never once it has closed', () => {
    expect(registrationStatus(dated, when(-1))).toMatchObject({ current: { state: 'coming-soon' }, registerLater: true });
    expect(registrationStatus(dated, when(5))).toMatchObject({ current: { state: 'open' }, registerLater: true });
    expect(registrationStatus(dated, when(11))).toMatchObject({ current: { state: 'soon' }, registerLater: false });
    expect(registrationStatus(dated, when(41))).toMatchObject({ current: { state: 'ended' }, registerLater: false });
  });

  it('keeps an always-open class open, and closes a class without a closing date at its start', () => {
    const always = { alwaysOpen: true, registrationOpensAt: null, registrationClosesAt: null, startsAt: null, endsAt: null };
    expect(registrationStatus(always, when(1000))).toMatchObject({
      current: { state: 'open', label: 'Pendaftaran selalu dibuka: mulai belajar kapan saja.' },
      registerLater: true,
    });
    const noClose = { ...dated, registrationClosesAt: null };
    expect(registrationStatus(noClose, when(5)).current.label).toBe('Pendaftaran dibuka hingga 14 Desember 2026.');
    expect(registrationStatus(noClose, when(20))).toMatchObject({ current: { state: 'running' }, registerLater: false });
  });
});
