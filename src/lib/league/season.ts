import type { Phase } from '~/lib/content/phases';
import { formatDate } from '~/lib/format/dates';
import type { League, LeaguePhase } from '~/lib/tenant/league-schema';

/**
 * The coding league's season with real dates: the league's month-days (league-schema.ts) placed in the
 * season that has not ended yet. A season starts the day registration opens; a month-day earlier in
 * the calendar falls in the next year. Days run in WIB, from 00.00 to 23.59.59, as the organisers
 * count them. Pages are built ahead of time; the dated badges they carry move on by themselves
 * (lib/content/schedule.ts) and the next build after the final shows the next season.
 */

/** One dated line of the timeline. */
export interface LeagueDate {
  kind: 'registration' | 'milestone' | 'phase' | 'final';
  title: string;
  /** ISO times in WIB (+07:00): the first day's start and the last day's end. */
  startsAt: string;
  endsAt: string;
}

export interface LeagueSeason {
  /** The year registration opens in. */
  year: number;
  /** `Musim 2026/2027`, or `Musim 2026` when it ends in the year it starts. */
  label: string;
  registration: { opensAt: string; closesAt: string };
  phases: (LeaguePhase & { startsAt: string; endsAt: string })[];
  final: League['final'] & { startsAt: string; endsAt: string };
  /** Every date of the season in order: registration, milestones, phases and the final. */
  timeline: LeagueDate[];
}

const WIB_OFFSET_MS = 7 * 3_600_000;

/** The season `now` belongs to: the one whose final has not ended yet (the last one's, between seasons, is next year's). */
export function leagueSeason(league: League, now: Date = new Date()): LeagueSeason {
  const year = new Date(now.getTime() + WIB_OFFSET_MS).getUTCFullYear();
  for (const starts of [year - 1, year]) {
    const season = seasonOf(league, starts);
    if (Date.parse(season.final.endsAt) >= now.getTime()) return season;
  }
  return seasonOf(league, year + 1);
}

/** The league's dates in the season that opens registration in `year`. */
export function seasonOf(league: League, year: number): LeagueSeason {
  const { opens } = league.registration;
  const yearOf = (monthDay: string) => (monthDay < opens ? year + 1 : year);
  const first = (monthDay: string) => `${yearOf(monthDay)}-${monthDay}T00:00:00+07:00`;
  const last = (monthDay: string) => `${yearOf(monthDay)}-${monthDay}T23:59:59+07:00`;
  const registration = { opensAt: first(opens), closesAt: last(league.registration.closes) };
  const phases = league.phases.map((phase) => ({ ...phase, startsAt: first(phase.starts), endsAt: last(phase.ends) }));
  const final = { ...league.final, startsAt: first(league.final.date), endsAt: last(league.final.date) };
  const timeline: LeagueDate[] = [
    { kind: 'registration', title: 'Pendaftaran tim', startsAt: registration.opensAt, endsAt: registration.closesAt },
    ...league.milestones.map((milestone) => ({
      kind: 'milestone' as const,
      title: milestone.title,
      startsAt: first(milestone.date),
      endsAt: last(milestone.date),
    })),
    ...phases.map((phase) => ({ kind: 'phase' as const, title: phase.name, startsAt: phase.startsAt, endsAt: phase.endsAt })),
    { kind: 'final', title: final.title, startsAt: final.startsAt, endsAt: final.endsAt },
  ];
  // Stable: on one day, registration comes before a milestone, a milestone before a phase.
  timeline.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const closing = yearOf(league.final.date);
  return { year, label: closing === year ? `Musim ${year}` : `Musim ${year}/${closing}`, registration, phases, final, timeline };
}

/**
 * The registration's dated badge (lib/content/schedule.ts): 'Pendaftaran dibuka 1 Agustus 2026' before
 * it opens, 'Pendaftaran dibuka hingga 20 September 2026' while open, then when the next season's registration opens.
 */
export function leagueRegistrationPhases(league: League, season: LeagueSeason): Phase[] {
  const { opensAt, closesAt } = season.registration;
  const next = seasonOf(league, season.year + 1).registration.opensAt;
  return [
    { at: null, state: 'soon', label: `Pendaftaran dibuka ${formatDate(opensAt)}` },
    { at: opensAt, state: 'open', label: `Pendaftaran dibuka hingga ${formatDate(closesAt)}` },
    { at: closesAt, state: 'closed', label: `Pendaftaran ditutup, dibuka lagi ${formatDate(next)}` },
  ];
}
