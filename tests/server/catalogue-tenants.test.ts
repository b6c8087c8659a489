import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceBreakdown } from '~/contract/tax';
import { createInvoice } from '~/lib/api/payments';
import { formatRupiah } from '~/lib/format/money';
import { loadSiteContext } from '~/server/builds/site-context';
import { loadConfig } from '~/server/config';
import { classes, courses, mentors } from '~/server/db/schema';
import type { TenantRecord } from '~/server/platform/tenants';
import { dbContentSource } from '~/server/sites/db-source';
import { appClientOf } from './support/api-client';
import { signUpLearner } from './support/identity';
import { servePayments } from './support/payments';
import { dbKinds, platformFor, TEST_APP_TOKEN_SECRET } from './support/platform';
import { loadSiteRenderer, pageText, type SiteRenderer } from './support/site-renderer';

/**
 * Every brand's catalogue, across all seeded tenants, as visitors and callers meet it: no tenant's
 * classes, courses or mentors show on another's pages or API answers (a tenant sharing a catalogue by
 * setting shows its owner's and nobody else's), and the price a class page shows is what its invoice
 * asks, for every paid class of every tenant. Rendered by the site's one compile (as
 * catalogue-pages.test.ts); one database kind, since isolation is the same SQL on both.
 */

const root = process.cwd();

let renderer: SiteRenderer;
beforeAll(async () => {
  renderer = await loadSiteRenderer(root);
}, 300_000);

/** Whether a text names something: the whole name, not a part of a longer one ("Maya Kartika" in "Maya Kartikasari"). */
const mentions = (text: string, name: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(text);

const [kind] = await dbKinds();

describe(`every tenant's catalogue on ${kind}`, () => {
  const platform = platformFor(kind ?? 'pglite');
  let tenants: TenantRecord[];
  let served: Awaited<ReturnType<typeof servePayments>>;
  let clientDir: string;
  const api = loadConfig({ APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET });

  /** Points the compiled site at a tenant and renders addresses of it; empty for a tenant under maintenance (it shows no page). */
  async function showAs(tenant: TenantRecord, paths: string[]): Promise<Map<string, { status: number; html: string }>> {
    const context = await loadSiteContext(platform.deps.db, tenant, { tenantsRoot: join(root, 'tenants'), clientDir, api });
    const shown = new Map<string, { status: number; html: string }>();
    if (context.tenant.setting.isMaintenance !== false) return shown;
    renderer.configure(context, dbContentSource(platform.deps.db, tenant));
    for (const path of paths) {
      const response = await renderer.render(new Request(`https://${tenant.hosts[0]}${path}`));
      shown.set(path, { status: response.status, html: await response.text() });
    }
    return shown;
  }

  /** A new learner of a tenant, signed in on its site. */
  async function signedUpLearner(tenant: TenantRecord) {
    const client = await appClientOf(platform, ['read', 'write'], tenant.appCode);
    client.setCredentials({ accessToken: await signUpLearner(platform, tenant.lmsId, `harga-${tenant.code}@contoh.id`) });
    return client;
  }

  beforeAll(async () => {
    tenants = (await platform.deps.tenants.all()).toSorted((a, b) => a.code.localeCompare(b.code));
    served = await servePayments(platform);
    clientDir = mkdtempSync(join(tmpdir(), 'lms-catalogue-tenants-'));
  }, 120_000);
  afterAll(async () => {
    await served?.close();
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  });

  it("never shows one tenant's classes, courses or mentors on another's pages or API answers", async () => {
    const db = platform.deps.db;
    const problems: string[] = [];
    for (const tenant of tenants) {
      // What belongs to other catalogues than the one this tenant shows (its own, or the one it shares).
      const foreign = (
        await Promise.all([
          db.select({ name: classes.name }).from(classes).where(ne(classes.lmsId, tenant.catalogueLmsId)),
          db.select({ name: courses.title }).from(courses).where(ne(courses.lmsId, tenant.catalogueLmsId)),
          db.select({ name: mentors.name }).from(mentors).where(ne(mentors.lmsId, tenant.catalogueLmsId)),
        ])
      )
        .flat()
        .map((row) => row.name);
      const own = dbContentSource(db, tenant);
      const ownNames = new Set([
        ...(await own.allClasses()).map((item) => item.name),
        ...(await own.allCourses()).map((item) => item.title),
        ...(await own.allMentors()).map((item) => item.name),
      ]);
      const others = [...new Set(foreign)].filter((name) => !ownNames.has(name));
      const client = await appClientOf(platform, ['read'], tenant.appCode);
      const answers = await Promise.all(
        ['v1/class/active?page=1&pageSize=100', 'v1/course/list?pageSize=100', 'v1/program/active?pageSize=100'].map(async (path) => {
          const [pathname, query] = path.split('?') as [string, string];
          const response = await client.send('main', pathname, { query: Object.fromEntries(new URLSearchParams(query)) });
          return [path, await response.text()] as const;
        }),
      );
      const mentorAnswer = await client.send('core', 'active/mentors');
      answers.push(['active/mentors', await mentorAnswer.text()]);
      const pages = await showAs(tenant, ['/Class', '/Courses', '/Mentor', '/Program']);
      for (const [where, body] of [...answers, ...[...pages].map(([path, shown]) => [path, pageText(shown.html)] as const)]) {
        for (const name of others) if (mentions(body, name)) problems.push(`${tenant.code} ${where}: "${name}" milik tenant lain`);
      }
      // The catalogue it runs is really there.
      if (tenant.catalogueLmsId === tenant.lmsId && (await own.allClasses()).length === 0) problems.push(`${tenant.code}: tanpa kelas`);
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('asks on the invoice exactly the price the class page shows, for every paid class of every tenant', async () => {
    const mismatches: string[] = [];
    let invoiced = 0;
    let compared = 0;
    for (const tenant of tenants) {
      const source = dbContentSource(platform.deps.db, tenant);
      const paid = (await source.allClasses()).filter((item) => item.price > 0);
      const shown = await showAs(
        tenant,
        paid.map((item) => `/Class/${item.code}`),
      );
      let learner: Awaited<ReturnType<typeof appClientOf>> | undefined;
      for (const item of paid) {
        const page = shown.get(`/Class/${item.code}`);
        // A tenant under maintenance shows no class page; its invoices are still checked against the rule.
        if (!page && shown.size === 0) {
          if (item.state === 'registration') {
            learner ??= await signedUpLearner(tenant);
            const invoice = await createInvoice(learner, item.slug);
            invoiced++;
            const expected = priceBreakdown(item.price, item.tax).total;
            if (invoice.total !== expected) mismatches.push(`${tenant.code} ${item.code}: tagihan ${invoice.total}, aturan ${expected}`);
          }
          continue;
        }
        const onPage = /class="class-page__price"[^>]*>([^<]+)</.exec(page?.html ?? '')?.[1]?.trim();
        const expected = formatRupiah(priceBreakdown(item.price, item.tax).total);
        compared++;
        if (onPage !== expected) mismatches.push(`${tenant.code} ${item.code}: halaman ${onPage}, seharusnya ${expected}`);
        // Only an open class can be invoiced: each of them is, by a learner of this tenant.
        if (item.state !== 'registration') continue;
        learner ??= await signedUpLearner(tenant);
        const invoice = await createInvoice(learner, item.slug);
        invoiced++;
        if (formatRupiah(invoice.total) !== onPage)
          mismatches.push(`${tenant.code} ${item.code}: tagihan ${formatRupiah(invoice.total)}, halaman ${onPage}`);
        if (invoice.amount + invoice.vat !== invoice.total) mismatches.push(`${tenant.code} ${item.code}: rincian tagihan tidak berjumlah`);
      }
    }
    expect(mismatches).toEqual([]);
    // Every brand sells something, so the comparison covered each.
    expect(compared).toBeGreaterThan(tenants.length);
    expect(invoiced).toBeGreaterThan(tenants.length / 2);
  }, 300_000);
});
