import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HomeSchema } from '~/lib/tenant/content-schema';
import { listTenantCodes, loadTenantContent } from '~/lib/tenant/load';

/** What every brand's home page promises must lead to it, and its figures of people and places come from data. */
const root = join(process.cwd(), 'tenants');
const codes = listTenantCodes(root);

/** The home page's calls to action: the hero's two and the closing band's. */
function callsToAction(code: string) {
  const { hero, cta } = loadTenantContent(root, code).home;
  return [hero.cta, hero.secondaryCta, cta.cta].filter((link) => link !== undefined);
}

describe.each(codes)('%s home page', (code) => {
  it('sends a call to action that promises classes or programs to the catalogue', () => {
    for (const { label, href } of callsToAction(code)) {
      if (/\bkelas\b/i.test(label)) expect(['/Class', '/Program', '/Courses'], `"${label}"`).toContain(href);
      if (/^(lihat|daftar|ikuti) program$/i.test(label)) expect(href, `"${label}"`).toBe('/Program');
    }
  });

  it('reads its figures of participants, cities, classes and mentors from the data, never types them', () => {
    const typed = loadTenantContent(root, code).home.stats.items.filter(
      (item) =>
        item.value !== undefined &&
        !item.value.includes('%') &&
        !/maksimal/i.test(item.label) &&
        /^(peserta|siswa|penerima|profesional terlatih|lulusan|alumni|anggota|mentor|fasilitator|kota|kelas|smk)\b/i.test(item.label),
    );
    expect(typed, 'a typed figure: give it a "counter" instead').toEqual([]);
  });
});

describe('a home figure', () => {
  const home = loadTenantContent(root, 'demo').home;
  const withStat = (item: Record<string, string>) => HomeSchema.safeParse({ ...home, stats: { items: [item] } });

  it('is a counter of the data or a typed value, one of the two', () => {
    expect(withStat({ counter: 'participants', label: 'Peserta' }).success).toBe(true);
    expect(withStat({ value: '87%', label: 'Alumni bekerja' }).success).toBe(true);
    expect(withStat({ value: '43.700+', counter: 'participants', label: 'Peserta' }).success).toBe(false);
    expect(withStat({ label: 'Peserta' }).success).toBe(false);
    expect(withStat({ counter: 'pengunjung', label: 'Pengunjung' }).success).toBe(false);
  });
});
