import type { PostDetails } from '~/contract/posts';
import { formatDate } from '~/lib/format/dates';
import type { Phase } from './phases';

export { type Phase, phaseAt } from './phases';

/**
 * What a dated item says about itself now: an event is coming, running or over (SPEC §4 lifecycle
 * badges), a registration is not open yet, open, or closed. Pages are built ahead of time, so each
 * status comes with the times it changes at (`phases`): the shell script moves a built label on
 * when a phase begins, and the copy stays true after a deadline without waiting for a rebuild.
 */

/** An event's phases: 'Akan Datang', 'Sedang Berlangsung' from its start, 'Telah Selesai' from its end. */
export function eventPhases(details: Pick<PostDetails, 'startsAt' | 'endsAt'>): Phase[] {
  if (!details.startsAt) return [];
  return [
    { at: null, state: 'upcoming', label: 'Akan Datang' },
    { at: details.startsAt, state: 'running', label: 'Sedang Berlangsung' },
    { at: details.endsAt ?? details.startsAt, state: 'ended', label: 'Telah Selesai' },
  ];
}

/**
 * A registration's phases from the dates the post gives: 'Pendaftaran dibuka 1 Desember 2026' before
 * it opens, 'Pendaftaran dibuka hingga 15 Januari 2027' while open, 'Pendaftaran telah ditutup' after.
 */
export function registrationPhases(details: Pick<PostDetails, 'registrationOpensAt' | 'registrationClosesAt'>): Phase[] {
  const { registrationOpensAt: opens, registrationClosesAt: closes } = details;
  if (!opens && !closes) return [];
  const phases: Phase[] = [];
  if (opens) phases.push({ at: null, state: 'soon', label: `Pendaftaran dibuka ${formatDate(opens)}` });
  phases.push({
    at: opens ?? null,
    state: 'open',
    label: closes ? `Pendaftaran dibuka hingga ${formatDate(closes)}` : 'Pendaftaran dibuka',
  });
  if (closes) phases.push({ at: closes, state: 'closed', label: 'Pendaftaran telah ditutup' });
  return phases;
}
