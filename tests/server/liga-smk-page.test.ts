import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentSource } from '~/lib/content/source';
import { leagueSeason } from '~/lib/league/season';
import type { SiteContext } from '~/lib/tenant/context';
import { loadSiteContext } from '~/server/builds/site-context';
import { loadConfig } from '~/server/config';
import type { TenantRecord } from '~/server/platform/tenants';
import { dbContentSource } from '~/server/sites/db-source';
import { platformFor, TEST_APP_TOKEN_SECRET } from './support/platform';
import { loadSiteRenderer, pageText, type SiteRenderer } from './support/site-renderer';

/**
 * /Liga-Smk as a build writes it, rendered by the site's one compile (dist/_site, compiled first when
 * the sources changed): the season from each tenant's catalogue, the words from its copy (the shared
 * page on the demo tenant, SMK Coding's own on smkcoding); a brand without a league gets an honest page.
 */

const root = process.cwd();

let renderer: SiteRenderer;
const platform = platformFor('pglite');
let clientDir: string;
beforeAll(async () => {
  renderer = await loadSiteRenderer(root);
  clientDir = mkdtempSync(join(tmpdir(), 'lms-liga-smk-'));
}, 300_000);
afterAll(async () => {
  if (clientDir) rmSync(clientDir, { recursive: true, force: true });
});

async function tenantContext(code: string): Promise<{ tenant: TenantRecord; context: SiteContext }> {
  const tenant = await platform.deps.tenants.byCode(code);
  if (!tenant) throw new Error(`tenant ${code} not seeded`);
  const api = loadConfig({ APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET });
  const context = await loadSiteContext(platform.deps.db, tenant, { tenantsRoot: join(root, 'tenants'), clientDir, api });
  return { tenant, context };
}

/** /Liga-Smk of a tenant, with `change` applied to its content source first. */
async function show(code: string, change: (source: ContentSource) => ContentSource = (source) => source) {
  const { tenant, context } = await tenantContext(code);
  const source = change(dbContentSource(platform.deps.db, tenant));
  renderer.configure(context, source);
  const response = await renderer.render(new Request(`https://${code}.example/Liga-Smk`));
  const html = await response.text();
  return { status: response.status, html, text: pageText(html), context, source };
}

describe('/Liga-Smk', () => {
  it.each([
    ['demo', 'Nusantara Learning', 'Daftarkan Tim'],
    ['smkcoding', 'SMK Coding', 'Daftarkan Timmu'],
  ])(
    '%s: the league page with its call to register, phases, timeline, prizes, rules and FAQ, and no script of its own',
    async (code, site, cta) => {
      const { status, html, text, context, source } = await show(code);
      expect(status).toBe(200);
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(`Liga SMK - ${site}`);
      expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.trim()).toBe('Liga SMK');
      expect(new URL(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '', context.siteUrl).href).toBe(
        `${context.siteUrl}/Liga-Smk`,
      );
      // The hero's call and the closing one lead to the registration form.
      const toRegister = [...html.matchAll(/<a [^>]*href="\/Liga-Smk\/Register"[^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);
      expect(toRegister).toEqual([cta, cta]);
      // The three phases of the original league, in order, each saying what it tests and how it runs.
      const phases = [...html.matchAll(/<li class="league-phase"[\s\S]*?<h3[^>]*>([^<]+)<\/h3>/g)].map((match) => match[1]);
      expect(phases).toEqual(['Slicing Brawl', 'Coding Clash', 'Hacker Glory']);
      expect(text).toContain('Yang diuji');
      // The timeline of the season the build date falls in, in WIB.
      const league = (await source.league())?.season;
      if (!league) throw new Error('the seeded catalogue has a league');
      const season = leagueSeason(league);
      expect(text).toContain(`Jadwal ${season.label}`);
      expect(/<time datetime="([^"]+)"/.exec(html)?.[1]).toBe(season.registration.opensAt.slice(0, 10));
      expect(/class="phase-badge[^"]*" data-state="(soon|open|closed)"[^>]*>Pendaftaran /.test(html), 'the registration badge').toBe(true);
      expect(text).toMatch(/Rp15\.000\.000/);
      expect(html.includes('id="peraturan"'), 'the rules at #peraturan').toBe(true);
      expect(text).toMatch(/3 sampai 5 siswa aktif dari satu SMK/);
      expect((html.match(/<details class="faq__item"/g) ?? []).length).toBeGreaterThanOrEqual(5);
      // No island and no script beyond the one every page loads.
      expect(html.includes('<astro-island'), 'an island').toBe(false);
      const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]);
      expect(scripts.length).toBeLessThanOrEqual(1);
    },
  );

  it("fills the shared copy's tokens with the tenant's name", async () => {
    const { text } = await show('demo');
    expect(text).toContain('Nusantara Learning membuka pendaftaran tim');
    expect(text).not.toContain('{{');
  });

  it('answers an honest page, not the league, on a brand that runs none', async () => {
    const { html, text } = await show('elevaite');
    expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]).not.toBe('Liga SMK');
    expect(text).not.toContain('Slicing Brawl');
    expect(html).not.toContain('href="/Liga-Smk/Register"');
  });
});
