import { miniEnvelope, z } from '~/contract/mini';
import type { BatchPage } from '~/contract/programs';
import { BatchActiveResponseSchema } from '~/contract/programs';
import {
  type Chart,
  ChartResponseSchema,
  type CounterFlag,
  type Counters,
  CountersResponseSchema,
  type LandingCounters,
  LandingCountersResponseSchema,
  type Leaderboard,
  type LeaderboardPage,
  LeaderboardResponseSchema,
  type ProvinceFigures,
  type ProvinceScore,
  ProvinceScoresResponseSchema,
  ProvincesResponseSchema,
  type StatisticsOverview,
  StatisticsOverviewResponseSchema,
} from '~/contract/statistics';
import type { ApiClient, RequestOptions } from './client';

/** POST v1/statistics/record: one event (a visit, a registration, …) of the tenant. */
export async function recordStatistic(
  client: ApiClient,
  event: { type: 'visit' | 'registration' | 'completion' | 'download'; subject?: string; provinceId?: string; cityId?: string },
  options?: RequestOptions,
): Promise<void> {
  await client.call('main', 'v1/statistics/record', miniEnvelope(z.null()), { ...options, method: 'POST', body: event });
}

/** GET v1/statistics/counter with the counter flags asked for (none: all). */
export async function getCounters(client: ApiClient, flags: CounterFlag[] = [], options?: RequestOptions): Promise<Counters> {
  const query = Object.fromEntries(flags.map((flag) => [flag, true]));
  return (await client.call('main', 'v1/statistics/counter', CountersResponseSchema, { ...options, query })).data;
}

/** GET v1/leaderboard/list. */
export async function listLeaderboard(
  client: ApiClient,
  params: { board: Leaderboard; page?: number; pageSize?: number; search?: string },
  options?: RequestOptions,
): Promise<LeaderboardPage> {
  return (await client.call('main', 'v1/leaderboard/list', LeaderboardResponseSchema, { ...options, query: { ...params } })).data;
}

/* The statistics host (base `stats`). */

export async function getStatistics(client: ApiClient, options?: RequestOptions): Promise<StatisticsOverview> {
  return (await client.call('stats', 'statistics', StatisticsOverviewResponseSchema, options ?? {})).data;
}
export async function getProvinceFigures(client: ApiClient, options?: RequestOptions): Promise<ProvinceFigures[]> {
  return (await client.call('stats', 'statistic/provincies', ProvincesResponseSchema, options ?? {})).data;
}
export async function getProvinceScores(client: ApiClient, options?: RequestOptions): Promise<ProvinceScore[]> {
  return (await client.call('stats', 'statistic/provincies/score', ProvinceScoresResponseSchema, options ?? {})).data;
}
export async function getLandingCounters(client: ApiClient, options?: RequestOptions): Promise<LandingCounters> {
  return (await client.call('stats', 'statistic/landing/counter', LandingCountersResponseSchema, options ?? {})).data;
}
export async function getPlainCounters(client: ApiClient, options?: RequestOptions): Promise<Counters> {
  return (await client.call('stats', 'statistic/counter', CountersResponseSchema, options ?? {})).data;
}
export async function getChart(client: ApiClient, type: string, options?: RequestOptions): Promise<Chart> {
  return (await client.call('stats', `statistic/chart/${encodeURIComponent(type)}`, ChartResponseSchema, options ?? {})).data;
}
export async function getStudentsChart(client: ApiClient, options?: RequestOptions): Promise<Chart> {
  return (await client.call('stats', 'statistic/students/chart', ChartResponseSchema, options ?? {})).data;
}
export async function getRegistrarChart(client: ApiClient, options?: RequestOptions): Promise<Chart> {
  return (await client.call('stats', 'statistic/registrar/chart', ChartResponseSchema, options ?? {})).data;
}
export async function listStatisticBatches(
  client: ApiClient,
  params: { page?: number; pageSize?: number } = {},
  options?: RequestOptions,
): Promise<BatchPage> {
  return (await client.call('stats', 'statistic/batchs/active', BatchActiveResponseSchema, { ...options, query: { ...params } })).data;
}
