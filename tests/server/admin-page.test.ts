import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '~/contract/roles';
import { ADMIN_VIEWER_HEADER, type AdminViewer, encodeViewer } from '~/lib/admin/viewer';
import { loadSiteContext } from '~/server/builds/site-context';
import { loadConfig } from '~/server/config';
import { posts } from '~/server/db/schema';
import type { TenantRecord } from '~/server/platform/tenants';
import { dbContentSource } from '~/server/sites/db-source';
import { tenantOf } from './support/api-client';
import { dbKinds, platformFor, TEST_APP_TOKEN_SECRET } from './support/platform';
import { loadSiteRenderer, pageText, type SiteRenderer } from './support/site-renderer';
import { OTHER_APP_CODE } from './support/tokens';

/**
 * The staff console's page (/Admin…) as the site's one compile renders it for the site server: the
 * viewer the server vouches for (its header) decides between "sign in first", 403, 404 and the
 * sections of the role; a post's preview is its real page template with the preview bar, drafts
 * included, of the tenant's own posts only. The cookie → viewer step is the site server's
 * (site-server.test.ts) and the whole flow the browser's (tests/e2e/admin-console.spec.ts).
 */

const root = process.cwd();
const [kind] = await dbKinds();

let renderer: SiteRenderer;
beforeAll(async () => {
  renderer = await loadSiteRenderer(root);
}, 300_000);

describe(`the staff console page on ${kind}`, () => {
  const platform = platformFor(kind ?? 'pglite');
  const api = loadConfig({ APP_TOKEN_SECRET: TEST_APP_TOKEN_SECRET });
  let clientDir: string;
  let demo: TenantRecord;
  let other: TenantRecord;
  let draftId: number;
  let otherDraftId: number;

  const viewerOf = (role: Role): AdminViewer => ({ id: `u-${role}`, name: `Staf ${role}`, email: `${role}@demo.example`, role });

  async function render(tenant: TenantRecord, path: string, viewer?: AdminViewer) {
    const context = await loadSiteContext(platform.deps.db, tenant, { tenantsRoot: join(root, 'tenants'), clientDir, api });
    renderer.configure(context, dbContentSource(platform.deps.db, tenant));
    const headers: Record<string, string> = viewer ? { [ADMIN_VIEWER_HEADER]: encodeViewer(viewer) } : {};
    const response = await renderer.render(new Request(`https://${tenant.hosts[0]}${path}`, { headers }));
    const html = await response.text();
    return { status: response.status, headers: response.headers, html, text: pageText(html) };
  }

  beforeAll(async () => {
    clientDir = mkdtempSync(join(tmpdir(), 'lms-admin-page-'));
    demo = await tenantOf(platform);
    other = await tenantOf(platform, OTHER_APP_CODE);
    const draft = (lmsId: string, title: string) => ({
      lmsId,
      kindSlug: 'news',
      slug: `draf-${Math.random().toString(36).slice(2, 8)}`,
      title,
      summary: 'Ringkasan draf',
      content: '<p>Isi draf yang belum terbit.</p>',
      author: 'Penulis Uji',
      isActive: false,
    });
    [{ id: draftId }] = (await platform.deps.db
      .insert(posts)
      .values(draft(demo.lmsId, 'Draf Pratinjau Konsol'))
      .returning({ id: posts.id })) as [{ id: number }];
    [{ id: otherDraftId }] = (await platform.deps.db
      .insert(posts)
      .values(draft(other.lmsId, 'Draf Tenant Lain'))
      .returning({ id: posts.id })) as [{ id: number }];
  }, 120_000);
  afterAll(() => {
    if (clientDir) rmSync(clientDir, { recursive: true, force: true });
  });

  it('sends a visitor without a sign-in to /Login and back', async () => {
    const page = await render(demo, '/Admin/Tulisan?jenis=news');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/Login?redirect=%2FAdmin%2FTulisan%3Fjenis%3Dnews');
  });

  it('refuses a student with a 403 page in Indonesian that says who is signed in and where to go', async () => {
    const page = await render(demo, '/Admin', viewerOf('student'));
    expect(page.status).toBe(403);
    expect(page.text).toContain('Akses ditolak');
    expect(page.text).toContain('Staf student');
    expect(page.html).not.toContain('aria-label="Menu konsol"');
    expect(page.html).toContain('href="/Akun"');
  });

  it('shows each staff role the sections of SPEC §6 and refuses the others with a 403', async () => {
    const writer = await render(demo, '/Admin', viewerOf('writer'));
    expect(writer.status).toBe(200);
    expect(writer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(writer.html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    const menu = (html: string) =>
      [...html.matchAll(/<nav class="admin-menu"[\s\S]*?<\/nav>/g)].map((match) => pageText(match[0])).join(' ');
    expect(menu(writer.html)).toContain('Tulisan');
    expect(menu(writer.html)).toContain('Kategori');
    expect(menu(writer.html)).not.toContain('Pengguna');
    expect(menu(writer.html)).not.toContain('Pencairan');

    const refused = await render(demo, '/Admin/Pengguna', viewerOf('writer'));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Bagian “Pengguna” hanya untuk peran');

    const admin = await render(demo, '/Admin/Pengguna', viewerOf('admin'));
    expect(admin.status).toBe(200);
    expect(admin.text).toContain('Pengguna');
    for (const label of ['Tulisan', 'Teks halaman', 'Tampilan & pengaturan', 'Build & rilis', 'Log audit', 'Pencairan dana'])
      expect(menu(admin.html)).toContain(label);

    const mentor = await render(demo, '/Admin/Kelas', viewerOf('mentor'));
    expect(mentor.status).toBe(200);
    expect((await render(demo, '/Admin/Tulisan', viewerOf('mentor'))).status).toBe(403);
  });

  it('answers an address the console does not have with its own 404', async () => {
    for (const path of ['/Admin/Rahasia', '/Admin/Tulisan/news/abc', '/Admin/Tulisan/berita/12', '/Admin/Pratinjau/news']) {
      const page = await render(demo, path, viewerOf('admin'));
      expect(page.status, path).toBe(404);
      expect(page.text).toContain('Kembali ke konsol');
    }
  });

  it('previews a draft in the post’s real template with the preview bar, only on its own tenant', async () => {
    const page = await render(demo, `/Admin/Pratinjau/news/${draftId}`, viewerOf('writer'));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Draf Pratinjau Konsol');
    expect(page.text).toContain('Isi draf yang belum terbit.');
    expect(page.text).toContain('Pratinjau (draf)');
    expect(page.html).toContain(`href="/Admin/Tulisan/news/${draftId}"`);
    expect(page.html).toMatch(/<meta name="robots" content="noindex, nofollow"/);

    // The draft is not public, and another tenant's draft is not previewed here.
    expect((await render(demo, `/News/${page.html.match(/draf-[a-z0-9]+/)?.[0] ?? 'x'}`)).status).toBe(404);
    const foreign = await render(demo, `/Admin/Pratinjau/news/${otherDraftId}`, viewerOf('admin'));
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Draf Tenant Lain');
  });
});
