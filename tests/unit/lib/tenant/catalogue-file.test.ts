import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenantCatalogue } from '~/lib/tenant/catalogue-file';
import { listTenantCodes, loadTenant } from '~/lib/tenant/load';

/** Every brand's catalogue seed loads, and no brand copies another's (docs/design.md: each catalogue row belongs to one tenant). */
const root = join(process.cwd(), 'tenants');
const codes = listTenantCodes(root);
const loaded = new Map<string, ReturnType<typeof loadTenantCatalogue>>();
/** A tenant's catalogue, read once: a broken file fails the tests that read it, naming the file. */
function catalogueOf(code: string) {
  if (!loaded.has(code)) loaded.set(code, loadTenantCatalogue(root, code));
  return loaded.get(code) as ReturnType<typeof loadTenantCatalogue>;
}
const allCatalogues = () => new Map(codes.map((code) => [code, catalogueOf(code)]));

describe('tenant catalogue seeds', () => {
  it.each(codes)('%s: has a catalogue of its own, or shares one by setting', (code) => {
    const tenant = loadTenant(root, code);
    const own = catalogueOf(code);
    if (tenant.catalogueFrom) {
      expect(own.classes).toEqual([]);
      expect(catalogueOf(tenant.catalogueFrom).classes.length).toBeGreaterThan(0);
    } else {
      expect(own.classes.length, `${code} has no classes`).toBeGreaterThan(0);
    }
  });

  it('no two brands sell a class, course or mentor of the same name', () => {
    const owners = new Map<string, string>();
    const clashes: string[] = [];
    for (const [code, catalogue] of allCatalogues()) {
      const names = [
        ...catalogue.classes.map((item) => `kelas ${item.name}`),
        ...catalogue.courses.map((item) => `kursus ${item.title}`),
        ...catalogue.mentors.map((item) => `mentor ${item.name}`),
      ];
      for (const name of names) {
        const owner = owners.get(name);
        if (owner && owner !== code) clashes.push(`${name}: ${owner} dan ${code}`);
        owners.set(name, code);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('only the brands that run a league or a festival have one', () => {
    const with_ = (key: 'league' | 'festival') => codes.filter((code) => catalogueOf(code)[key]).sort();
    expect(with_('league')).toEqual(['demo', 'smkcoding']);
    expect(with_('festival')).toEqual(['demo']);
  });

  it('no class types its own duration or batch: those come from its dates and its batch', () => {
    const typed = [...allCatalogues()].flatMap(([code, catalogue]) =>
      catalogue.classes
        .filter((item) =>
          /\b(\d+|satu|dua|tiga|empat|lima|enam|tujuh|delapan|sembilan|sepuluh|sebelas|dua belas)\s*(minggu|bulan|hari|pekan)\b|\b(batch|angkatan)\s*\d/i.test(
            `${item.name} ${item.summary} ${item.description}`,
          ),
        )
        .map((item) => `${code} ${item.code}`),
    );
    expect(typed).toEqual([]);
  });
});
