/**
 * A status that changes at known moments (an event's lifecycle, a registration's window), as data the
 * page and the shell script share. No formatting here: the shell script imports it and stays small.
 */

/** A label from a moment on; `at` null means from the start. */
export interface Phase {
  at: string | null;
  state: string;
  label: string;
}

/** The phase in force at `now`: the last one whose moment has come. */
export function phaseAt(phases: readonly Phase[], now: Date = new Date()): Phase | undefined {
  return phases.filter((phase) => phase.at === null || Date.parse(phase.at) <= now.getTime()).at(-1);
}
