import { Hono } from 'hono';
import { BatchActiveQuerySchema } from '~/contract/programs';
import { CHART_TYPES, type ChartType, CounterQuerySchema, LeaderboardQuerySchema, StatisticRecordSchema } from '~/contract/statistics';
import { batchesOf, countActiveBatches, listActiveClasses } from '../catalogue';
import type { ApiDeps, ApiEnv } from '../context';
import { rateLimit } from '../http/rate-limit';
import { created, ok } from '../http/respond';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken } from '../identity';
import { fail } from '../platform/errors';
import { listLeaderboard } from './leaderboards';
import {
  allCharts,
  allCounters,
  chart,
  counters,
  landingCounters,
  provinceFigures,
  provinceScores,
  recordEvent,
  registrarChart,
  studentsChart,
} from './statistics';

/** The main API's statistics calls (SPEC §7): record an event, the counters; and the leaderboards. */
export function statisticsRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);

  app.post('/v1/statistics/record', rateLimit(deps, { name: 'statistics-record', limit: 60, windowMs: 60_000 }), token, async (c) => {
    // Events count toward the statistics of the catalogue the tenant shows (its own, or the one it shares).
    await recordEvent(deps.db, c.get('tenant').catalogueLmsId, await readJson(c, StatisticRecordSchema));
    return created(c, null, 'Tercatat');
  });
  app.get('/v1/statistics/counter', token, async (c) =>
    ok(c, await counters(deps.db, c.get('tenant').catalogueLmsId, readQuery(c, CounterQuerySchema))),
  );
  app.get('/v1/leaderboard/list', token, async (c) =>
    ok(c, await listLeaderboard(deps.db, c.get('tenant').catalogueLmsId, readQuery(c, LeaderboardQuerySchema))),
  );
  return app;
}

/** The statistics host (docs/design.md base `/api/stats/`): overview, provinces, counters, charts, batches, extensions. */
export function statsHostRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  app.use(requireAppToken(deps));
  // Statistics are of the catalogue the tenant shows (its own, or the one it shares).
  const lmsId = (c: { get(key: 'tenant'): { catalogueLmsId: string } }) => c.get('tenant').catalogueLmsId;

  app.get('/statistics', async (c) => {
    const id = lmsId(c);
    const [landing, charts, provinces] = await Promise.all([
      landingCounters(deps.db, id),
      allCharts(deps.db, id),
      provinceFigures(deps.db, id),
    ]);
    return ok(c, { counters: landing.counters, landing, charts, provinces });
  });
  app.get('/statistic/provincies', async (c) => ok(c, await provinceFigures(deps.db, lmsId(c))));
  app.get('/statistic/provincies/score', async (c) => ok(c, await provinceScores(deps.db, lmsId(c))));
  app.get('/statistic/landing/counter', async (c) => ok(c, await landingCounters(deps.db, lmsId(c))));
  app.get('/statistic/counter', async (c) => ok(c, await allCounters(deps.db, lmsId(c))));
  app.get('/statistic/chart/:type', async (c) => {
    const type = c.req.param('type');
    if (!(CHART_TYPES as readonly string[]).includes(type)) throw fail('chartNotFound', { type, types: CHART_TYPES });
    return ok(c, await chart(deps.db, lmsId(c), type as ChartType));
  });
  app.get('/statistic/batchs/active', async (c) => {
    const { page, pageSize } = readQuery(c, BatchActiveQuerySchema);
    const [data, total] = await Promise.all([
      batchesOf(deps.db, lmsId(c), { active: true, page, pageSize }),
      countActiveBatches(deps.db, lmsId(c)),
    ]);
    return ok(c, { data, current_page: page, last_page: Math.max(1, Math.ceil(total / pageSize)), per_page: pageSize, total_data: total });
  });
  app.get('/statistic/batchs/active/:id{[0-9]{1,10}}', async (c) => {
    const batch = (await batchesOf(deps.db, lmsId(c), { active: true })).find((one) => one.id === Number(c.req.param('id')));
    if (!batch) throw fail('activeBatchNotFound');
    return ok(c, batch);
  });
  app.get('/statistic/students/chart', async (c) => ok(c, await studentsChart(deps.db, lmsId(c))));
  app.get('/statistic/registrar/chart', async (c) => ok(c, await registrarChart(deps.db, lmsId(c))));
  // Continuing-education extensions: competence tests open now or soon, for alumni to extend a certificate.
  app.get('/ce/extensions', async (c) =>
    ok(c, (await listActiveClasses(deps.db, lmsId(c), { page: 1, pageSize: 100, filters: { type: 'kompetensi' } })).items),
  );
  return app;
}
