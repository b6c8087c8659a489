import type { ClassSummary } from '~/contract/classes';
import { classPhases } from '~/lib/catalogue/class-phases';
import { type Phase, phaseAt } from '~/lib/content/phases';
import { formatDate } from '~/lib/format/dates';

/**
 * A class page's call to register as dated phases, like its badge (class-phases.ts): the status line
 * says where registration stands, and the "Daftar Sekarang" link shows only while the status is
 * `open`. A page built before registration opened or closed is brought up to date in the browser by
 * the shell script (it moves `data-phases` elements on; the link follows the status by CSS), so a
 * built page never offers a closed registration nor hides an open one.
 */

type Dated = Pick<ClassSummary, 'alwaysOpen' | 'registrationOpensAt' | 'registrationClosesAt' | 'startsAt' | 'endsAt'>;

/** The status line's text for each badge state of classPhases. */
function statusText(item: Dated, state: string): string {
  const closes = item.registrationClosesAt ?? item.startsAt;
  switch (state) {
    case 'coming-soon':
      return item.registrationOpensAt
        ? `Pendaftaran belum dibuka. Pendaftaran dibuka ${formatDate(item.registrationOpensAt)}.`
        : 'Pendaftaran belum dibuka.';
    case 'open':
      if (item.alwaysOpen) return 'Pendaftaran selalu dibuka: mulai belajar kapan saja.';
      return closes ? `Pendaftaran dibuka hingga ${formatDate(closes)}.` : 'Pendaftaran dibuka.';
    case 'running':
      return 'Pendaftaran sudah ditutup. Kelas sedang berlangsung.';
    case 'ended':
      return 'Kelas telah selesai.';
    default:
      return item.startsAt
        ? `Pendaftaran sudah ditutup. Kelas dimulai ${formatDate(item.startsAt)}.`
        : 'Pendaftaran sudah ditutup. Kelas segera dimulai.';
  }
}

/** The status line's phases (the badge's moments, with the status texts) and the one in force at `now`. */
export function registrationStatus(item: Dated, now: Date = new Date()): { phases: Phase[]; current: Phase; registerLater: boolean } {
  const phases = classPhases(item).map((phase) => ({ ...phase, label: statusText(item, phase.state) }));
  const current = phaseAt(phases, now) ?? (phases[0] as Phase);
  const from = phases.indexOf(current);
  // The link is written only when registration is open now or opens later (never for a class that is over).
  const registerLater = phases.slice(from).some((phase) => phase.state === 'open');
  return { phases, current, registerLater };
}
