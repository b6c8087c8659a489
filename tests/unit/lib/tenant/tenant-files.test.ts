import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveVariant } from '~/lib/tenant/layouts';
import { listTenantCodes, loadTenant, loadTenantContent, readPageFrontMatter, SHARED_DIR } from '~/lib/tenant/load';

/** Every tenant the product ships must load, so a broken demo never reaches a build. */
const root = join(process.cwd(), 'tenants');

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(dir, name));
}

describe('shipped tenants', () => {
  const codes = listTenantCodes(root);

  it('include the demo tenants the product promises', () => {
    expect(codes).toEqual(expect.arrayContaining(['demo', 'foundation', 'smkcoding', 'bharabas', 'ruangcipta', 'elevaite']));
    const maintenance = codes.map((code) => loadTenant(root, code)).filter((t) => t.setting.isMaintenance === undefined);
    expect(maintenance.length).toBeGreaterThan(0);
  });

  it('cover every site variant with at least one tenant', () => {
    const variants = new Set(codes.map((code) => resolveVariant(loadTenant(root, code).setting.layout)));
    expect(variants.size).toBe(11);
  });

  it.each(codes)('%s: tenant.json, site.json and home.json are valid', (code) => {
    const tenant = loadTenant(root, code);
    expect(tenant.code).toBe(code);
    const content = loadTenantContent(root, code);
    expect(content.home.hero.heading.length).toBeGreaterThan(0);
    for (const asset of [tenant.setting.logoDark, tenant.setting.logoLight, tenant.setting.favicon]) {
      expect(existsSync(join(root, code, asset)), `${code}: ${asset}`).toBe(true);
    }
  });

  it('give every tenant a unique lms id, app code and host', () => {
    const tenants = codes.map((code) => loadTenant(root, code));
    for (const key of ['lmsId', 'appCode'] as const) {
      expect(new Set(tenants.map((t) => t[key])).size).toBe(tenants.length);
    }
    const hosts = tenants.flatMap((t) => t.hosts);
    expect(new Set(hosts).size).toBe(hosts.length);
  });

  it.each([SHARED_DIR, ...codes])('%s: every Markdown page has valid front matter', (code) => {
    for (const file of markdownFiles(join(root, code, 'content', 'pages'))) {
      expect(() => readPageFrontMatter(file), file).not.toThrow();
    }
  });
});
