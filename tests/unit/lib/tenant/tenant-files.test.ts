import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOREIGN_RUPIAH } from '~/lib/format/money';
import { resolveVariant } from '~/lib/tenant/layouts';
import { listTenantCodes, loadTenant, loadTenantContent, readPageFrontMatter, SHARED_DIR } from '~/lib/tenant/load';
import { loadTenantItems } from '~/lib/tenant/load-items';

/** Every tenant the product ships must load, so a broken demo never reaches a build. */
const root = join(process.cwd(), 'tenants');

function filesOf(dir: string, endings: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => endings.test(name))
    .map((name) => join(dir, name));
}
const markdownFiles = (dir: string) => filesOf(dir, /\.md$/);
/** Every file of copy a tenant (or the shared folder) writes: pages, posts and item lists. */
const copyFiles = (code: string) => filesOf(join(root, code, 'content'), /\.(md|html|json)$/);
/** Lines of a file that match a pattern, as `file:line: text`, for a message that says where. */
function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim().slice(0, 120)}`] : [])),
  );
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

  it('link the pesilat site to the demo tenant, whose hosts switch /pesilat/… to it (SPEC §2)', () => {
    const linked = codes.map((code) => loadTenant(root, code)).filter((tenant) => tenant.mainTenant !== undefined);
    expect(linked.map((tenant) => [tenant.code, tenant.mainTenant, tenant.setting.layout])).toEqual([['pesilat', 'demo', 'pesilat']]);
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

  it.each(codes)('%s: posts, categories, gallery, careers and portfolio load and cross-check', (code) => {
    expect(() => loadTenantItems(root, code)).not.toThrow();
  });

  it.each([SHARED_DIR, ...codes])('%s: rupiah is written one way (Rp4.500.000), as lib/format writes it', (code) => {
    expect(linesMatching(copyFiles(code), FOREIGN_RUPIAH)).toEqual([]);
  });

  it("shared copy addresses readers through the voice tokens, never in one brand's voice", () => {
    // A token ({{anda}}, {{Anda}}) is the brand's word, filled per tenant; the words themselves are not allowed.
    expect(linesMatching(copyFiles(SHARED_DIR), /(?<!\{\{\s*)\b(Anda|kamu|Kamu)\b(?!\s*\}\})/)).toEqual([]);
  });

  it.each(codes)("%s: the tenant's own copy keeps its voice", (code) => {
    const { voice } = loadTenantContent(root, code).site;
    const other = voice === 'Anda' ? /\b(kamu|Kamu)\b/ : /\bAnda\b/;
    expect(linesMatching(copyFiles(code), other)).toEqual([]);
  });

  it.each(codes)("%s: each home card that names a post names one of the tenant's own posts", (code) => {
    const posts = new Set(loadTenantItems(root, code).posts.map((post) => `${post.kind}/${post.slug}`));
    const refs = loadTenantContent(root, code).home.programs.items.flatMap((card) => (card.post ? [card.post] : []));
    expect(refs.filter((ref) => !posts.has(ref))).toEqual([]);
  });
});
