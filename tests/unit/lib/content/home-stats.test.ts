import { describe, expect, it } from 'vitest';
import type { ClassSummary } from '~/contract/classes';
import { COUNTER_FLAGS, type CounterFlag } from '~/contract/statistics';
import { homeStats } from '~/lib/content/home-stats';
import type { ContentSource } from '~/lib/content/source';
import { fakeSource } from './fake-source';

type Statistics = Awaited<ReturnType<ContentSource['statistics']>>;

const statistics = (figures: { students: number; cities: number; mentors?: number; schools?: number }, fallback = false): Statistics => {
  const counters = { ...Object.fromEntries(COUNTER_FLAGS.map((flag) => [flag, 0])), ...figures } as Record<CounterFlag, number>;
  return {
    counters,
    landing: fallback
      ? { short: 31, full: 43_700, fallback: true, counters }
      : { short: figures.cities, full: figures.students, fallback: false, counters },
    charts: [],
    provinces: [
      { id: '32', name: 'Jawa Barat', schools: 3, students: 90, alumni: 10 },
      { id: '35', name: 'Jawa Timur', schools: 1, students: 20, alumni: 2 },
    ],
    scores: [],
  };
};

describe('homeStats', () => {
  it("shows participants and cities from the tenant's data, never the typed figure", async () => {
    const { source } = fakeSource({ statistics: async () => statistics({ students: 1234, cities: 7 }) });
    const shown = await homeStats(
      [
        { counter: 'participants', label: 'Peserta terlatih' },
        { value: '87%', label: 'Alumni bekerja' },
        { counter: 'cities', label: 'Kota terjangkau' },
        { counter: 'provinces', label: 'Provinsi' },
      ],
      source,
    );
    expect(shown).toEqual([
      { value: '1.234', label: 'Peserta terlatih' },
      { value: '87%', label: 'Alumni bekerja' },
      { value: '7', label: 'Kota terjangkau' },
      { value: '2', label: 'Provinsi' },
    ]);
  });

  it("falls back to SPEC's 43700 participants and 31 cities only for a tenant without data", async () => {
    const { source } = fakeSource({ statistics: async () => statistics({ students: 0, cities: 0 }, true) });
    const shown = await homeStats(
      [
        { counter: 'participants', label: 'Peserta' },
        { counter: 'cities', label: 'Kota' },
      ],
      source,
    );
    expect(shown.map((stat) => stat.value)).toEqual(['43.700', '31']);
  });

  it('counts published classes, and leaves out a figure the data holds none of rather than showing 0', async () => {
    const { source, calls } = fakeSource({
      statistics: async () => statistics({ students: 50, cities: 2, mentors: 0 }),
      allClasses: async () => [{}, {}, {}] as ClassSummary[],
    });
    const shown = await homeStats(
      [
        { counter: 'classes', label: 'Kelas dan lokakarya' },
        { counter: 'mentors', label: 'Mentor praktisi' },
      ],
      source,
    );
    expect(shown).toEqual([{ value: '3', label: 'Kelas dan lokakarya' }]);
    expect(calls.map((call) => call.method).sort()).toEqual(['allClasses', 'statistics']);
  });

  it('reads nothing when every figure is typed', async () => {
    const { source, calls } = fakeSource({});
    expect(await homeStats([{ value: '4,8/5', label: 'Rata-rata penilaian' }], source)).toEqual([
      { value: '4,8/5', label: 'Rata-rata penilaian' },
    ]);
    expect(calls).toEqual([]);
  });
});
