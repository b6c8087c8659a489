import { isMaintenance } from '~/lib/tenant';
import type { HomeContent, HomeCounter } from '~/lib/tenant/content-schema';
import { type ContentSource, contentSource } from './source';

/** A home figure as the page shows it. */
export interface ShownStat {
  value: string;
  label: string;
}

const STATISTICS_COUNTERS: ReadonlySet<HomeCounter> = new Set([
  'participants',
  'cities',
  'alumni',
  'schools',
  'provinces',
  'mentors',
  'programs',
]);
const grouped = new Intl.NumberFormat('id-ID');

/**
 * The home page's figures: typed ones as written, counters from the tenant's data (its catalogue's,
 * when it shows another tenant's), so the home page never claims more than the data holds. A counter
 * at zero is left out rather than shown as "0"; participants and cities are SPEC §9's landing figures,
 * whose 43700 and 31 stand in only for a tenant with no data at all. Each source read happens once,
 * and only when some figure needs it.
 */
export async function homeStats(items: HomeContent['stats']['items'], source?: ContentSource): Promise<ShownStat[]> {
  const asked = new Set(items.flatMap((item) => (item.counter ? [item.counter] : [])));
  const figures = asked.size > 0 && !isMaintenance ? await countersOf(asked, source ?? contentSource()) : undefined;
  return items.flatMap((item) => {
    if (item.counter === undefined) return item.value === undefined ? [] : [{ value: item.value, label: item.label }];
    const figure = figures?.[item.counter] ?? 0;
    return figure > 0 ? [{ value: grouped.format(figure), label: item.label }] : [];
  });
}

async function countersOf(asked: ReadonlySet<HomeCounter>, source: ContentSource): Promise<Record<HomeCounter, number>> {
  const [stats, classes, courses] = await Promise.all([
    [...asked].some((counter) => STATISTICS_COUNTERS.has(counter)) ? source.statistics() : undefined,
    asked.has('classes') ? source.allClasses() : undefined,
    asked.has('courses') ? source.allCourses() : undefined,
  ]);
  return {
    participants: stats?.landing.full ?? 0,
    cities: stats?.landing.short ?? 0,
    alumni: stats?.counters.alumni ?? 0,
    schools: stats?.counters.schools ?? 0,
    provinces: stats?.provinces.length ?? 0,
    mentors: stats?.counters.mentors ?? 0,
    programs: stats?.counters.programs ?? 0,
    classes: classes?.length ?? 0,
    courses: courses?.length ?? 0,
  };
}
