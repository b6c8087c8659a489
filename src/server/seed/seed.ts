import { and, eq, inArray, sql } from 'drizzle-orm';
import { ROLES, type Role } from '~/contract/roles';
import type { SettingKey } from '~/contract/settings';
import { loadTenantCatalogue } from '~/lib/tenant/catalogue-file';
import { listTenantCodes, loadTenant, loadTenantContent } from '~/lib/tenant/load';
import { loadTenantItems } from '~/lib/tenant/load-items';
import { newWebhookSecret } from '../builds';
import { renderChapters } from '../catalogue';
import type { Db } from '../db/client';
import { appSettings, tenants, users } from '../db/schema';
import { hashPassword } from '../identity';
import { seedCopy } from '../tenants';
import { demoAccountIds, seedCatalogue } from './catalogue';
import { seedContent } from './content';

/** Demo sign-in of each role on every tenant: e-mail `<role>@<tenant code>.example`. Demo data only. */
export function demoAccount(tenantCode: string, role: Role) {
  return { email: `${role}@${tenantCode}.example`, password: `demo-${role}-2026` };
}

/** Indonesian display names of the demo accounts, one per role of SPEC §6. */
const DEMO_NAMES: Record<Role, string> = {
  superadmin: 'Super Admin Demo',
  admin: 'Admin Demo',
  mentor: 'Mentor Demo',
  teacher: 'Guru Demo',
  student: 'Siswa Demo',
  industry: 'Mitra Industri Demo',
  writer: 'Penulis Demo',
  lead_program: 'Lead Program Demo',
  partner: 'Partner Demo',
  lead_region: 'Lead Regional Demo',
};

export interface SeedOptions {
  /** The `tenants/` folder. */
  tenantsRoot: string;
  /** Add the demo accounts (default true; production seeds turn them off). */
  demoUsers?: boolean;
}

export interface SeedReport {
  tenants: number;
  settingsAdded: number;
  usersAdded: number;
  /** Content items added (posts, categories, gallery photos, careers, portfolio items). */
  contentAdded: number;
  /** Catalogue rows added (categories, mentors, programs, classes, schools, enrolments, courses). */
  catalogueAdded: number;
}

/**
 * Loads every tenant of `tenants/` into the database, with its content items. Idempotent and additive: tenants' identity
 * (code, app code, hosts, main tenant) follows the files, but settings and accounts that already exist are
 * never overwritten, so what admins changed through the API survives a re-seed.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedReport> {
  const report: SeedReport = { tenants: 0, settingsAdded: 0, usersAdded: 0, contentAdded: 0, catalogueAdded: 0 };
  const hashes = new Map<Role, Promise<string>>();
  // One hash per demo password: the accounts are public demo data, and hashing 120 accounts would slow every first start.
  const hashOf = (role: Role) => {
    if (!hashes.has(role)) hashes.set(role, hashPassword(demoAccount('x', role).password));
    return hashes.get(role) as Promise<string>;
  };

  /** Each tenant's lms id, and the code of the tenant whose catalogue it shows (by setting). */
  const sharing: { lmsId: string; catalogueFrom: string | undefined }[] = [];
  const lmsIdOf = new Map<string, string>();
  for (const code of listTenantCodes(options.tenantsRoot)) {
    const tenant = loadTenant(options.tenantsRoot, code);
    sharing.push({ lmsId: tenant.lmsId, catalogueFrom: tenant.catalogueFrom });
    lmsIdOf.set(code, tenant.lmsId);
    const { site } = loadTenantContent(options.tenantsRoot, code);
    const { title, ...setting } = tenant.setting;
    const identity = { code, appCode: tenant.appCode, hosts: tenant.hosts, mainTenant: tenant.mainTenant ?? null };
    // The tax rule is a setting: the file's seeds a new tenant; an existing tenant keeps what staff set.
    const tax = tenant.tax ? { vatBps: tenant.tax.vatBps, vatIncluded: tenant.tax.included } : {};
    await db
      .insert(tenants)
      .values({ lmsId: tenant.lmsId, title, ...identity, ...tax, webhookSecret: newWebhookSecret() })
      // A tenant without a build webhook secret gets one; an existing secret is never replaced.
      .onConflictDoUpdate({
        target: tenants.lmsId,
        set: { ...identity, webhookSecret: sql`coalesce(tenants.webhook_secret, excluded.webhook_secret)` },
      });
    report.tenants++;

    const values: Partial<Record<SettingKey, unknown>> = {
      ...setting,
      title,
      blog: { title: `Blog ${title}`, summary: site.summary, cover: '' },
      overview: { name: title, description: tenant.setting.meta.description || site.summary, logo: tenant.setting.logoDark },
    };
    const added = await db
      .insert(appSettings)
      .values(Object.entries(values).map(([key, value]) => ({ lmsId: tenant.lmsId, key, value: value as object })))
      .onConflictDoNothing()
      .returning({ key: appSettings.key });
    report.settingsAdded += added.length;

    report.settingsAdded += await seedCopy(db, tenant.lmsId, options.tenantsRoot, code);

    const content = await seedContent(db, tenant.lmsId, loadTenantItems(options.tenantsRoot, code));
    report.contentAdded += Object.values(content).reduce((sum, n) => sum + n, 0);

    const catalogue = loadTenantCatalogue(options.tenantsRoot, code);
    if (options.demoUsers !== false) report.usersAdded += await seedDemoUsers(db, tenant.lmsId, code, hashOf);
    const accounts =
      options.demoUsers === false
        ? {}
        : await demoAccountIds(db, tenant.lmsId, Object.fromEntries(ROLES.map((role) => [role, demoAccount(code, role).email])));
    report.catalogueAdded += await seedCatalogue(db, tenant.lmsId, catalogue, accounts);
    // Chapters are rendered (sanitised, highlighted) once here, not by every build that shows them.
    await renderChapters(db, tenant.lmsId);
  }
  // Shared catalogues, once every tenant exists: a tenant names the one whose catalogue it shows.
  for (const { lmsId, catalogueFrom } of sharing) {
    const source = catalogueFrom ? (lmsIdOf.get(catalogueFrom) ?? null) : null;
    await db.update(tenants).set({ catalogueOf: source }).where(eq(tenants.lmsId, lmsId));
  }
  return report;
}

/** Adds the tenant's demo account of each role that is missing; returns how many were added. */
async function seedDemoUsers(db: Db, lmsId: string, code: string, hashOf: (role: Role) => Promise<string>): Promise<number> {
  const emails = ROLES.map((role) => demoAccount(code, role).email);
  const existing = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.lmsId, lmsId), inArray(users.email, emails)))
    ).map((row) => row.email),
  );
  const missing = ROLES.filter((role) => !existing.has(demoAccount(code, role).email));
  if (!missing.length) return 0;
  const rows = await Promise.all(
    missing.map(async (role) => ({
      lmsId: lmsId,
      email: demoAccount(code, role).email,
      name: DEMO_NAMES[role],
      kind: ROLES.indexOf(role),
      passwordHash: await hashOf(role),
      // Demo accounts are the operator's own: their addresses need no verification.
      emailVerifiedAt: new Date(),
    })),
  );
  const inserted = await db.insert(users).values(rows).onConflictDoNothing().returning({ id: users.id });
  return inserted.length;
}
