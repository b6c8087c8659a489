import { z } from 'zod';

/**
 * The coding league's season (SPEC §1 "a competition for vocational schools"; /Liga-Smk), as the
 * `league.season` of a tenant's catalogue seed (catalogue-file.ts), stored in `league_seasons`. Dates are month and day (`07-15`), not
 * years: a season starts the day registration opens and every later date falls on or after it, so a
 * month-day earlier in the calendar than the opening belongs to the next year. The page shows the
 * season that has not ended yet (lib/league/season.ts), so the dates stay current every year.
 */

/** `MM-DD` of a day every year has (29 February is refused: it would move the season). */
export const MonthDaySchema = z
  .string()
  .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'tanggal ditulis BB-HH, mis. "07-15" untuk 15 Juli')
  .refine((value) => {
    const [month, day] = value.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(2025, month - 1, day)).getUTCDate() === day;
  }, 'tanggal tidak ada setiap tahun (29 Februari tidak dipakai)');

const Text = z.string().min(1);

export const LeaguePhaseSchema = z
  .object({
    name: Text,
    /** What the phase tests. */
    tests: Text,
    /** How it runs: online or on site, duration, who advances. */
    format: Text,
    starts: MonthDaySchema,
    ends: MonthDaySchema,
  })
  .strict();

export const LeagueSchema = z
  .object({
    registration: z.object({ opens: MonthDaySchema, closes: MonthDaySchema }).strict(),
    phases: z.array(LeaguePhaseSchema).min(1),
    final: z.object({ title: Text, date: MonthDaySchema, place: Text, text: Text }).strict(),
    /** Further dates of the timeline (technical meeting, announcements). */
    milestones: z.array(z.object({ title: Text, date: MonthDaySchema }).strict()).default([]),
    prizes: z
      .array(
        z
          .object({
            title: Text,
            /** Whole rupiah (shown by lib/format), when the prize has money. */
            amount: z.number().int().positive().optional(),
            extras: z.array(Text).default([]),
          })
          .strict(),
      )
      .min(1),
    rules: z.array(z.object({ title: Text, text: Text }).strict()).min(1),
  })
  .strict()
  .superRefine((league, ctx) => {
    const opens = league.registration.opens;
    /** Days in season order: a month-day before the opening counts in the next year. */
    const order = (date: string) => (date < opens ? 1 : 0) * 10_000 + Number(date.replace('-', ''));
    const before = (a: string, b: string, path: (string | number)[], message: string) => {
      if (order(a) > order(b)) ctx.addIssue({ code: 'custom', path, message });
    };
    before(opens, league.registration.closes, ['registration', 'closes'], 'pendaftaran ditutup sebelum dibuka');
    let previous = league.registration.closes;
    league.phases.forEach((phase, index) => {
      if (order(phase.starts) <= order(previous))
        ctx.addIssue({
          code: 'custom',
          path: ['phases', index, 'starts'],
          message: 'babak dimulai setelah pendaftaran dan babak sebelumnya selesai',
        });
      before(phase.starts, phase.ends, ['phases', index, 'ends'], 'babak selesai sebelum dimulai');
      previous = phase.ends;
    });
    before(previous, league.final.date, ['final', 'date'], 'final tidak boleh sebelum babak terakhir selesai');
    league.milestones.forEach((milestone, index) => {
      before(milestone.date, league.final.date, ['milestones', index, 'date'], 'tanggal sesudah final: musim berakhir di final');
    });
  });
export type League = z.infer<typeof LeagueSchema>;
export type LeaguePhase = z.infer<typeof LeaguePhaseSchema>;
