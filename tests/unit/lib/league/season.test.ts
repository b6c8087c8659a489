import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { phaseAt } from '~/lib/content/phases';
import { formatDateRange } from '~/lib/format/dates';
import { leagueRegistrationPhases, leagueSeason, seasonOf } from '~/lib/league/season';
import { loadTenantCatalogue } from '~/lib/tenant/catalogue-file';
import { type League, LeagueSchema } from '~/lib/tenant/league-schema';
import { readPageFrontMatter, SHARED_DIR } from '~/lib/tenant/load';

const league: League = LeagueSchema.parse({
  registration: { opens: '08-01', closes: '09-20' },
  milestones: [{ title: 'Technical meeting', date: '09-27' }],
  phases: [
    { name: 'Slicing Brawl', tests: 'desain ke web', format: 'daring', starts: '10-04', ends: '10-04' },
    { name: 'Coding Clash', tests: 'algoritma', format: 'daring', starts: '11-08', ends: '11-08' },
    { name: 'Hacker Glory', tests: 'hackathon', format: 'luring', starts: '01-15', ends: '01-16' },
  ],
  final: { title: 'Grand Final', date: '01-17', place: 'Malang', text: 'Penganugerahan juara.' },
  prizes: [{ title: 'Juara 1', amount: 15_000_000 }],
  rules: [{ title: 'Tim', text: '3–5 siswa dari satu SMK.' }],
});
const wib = (iso: string) => new Date(`${iso}+07:00`);

describe('leagueSeason', () => {
  it('places the month-days in the season: those before the opening fall in the next year', () => {
    const season = seasonOf(league, 2026);
    expect(season.label).toBe('Musim 2026/2027');
    expect(season.registration).toEqual({ opensAt: '2026-08-01T00:00:00+07:00', closesAt: '2026-09-20T23:59:59+07:00' });
    expect(season.phases.map((phase) => [phase.name, phase.startsAt.slice(0, 10), phase.endsAt.slice(0, 10)])).toEqual([
      ['Slicing Brawl', '2026-10-04', '2026-10-04'],
      ['Coding Clash', '2026-11-08', '2026-11-08'],
      ['Hacker Glory', '2027-01-15', '2027-01-16'],
    ]);
    expect(season.final.startsAt).toBe('2027-01-17T00:00:00+07:00');
  });

  it('lists every date in order: registration, milestones, phases, the final', () => {
    const { timeline } = seasonOf(league, 2026);
    expect(timeline.map((entry) => `${entry.kind} ${entry.title}`)).toEqual([
      'registration Pendaftaran tim',
      'milestone Technical meeting',
      'phase Slicing Brawl',
      'phase Coding Clash',
      'phase Hacker Glory',
      'final Grand Final',
    ]);
  });

  it('shows the season that has not ended yet, in WIB, whatever the day of the year', () => {
    expect(leagueSeason(league, wib('2026-11-26T10:00:00')).year).toBe(2026);
    // January: last year's season is still on until the end of its final day (WIB).
    expect(leagueSeason(league, wib('2027-01-17T23:59:00')).year).toBe(2026);
    expect(leagueSeason(league, wib('2027-01-18T00:00:00')).year).toBe(2027);
    // Between seasons: the next one, whose registration is still to open.
    expect(leagueSeason(league, wib('2027-03-01T00:00:00')).year).toBe(2027);
    expect(leagueSeason(league, wib('2026-08-01T00:00:00')).year).toBe(2026);
  });

  it('names a season that ends in its own year by that year alone', () => {
    const summer = LeagueSchema.parse({ ...league, phases: league.phases.slice(0, 2), final: { ...league.final, date: '12-05' } });
    expect(seasonOf(summer, 2026).label).toBe('Musim 2026');
  });

  it('gives the registration a badge that moves on with the days', () => {
    const phases = leagueRegistrationPhases(league, seasonOf(league, 2026));
    expect(phaseAt(phases, wib('2026-07-20T12:00:00'))?.label).toBe('Pendaftaran dibuka 1 Agustus 2026');
    expect(phaseAt(phases, wib('2026-09-20T23:00:00'))?.label).toBe('Pendaftaran dibuka hingga 20 September 2026');
    expect(phaseAt(phases, wib('2026-09-21T00:00:00'))).toEqual({
      at: '2026-09-20T23:59:59+07:00',
      state: 'closed',
      label: 'Pendaftaran ditutup, dibuka lagi 1 Agustus 2027',
    });
  });
});

describe('LeagueSchema', () => {
  const problems = (changes: Partial<Record<keyof League, unknown>>) => {
    const result = LeagueSchema.safeParse({ ...league, ...changes });
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('refuses dates a calendar does not have every year', () => {
    expect(problems({ registration: { opens: '8-1', closes: '09-20' } })[0]).toMatch(/^registration\.opens: tanggal ditulis BB-HH/);
    expect(problems({ registration: { opens: '02-29', closes: '09-20' } })[0]).toMatch(/29 Februari/);
    expect(problems({ registration: { opens: '04-31', closes: '09-20' } })).not.toEqual([]);
  });

  it('refuses a season out of order, naming the field', () => {
    const [first, second, third] = league.phases as [League['phases'][number], League['phases'][number], League['phases'][number]];
    expect(problems({ phases: [{ ...first, starts: '09-10', ends: '09-10' }, second, third] })).toEqual([
      'phases.0.starts: babak dimulai setelah pendaftaran dan babak sebelumnya selesai',
    ]);
    expect(problems({ phases: [first, third, second] })).toContain(
      'phases.2.starts: babak dimulai setelah pendaftaran dan babak sebelumnya selesai',
    );
    expect(problems({ phases: [first, second, { ...third, starts: '01-16', ends: '01-15' }] })).toEqual([
      'phases.2.ends: babak selesai sebelum dimulai',
    ]);
    expect(problems({ final: { ...league.final, date: '01-10' } })).toEqual([
      'final.date: final tidak boleh sebelum babak terakhir selesai',
    ]);
    expect(problems({ milestones: [{ title: 'Terlambat', date: '02-01' }] })).toEqual([
      'milestones.0.date: tanggal sesudah final: musim berakhir di final',
    ]);
  });

  it.each([
    ['demo', SHARED_DIR],
    ['smkcoding', 'smkcoding'],
  ])('%s: the shipped league season has the three phases of the original league, its page the call to register', (code, pageDir) => {
    const season = loadTenantCatalogue(join(process.cwd(), 'tenants'), code).league?.season;
    expect(season?.phases.map((phase) => phase.name)).toEqual(['Slicing Brawl', 'Coding Clash', 'Hacker Glory']);
    const page = readPageFrontMatter(join(process.cwd(), 'tenants', pageDir, 'content', 'pages', 'Liga-Smk.md'));
    expect(page.hero.cta?.href).toBe('/Liga-Smk/Register');
    expect(page.blocks.map((block) => block.type)).toContain('faq');
  });
});

describe('formatDateRange', () => {
  it('writes a span of days as Indonesians do', () => {
    expect(formatDateRange('2026-10-04T00:00:00+07:00', '2026-10-04T23:59:59+07:00')).toBe('4 Oktober 2026');
    expect(formatDateRange('2027-01-15T00:00:00+07:00', '2027-01-16T23:59:59+07:00')).toBe('15–16 Januari 2027');
    expect(formatDateRange('2026-08-01T00:00:00+07:00', '2026-09-20T23:59:59+07:00')).toBe('1 Agustus – 20 September 2026');
    expect(formatDateRange('2026-10-04T00:00:00+07:00', '2027-01-16T23:59:59+07:00')).toBe('4 Oktober 2026 – 16 Januari 2027');
  });
});
