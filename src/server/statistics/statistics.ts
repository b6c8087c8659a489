import { sql } from 'drizzle-orm';
import {
  CHART_TYPES,
  type Chart,
  type ChartType,
  COUNTER_FLAGS,
  type CounterFlag,
  type Counters,
  type LandingCounters,
  type ProvinceFigures,
  type ProvinceScore,
} from '~/contract/statistics';
import type { Db } from '../db/client';
import { statisticEvents } from '../db/schema';
import { cityNames } from '../platform/areas';

/**
 * The statistics of SPEC §7, every figure an SQL aggregate of the tenant's own rows (enrolments,
 * schools in programs, cohorts' recorded learners, classes, mentors, programs, recorded events). SPEC §9's counters 'short' 31
 * and 'full' 43700 are the landing page's figures only for a tenant with no data at all.
 */

/** SPEC §9 "Counters: 'short' 31 and 'full' 43700": cities and participants of a tenant with no data. */
export const LANDING_FALLBACK = { short: 31, full: 43_700 } as const;

/** The rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
export const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every counter of the tenant (SPEC §3 counter flags), computed in one query. */
export async function allCounters(db: Db, lmsId: string): Promise<Record<CounterFlag, number>> {
  const [row] = rows<Record<CounterFlag, number | string>>(
    await db.execute(sql`
      with
        own_classes as (select * from classes where lms_id = ${lmsId} and is_published),
        learners as (select e.* from enrolments e join own_classes c on c.id = e.class_id where e.status <> 'cancelled'),
        own_schools as (select * from schools where lms_id = ${lmsId}),
        links as (select ps.* from program_schools ps join programs p on p.id = ps.program_id where p.lms_id = ${lmsId} and p.is_active),
        cohorts as (select b.* from batches b join programs p on p.id = b.program_id where p.lms_id = ${lmsId} and p.is_active),
        running as (
          select * from own_classes
          where always_open or ((ends_at is null or now() <= ends_at) and (registration_opens_at is null or now() >= registration_opens_at))
        )
      select
        (select count(distinct user_id) from learners) + (select coalesce(sum(students), 0) from links)
          + (select coalesce(sum(participants), 0) from cohorts) as students,
        (select count(distinct user_id) from learners where status = 'completed') + (select coalesce(sum(graduates), 0) from links)
          + (select coalesce(sum(graduates), 0) from cohorts) as alumni,
        (select count(*) from (select held_city_id as city from own_classes where held_city_id is not null
                                union select city_id from own_schools) cities) as cities,
        (select count(distinct held_city_id) from running) as cities_active,
        (select count(*) from (select s.city_id from own_schools s join links l on l.school_id = s.id where l.graduates > 0
                                union select u.city_id from users u join learners e on e.user_id = u.id
                                  where e.status = 'completed' and u.city_id is not null) cities) as cities_alumni,
        (select count(*) from own_schools) as schools,
        (select count(distinct l.school_id) from links l join batches b on b.program_id = l.program_id
          where now() between b.starts_at and b.ends_at) as schools_active,
        (select count(distinct school_id) from links where graduates > 0) as schools_alumni,
        (select count(*) from mentors where lms_id = ${lmsId} and is_active) as mentors,
        (select count(*) from programs where lms_id = ${lmsId} and is_active) as programs
    `),
  );
  return Object.fromEntries(COUNTER_FLAGS.map((flag) => [flag, Number(row?.[flag] ?? 0)])) as Record<CounterFlag, number>;
}

/** The counters asked for (none asked: all), as GET v1/statistics/counter answers. */
export async function counters(db: Db, lmsId: string, asked: Partial<Record<CounterFlag, boolean | undefined>>): Promise<Counters> {
  const all = await allCounters(db, lmsId);
  const wanted = COUNTER_FLAGS.filter((flag) => asked[flag]);
  return Object.fromEntries((wanted.length ? wanted : COUNTER_FLAGS).map((flag) => [flag, all[flag]]));
}

/** The landing page's headline figures: cities ('short') and participants ('full'), SPEC's fallbacks only without any data. */
export async function landingCounters(db: Db, lmsId: string): Promise<LandingCounters> {
  const all = await allCounters(db, lmsId);
  const empty = Object.values(all).every((value) => value === 0);
  return empty
    ? { ...LANDING_FALLBACK, fallback: true, counters: all }
    : { short: all.cities, full: all.students, fallback: false, counters: all };
}

const CHART_TITLES: Record<ChartType, string> = {
  registrations: 'Pendaftaran per bulan',
  completions: 'Kelulusan per bulan',
  visits: 'Kunjungan per bulan',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];

/** A chart of the last 12 months (Jakarta time), one point a month, from enrolments and recorded events. */
export async function chart(db: Db, lmsId: string, type: ChartType): Promise<Chart> {
  const enrolmentColumn =
    type === 'registrations' ? sql`e.enrolled_at` : type === 'completions' ? sql`e.completed_at` : sql`null::timestamptz`;
  const eventType = type === 'registrations' ? 'registration' : type === 'completions' ? 'completion' : 'visit';
  const points = rows<{ month: string; value: number | string }>(
    await db.execute(sql`
      with months as (
        select generate_series(
          date_trunc('month', now() at time zone 'Asia/Jakarta') - interval '11 months',
          date_trunc('month', now() at time zone 'Asia/Jakarta'),
          interval '1 month') as month
      ),
      happened as (
        select date_trunc('month', ${enrolmentColumn} at time zone 'Asia/Jakarta') as month, 1 as value
          from enrolments e join classes c on c.id = e.class_id
          where c.lms_id = ${lmsId} and ${enrolmentColumn} is not null
        union all
        select date_trunc('month', ${statisticEvents.recordedAt} at time zone 'Asia/Jakarta'), ${statisticEvents.value}
          from ${statisticEvents} where ${statisticEvents.lmsId} = ${lmsId} and ${statisticEvents.type} = ${eventType}
      )
      select to_char(m.month, 'YYYY-MM') as month, coalesce(sum(h.value), 0) as value
      from months m left join happened h on h.month = m.month
      group by m.month order by m.month
    `),
  );
  return {
    type,
    title: CHART_TITLES[type],
    points: points.map((point) => {
      const [year, month] = point.month.split('-');
      return { label: `${MONTHS[Number(month) - 1]} ${year}`, value: Number(point.value) };
    }),
  };
}

/** Every chart type. */
export const allCharts = (db: Db, lmsId: string) => Promise.all(CHART_TYPES.map((type) => chart(db, lmsId, type)));

/** Per province with schools: schools, students and graduates of its schools (statistic/provincies), most students first. */
export async function provinceFigures(db: Db, lmsId: string): Promise<ProvinceFigures[]> {
  const [found, names] = await Promise.all([
    db.execute(sql`
      select s.province_id as id, count(distinct s.id) as schools,
             coalesce(sum(ps.students), 0) as students, coalesce(sum(ps.graduates), 0) as alumni
      from schools s left join program_schools ps on ps.school_id = s.id
      where s.lms_id = ${lmsId}
      group by s.province_id
      order by students desc, s.province_id
    `),
    cityNames(),
  ]);
  return rows<{ id: string; schools: number | string; students: number | string; alumni: number | string }>(found).map((row) => ({
    id: row.id,
    name: names.get(row.id) ?? row.id,
    schools: Number(row.schools),
    students: Number(row.students),
    alumni: Number(row.alumni),
  }));
}

/** Per province: entries, total and average (rounded) of leaderboard scores (statistic/provincies/score), best average first. */
export async function provinceScores(db: Db, lmsId: string): Promise<ProvinceScore[]> {
  const [found, names] = await Promise.all([
    db.execute(sql`
      select province_id as id, count(*) as entries, sum(score) as total, round(avg(score)) as average
      from leaderboard_scores where lms_id = ${lmsId} and province_id is not null
      group by province_id order by average desc, province_id
    `),
    cityNames(),
  ]);
  return rows<{ id: string; entries: number | string; total: number | string; average: number | string }>(found).map((row) => ({
    id: row.id,
    name: names.get(row.id) ?? row.id,
    entries: Number(row.entries),
    total: Number(row.total),
    average: Number(row.average),
  }));
}

/** Students per province (statistic/students/chart), as chart points. */
export async function studentsChart(db: Db, lmsId: string): Promise<Chart> {
  const provinces = await provinceFigures(db, lmsId);
  return {
    type: 'students',
    title: 'Peserta per provinsi',
    points: provinces.map((province) => ({ label: province.name, value: province.students })),
  };
}

/** Published classes per registrar city (statistic/registrar/chart), most first. */
export async function registrarChart(db: Db, lmsId: string): Promise<Chart> {
  const [found, names] = await Promise.all([
    db.execute(sql`
      select registrar_city_id as id, count(*) as value from classes
      where lms_id = ${lmsId} and is_published and registrar_city_id is not null
      group by registrar_city_id order by value desc, registrar_city_id
    `),
    cityNames(),
  ]);
  return {
    type: 'registrar',
    title: 'Kelas per kota pendaftar',
    points: rows<{ id: string; value: number | string }>(found).map((row) => ({
      label: names.get(row.id) ?? row.id,
      value: Number(row.value),
    })),
  };
}

/** Records one statistics event of the tenant. */
export async function recordEvent(
  db: Db,
  lmsId: string,
  event: { type: string; subject: string; provinceId?: string | undefined; cityId?: string | undefined },
): Promise<void> {
  await db
    .insert(statisticEvents)
    .values({ lmsId, type: event.type, subject: event.subject, provinceId: event.provinceId ?? null, cityId: event.cityId ?? null });
}
