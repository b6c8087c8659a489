import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_FLAGS } from '~/contract/statistics';
import type { ApiClient } from '~/lib/api';
import {
  getChart,
  getCounters,
  getLandingCounters,
  getPlainCounters,
  getProvinceFigures,
  getProvinceScores,
  getRegistrarChart,
  getStatistics,
  getStudentsChart,
  listLeaderboard,
  listStatisticBatches,
  recordStatistic,
} from '~/lib/api/statistics';
import { appClientOf, clientOf, otherTenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';
import { generateAppToken } from './support/tokens';

/**
 * Statistics and leaderboards on the seeded catalogue: every counter an aggregate of the tenant's rows
 * (a new row moves it), SPEC §9's 31 and 43700 only for a tenant without any data.
 */

const failsWith = (call: Promise<unknown>, statusCode: number) => expect(call).rejects.toMatchObject({ statusCode });

describe.each(await dbKinds())('statistics and leaderboards on %s', (kind) => {
  const platform = platformFor(kind);
  let site: ApiClient;

  beforeAll(async () => {
    site = await appClientOf(platform);
  }, 60_000);

  it('counts the seeded catalogue: schools, their students and graduates, mentors, programs, cities', async () => {
    const counters = await getCounters(site);
    expect(Object.keys(counters).sort()).toEqual([...COUNTER_FLAGS].sort());
    // 8 schools: 7 in Coding untuk SMK (630 students, 265 graduates) and 1 in Guru Penggerak (40, 40); 1 enrolled learner;
    // cohorts recorded before the platform: FWD-B1 (32, 28 graduates), FWD-B2 (48) and DAM-B3 (40).
    expect(counters).toMatchObject({ schools: 8, schools_alumni: 6, mentors: 8, programs: 5, students: 791, alumni: 333 });
    // Held cities of classes and schools' cities: Bandung, Jakarta Pusat/Selatan, Surabaya, Semarang, Yogyakarta, Makassar, Medan, Denpasar.
    expect(counters.cities).toBe(9);
    expect(await getCounters(site, ['mentors', 'programs'])).toEqual({ mentors: 8, programs: 5 });
    expect(await getPlainCounters(site)).toEqual(counters);
  });

  it('moves a counter when the data changes', async () => {
    const before = (await getCounters(site, ['mentors'])).mentors ?? 0;
    const { lmsId } = site.credentials();
    await platform.deps.db.execute(sql`insert into mentors (lms_id, slug, name) values (${lmsId}, 'mentor-baru', 'Mentor Baru')`);
    expect((await getCounters(site, ['mentors'])).mentors).toBe(before + 1);
    await platform.deps.db.execute(sql`update mentors set is_active = false where lms_id = ${lmsId} and slug = 'mentor-baru'`);
    expect((await getCounters(site, ['mentors'])).mentors).toBe(before);
  });

  it('gives the landing figures from the data, and SPEC §9’s 31 and 43700 only to a tenant without any', async () => {
    const landing = await getLandingCounters(site);
    expect(landing).toMatchObject({ fallback: false, short: 9, full: 791 });
    const other = await otherTenantOf(platform);
    for (const table of ['enrolments', 'classes', 'mentors', 'schools', 'programs']) {
      await platform.deps.db.execute(sql`delete from ${sql.identifier(table)} where lms_id = ${other.lmsId}`);
    }
    const empty = clientOf(platform);
    empty.setCredentials({ appToken: (await generateAppToken(platform, { appCode: other.appCode })).wire, lmsId: other.lmsId });
    expect(await getLandingCounters(empty)).toMatchObject({ fallback: true, short: 31, full: 43_700 });
    expect(Object.values((await getLandingCounters(empty)).counters).every((value) => value === 0)).toBe(true);
  });

  it('charts the last 12 months from enrolments and recorded events, and refuses an unknown chart (404)', async () => {
    const visits = await getChart(site, 'visits');
    expect(visits.points).toHaveLength(12);
    expect(visits.points.reduce((sum, point) => sum + point.value, 0)).toBeGreaterThan(0);
    const before = (await getChart(site, 'registrations')).points.at(-1)?.value ?? 0;
    await recordStatistic(site, { type: 'registration', subject: 'FWD-2026-B3', provinceId: '32', cityId: '32.73' });
    expect((await getChart(site, 'registrations')).points.at(-1)?.value).toBe(before + 1);
    await failsWith(getChart(site, 'penjualan'), 404);
    const overview = await getStatistics(site);
    expect(overview.charts.map((chart) => chart.type)).toEqual(['registrations', 'completions', 'visits']);
  });

  it('refuses a record without the app token (401) or with a bad type (400)', async () => {
    await failsWith(recordStatistic(clientOf(platform), { type: 'visit' }), 401);
    await failsWith(recordStatistic(site, { type: 'klik' as 'visit' }), 400);
    await failsWith(recordStatistic(site, { type: 'visit', cityId: 'Bandung' }), 400);
  });

  it('answers provinces, province scores, students and registrar charts and active batches', async () => {
    const provinces = await getProvinceFigures(site);
    expect(provinces[0]).toMatchObject({ id: '32', name: 'Jawa Barat', schools: 1, students: 120, alumni: 80 });
    const scores = await getProvinceScores(site);
    expect(scores.map((score) => score.id)).toContain('51');
    expect(scores.every((score, index) => index === 0 || (scores[index - 1]?.average ?? 0) >= score.average)).toBe(true);
    expect((await getStudentsChart(site)).points[0]).toEqual({ label: 'Jawa Barat', value: 120 });
    // Classes registered in Bandung: 4 of the coding catalogue and Pesilat's 3.
    expect((await getRegistrarChart(site)).points[0]).toEqual({ label: 'Kota Bandung', value: 7 });
    expect(await listStatisticBatches(site)).toMatchObject({ total_data: 3, current_page: 1 });
  });

  it('ranks a leaderboard by score with shared ranks for ties, keeps ranks under a search, and pages 10 by default', async () => {
    const board = await listLeaderboard(site, { board: 'liga-smk' });
    expect(board).toMatchObject({ perPage: 10, totalItems: 16, totalPages: 2 });
    expect(board.items.slice(0, 4).map((entry) => [entry.rank, entry.name])).toEqual([
      [1, 'Tim Garuda Kode'],
      [2, 'Arek Ngoding'],
      [2, 'Byte Nusantara'],
      [4, 'Lumpia Dev'],
    ]);
    expect(board.items[0]?.province).toEqual({ id: '32', name: 'Jawa Barat' });
    const searched = await listLeaderboard(site, { board: 'liga-smk', search: 'lumpia' });
    expect(searched.items.map((entry) => [entry.rank, entry.name])).toEqual([[4, 'Lumpia Dev']]);
    expect((await listLeaderboard(site, { board: 'pelajar', page: 2 })).items).toHaveLength(5);
    await failsWith(listLeaderboard(site, { board: 'guru' as 'pelajar' }), 400);
  });
});
