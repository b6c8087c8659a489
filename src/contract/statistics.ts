import { miniEnvelope, z } from './mini';
import { paged } from './paged';

/**
 * Statistics (SPEC §3 "Statistics data", §7 "Statistics") and leaderboards. zod/mini like the rest of
 * the catalogue. Every figure is an aggregate of the tenant's rows; SPEC §9's 'short' 31 and 'full'
 * 43700 stand in only for a tenant with no data at all (see server/statistics/statistics.ts).
 */

/** The counter flags of GET v1/statistics/counter (SPEC §3). */
export const COUNTER_FLAGS = [
  'alumni',
  'cities',
  'cities_active',
  'cities_alumni',
  'schools',
  'schools_active',
  'schools_alumni',
  'students',
  'mentors',
  'programs',
] as const;
export type CounterFlag = (typeof COUNTER_FLAGS)[number];
export type Counters = Partial<Record<CounterFlag, number>>;

/** Each counter's Indonesian label, for pages. */
export const COUNTER_LABELS: Record<CounterFlag, string> = {
  alumni: 'Alumni',
  cities: 'Kota',
  cities_active: 'Kota dengan kelas berjalan',
  cities_alumni: 'Kota asal alumni',
  schools: 'Sekolah mitra',
  schools_active: 'Sekolah aktif',
  schools_alumni: 'Sekolah dengan lulusan',
  students: 'Peserta',
  mentors: 'Mentor',
  programs: 'Program',
};

const flag = z.optional(
  z.pipe(
    z.enum(['true', 'false', '1', '0'], 'harus true atau false'),
    z.transform((value) => value === 'true' || value === '1'),
  ),
);
/** GET v1/statistics/counter: the flags asked for; none asked means all. */
export const CounterQuerySchema = z.strictObject(
  Object.fromEntries(COUNTER_FLAGS.map((name) => [name, flag])) as Record<CounterFlag, typeof flag>,
);
export const CountersSchema = z.record(z.enum(COUNTER_FLAGS), z.number());
export const CountersResponseSchema = miniEnvelope(z.partialRecord(z.enum(COUNTER_FLAGS), z.number()));

/** SPEC §9: the landing page's two headline figures, with their fallbacks. */
export const LandingCountersSchema = z.object({
  /** Cities reached ('short': 31 when the tenant has no data). */
  short: z.number(),
  /** Participants ('full': 43700 when the tenant has no data). */
  full: z.number(),
  /** Whether the figures are SPEC's fallbacks rather than the tenant's data. */
  fallback: z.boolean(),
  counters: CountersSchema,
});
export type LandingCounters = z.infer<typeof LandingCountersSchema>;
export const LandingCountersResponseSchema = miniEnvelope(LandingCountersSchema);

export const STATISTIC_EVENT_TYPES = ['visit', 'registration', 'completion', 'download'] as const;
/** POST v1/statistics/record. */
export const StatisticRecordSchema = z.strictObject({
  type: z.enum(STATISTIC_EVENT_TYPES, `type harus salah satu dari: ${STATISTIC_EVENT_TYPES.join(', ')}`),
  subject: z._default(z.string().check(z.maxLength(200, 'subject maksimal 200 karakter')), ''),
  provinceId: z.optional(z.string().check(z.regex(/^\d{2}$/, 'provinceId: kode provinsi dua digit'))),
  cityId: z.optional(z.string().check(z.regex(/^\d{2}\.\d{2}$/, 'cityId: kode kota, mis. 32.73'))),
});

/** Chart types of statistic/chart/{type}: per month, the last 12 months. */
export const CHART_TYPES = ['registrations', 'completions', 'visits'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const ChartPointSchema = z.object({ label: z.string(), value: z.number() });
export type ChartPoint = z.infer<typeof ChartPointSchema>;
export const ChartSchema = z.object({ type: z.string(), title: z.string(), points: z.array(ChartPointSchema) });
export type Chart = z.infer<typeof ChartSchema>;
export const ChartResponseSchema = miniEnvelope(ChartSchema);

/** A province's figures (statistic/provincies) and score (statistic/provincies/score). */
export const ProvinceFiguresSchema = z.object({
  id: z.string(),
  name: z.string(),
  schools: z.number(),
  students: z.number(),
  alumni: z.number(),
});
export type ProvinceFigures = z.infer<typeof ProvinceFiguresSchema>;
export const ProvinceScoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  entries: z.number(),
  total: z.number(),
  average: z.number(),
});
export type ProvinceScore = z.infer<typeof ProvinceScoreSchema>;
export const ProvincesResponseSchema = miniEnvelope(z.array(ProvinceFiguresSchema));
export const ProvinceScoresResponseSchema = miniEnvelope(z.array(ProvinceScoreSchema));

/** GET statistics: the overview a statistics page shows. */
export const StatisticsOverviewSchema = z.object({
  counters: CountersSchema,
  landing: LandingCountersSchema,
  charts: z.array(ChartSchema),
  provinces: z.array(ProvinceFiguresSchema),
});
export type StatisticsOverview = z.infer<typeof StatisticsOverviewSchema>;
export const StatisticsOverviewResponseSchema = miniEnvelope(StatisticsOverviewSchema);

/** Leaderboards: league teams and learners by score. */
export const LEADERBOARDS = ['liga-smk', 'pelajar'] as const;
export type Leaderboard = (typeof LEADERBOARDS)[number];
export const LeaderboardEntrySchema = z.object({
  /** Competition ranking: ties share a rank, the next rank skips (1, 2, 2, 4). */
  rank: z.number(),
  name: z.string(),
  subtitle: z.string(),
  province: z.nullable(z.object({ id: z.string(), name: z.string() })),
  score: z.number(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;
export const LeaderboardPageSchema = paged(LeaderboardEntrySchema);
export type LeaderboardPage = z.infer<typeof LeaderboardPageSchema>;
export const LeaderboardResponseSchema = miniEnvelope(LeaderboardPageSchema);
/** GET v1/leaderboard/list (board, page, pageSize 10, search). */
export const LeaderboardQuerySchema = z.strictObject({
  board: z.enum(LEADERBOARDS, `board harus salah satu dari: ${LEADERBOARDS.join(', ')}`),
  page: z._default(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,8}$/, 'page harus bilangan bulat lebih dari 0')), z.transform(Number)), 1),
  pageSize: z._default(z.pipe(z.string().check(z.regex(/^([1-9]\d?|100)$/, 'pageSize antara 1 dan 100')), z.transform(Number)), 10),
  search: z.optional(
    z.pipe(
      z.string(),
      z.transform((value) => value.trim().slice(0, 100)),
    ),
  ),
});
