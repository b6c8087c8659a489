import { CLASS_BADGES, type ClassState, type ClassSummary } from '~/contract/classes';
import type { Phase } from '~/lib/content/phases';

/**
 * A class's lifecycle (SPEC §4 badges) as dated phases, so a built page shows the badge of the moment
 * it is read: the shell script moves `PhaseBadge` on (lib/content/phases.ts). The phases follow the
 * same rule as the database's `classState` (server/catalogue/class-rows.ts). Badge states are the
 * ones the site's badge styles colour: open green, running blue, ended red, the rest orange.
 */

/** The PhaseBadge state of each class state (global.css `.phase-badge[data-state]`). */
export const BADGE_STATE: Record<ClassState, string> = {
  'coming-soon': 'coming-soon',
  registration: 'open',
  running: 'running',
  finished: 'ended',
  soon: 'soon',
};

const phase = (at: string | null, state: ClassState): Phase => ({ at, state: BADGE_STATE[state], label: CLASS_BADGES[state].label });

type Dated = Pick<ClassSummary, 'alwaysOpen' | 'registrationOpensAt' | 'registrationClosesAt' | 'startsAt' | 'endsAt'>;

/** The class's phases in time order, the first from the start. */
export function classPhases(item: Dated): Phase[] {
  if (item.alwaysOpen) return [phase(null, 'registration')];
  const dated: Phase[] = [];
  // As in the database, a running class is running whatever its registration dates say.
  const opens = item.registrationOpensAt;
  if (opens && (!item.startsAt || Date.parse(opens) < Date.parse(item.startsAt))) dated.push(phase(opens, 'registration'));
  // Registration is open up to and including its closing moment; without one, until the start.
  const closes = item.registrationClosesAt;
  if (closes && (!item.startsAt || Date.parse(closes) < Date.parse(item.startsAt))) {
    dated.push(phase(new Date(Date.parse(closes) + 1).toISOString(), 'soon'));
  }
  if (item.startsAt) dated.push(phase(item.startsAt, 'running'));
  if (item.endsAt) dated.push(phase(new Date(Date.parse(item.endsAt) + 1).toISOString(), 'finished'));
  dated.sort((a, b) => Date.parse(a.at ?? '') - Date.parse(b.at ?? ''));
  return [phase(null, item.registrationOpensAt ? 'coming-soon' : 'registration'), ...dated];
}

/** When registration for the class ends (its "Daftar" action hides then); undefined when it never does. */
export function registrationEnds(item: Dated): string | undefined {
  if (item.alwaysOpen) return undefined;
  const closes = item.registrationClosesAt ?? item.startsAt;
  return closes ? new Date(Date.parse(closes) + 1).toISOString() : undefined;
}
