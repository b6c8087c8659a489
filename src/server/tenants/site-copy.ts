import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { type HomeContent, HomeSchema, PageSchema, type SiteInfo, SiteInfoSchema } from '~/lib/tenant/content-schema';
import { loadTenantContent, SHARED_DIR } from '~/lib/tenant/load';
import type { Db } from '../db/client';
import { siteCopy } from '../db/schema';

/**
 * A tenant's page copy in the database (`site_copy`): `site`, `home` and `page:<route>` (front
 * matter plus Markdown body). Seeded from `tenants/<code>/content/` (a page the tenant lacks comes
 * from `tenants/_shared/`); after that the database owns it and builds read it from here.
 */

export const PageCopySchema = z.strictObject({ data: PageSchema, body: z.string().max(200_000) });
export type PageCopy = z.infer<typeof PageCopySchema>;

/** Copy keys: `site`, `home`, or `page:` + a route of letters, digits, `-` and `/` (`page:Training-Services/Syllabus`). */
export const CopyKeySchema = z
  .string()
  .regex(/^(site|home|page:[A-Za-z0-9][A-Za-z0-9/-]{0,99})$/, 'kunci salinan: site, home, atau page:<rute>, mis. page:About');

/** The schema a copy key's value must match. */
export function copySchemaOf(key: string): z.ZodType {
  if (key === 'site') return SiteInfoSchema;
  if (key === 'home') return HomeSchema;
  return PageCopySchema;
}

export interface TenantCopy {
  site: SiteInfo;
  home: HomeContent;
  pages: Record<string, PageCopy>;
}

/** Every copy row of a tenant, validated; a row that no longer validates is reported and left out (its page then fails the build, named). */
export async function readCopy(db: Db, lmsId: string): Promise<TenantCopy> {
  const rows = await db.select({ key: siteCopy.key, value: siteCopy.value }).from(siteCopy).where(eq(siteCopy.lmsId, lmsId));
  const pages: Record<string, PageCopy> = {};
  let site: SiteInfo | undefined;
  let home: HomeContent | undefined;
  for (const { key, value } of rows) {
    const parsed = copySchemaOf(key).safeParse(value);
    if (!parsed.success)
      throw new Error(
        `salinan "${key}" tidak valid: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      );
    if (key === 'site') site = parsed.data as SiteInfo;
    else if (key === 'home') home = parsed.data as HomeContent;
    else pages[key.slice('page:'.length)] = parsed.data as PageCopy;
  }
  if (!site || !home) throw new Error('salinan situs belum ada (site dan home): jalankan seed');
  return { site, home, pages };
}

/** The copy keys a tenant has, sorted. */
export async function listCopyKeys(db: Db, lmsId: string): Promise<string[]> {
  const rows = await db.select({ key: siteCopy.key }).from(siteCopy).where(eq(siteCopy.lmsId, lmsId));
  return rows.map((row) => row.key).sort();
}

/** One copy value, or undefined. */
export async function readCopyKey(db: Db, lmsId: string, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: siteCopy.value })
    .from(siteCopy)
    .where(and(eq(siteCopy.lmsId, lmsId), eq(siteCopy.key, key)));
  return row?.value;
}

/** Stores one copy value (already validated by the caller). */
export async function writeCopyKey(db: Db, lmsId: string, key: string, value: unknown): Promise<void> {
  await db
    .insert(siteCopy)
    .values({ lmsId, key, value: value as object })
    .onConflictDoUpdate({ target: [siteCopy.lmsId, siteCopy.key], set: { value: value as object, updatedAt: new Date() } });
}

/** A Markdown page file: its front matter validated, its body kept as Markdown. */
function readPageFile(file: string): PageCopy {
  const text = readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${file}: front matter (---) tidak ada`);
  return PageCopySchema.parse({ data: parseYaml(match[1] ?? ''), body: match[2] ?? '' });
}

/** Routes of the Markdown pages under `dir` (`About`, `Training-Services/Syllabus`). */
function pageRoutes(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.md'))
    .map((name) => name.replace(/\.md$/, ''));
}

/** The copy a tenant folder seeds: its own pages over the shared ones. */
export function seedCopyOf(tenantsRoot: string, code: string): Record<string, unknown> {
  const { site, home } = loadTenantContent(tenantsRoot, code);
  const values: Record<string, unknown> = { site, home };
  for (const folder of [SHARED_DIR, code]) {
    const dir = join(tenantsRoot, folder, 'content', 'pages');
    for (const route of pageRoutes(dir)) values[`page:${route}`] = readPageFile(join(dir, `${route}.md`));
  }
  return values;
}

/** Seeds the copy a tenant does not have yet; stored copy is never overwritten. Returns the number of rows added. */
export async function seedCopy(db: Db, lmsId: string, tenantsRoot: string, code: string): Promise<number> {
  const rows = Object.entries(seedCopyOf(tenantsRoot, code)).map(([key, value]) => ({ lmsId, key, value: value as object }));
  const added = await db.insert(siteCopy).values(rows).onConflictDoNothing().returning({ key: siteCopy.key });
  return added.length;
}
