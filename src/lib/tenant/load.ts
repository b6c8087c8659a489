import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { HomeSchema, PageSchema, SiteInfoSchema } from './content-schema';
import { isPesilatLayout } from './layouts';
import { describeIssues, type Tenant, TenantSchema } from './schema';

/**
 * Node-side reading of `tenants/`: used by the Astro config, the build and start scripts and tests.
 * Pages at run time get the already validated tenant through `virtual:lms/tenant` instead.
 */

/** Folder of shared page copy that every tenant inherits unless it has its own file. */
export const SHARED_DIR = '_shared';

/** A tenant file that does not match its schema; the message names the file and each bad field. */
export class TenantFileError extends Error {
  override name = 'TenantFileError';
}

function readJson(file: string): unknown {
  const shown = relative(process.cwd(), file) || file;
  if (!existsSync(file)) throw new TenantFileError(`${shown}: file tidak ditemukan`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new TenantFileError(`${shown}: JSON tidak valid: ${(error as Error).message}`);
  }
}

function validate<T extends z.ZodType>(schema: T, value: unknown, file: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new TenantFileError(describeIssues(relative(process.cwd(), file) || file, result.error));
  return result.data;
}

/** Codes of every tenant folder (folders starting with `_` are shared material, not tenants). */
export function listTenantCodes(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .sort();
}

/** One `tenant.json`, validated on its own (its `mainTenant` link is not followed). */
function readTenantFile(root: string, code: string): Tenant {
  const file = join(root, code, 'tenant.json');
  const tenant = validate(TenantSchema, readJson(file), file);
  if (tenant.code !== code) {
    throw new TenantFileError(`${relative(process.cwd(), file)}: code: "${tenant.code}" harus sama dengan nama folder "${code}"`);
  }
  return tenant;
}

/**
 * Reads and validates `tenants/<code>/tenant.json`; the folder name must equal the code inside, and
 * a pesilat site's `mainTenant` must be another tenant of `root` that is not a pesilat site itself.
 */
export function loadTenant(root: string, code: string): Tenant {
  const tenant = readTenantFile(root, code);
  if (tenant.mainTenant !== undefined) assertMainTenant(root, tenant, tenant.mainTenant);
  if (tenant.catalogueFrom !== undefined) assertCatalogueSource(root, tenant, tenant.catalogueFrom);
  return tenant;
}

/** A shared catalogue comes from a tenant that exists and has its own (no chains, no own folder beside it). */
function assertCatalogueSource(root: string, tenant: Tenant, source: string): void {
  const file = relative(process.cwd(), join(root, tenant.code, 'tenant.json'));
  const sourceFile = join(root, source, 'tenant.json');
  if (!existsSync(sourceFile)) throw new TenantFileError(`${file}: catalogueFrom: tenant "${source}" tidak ada`);
  if (readTenantFile(root, source).catalogueFrom !== undefined)
    throw new TenantFileError(`${file}: catalogueFrom: "${source}" sendiri memakai katalog tenant lain; tunjuk pemilik katalognya`);
  if (existsSync(join(root, tenant.code, 'content', 'catalogue')))
    throw new TenantFileError(`${file}: catalogueFrom: tenant ini punya content/catalogue/ sendiri; pilih salah satu`);
}

/** The main tenant a pesilat site names must exist and be a main site: its hosts send `/pesilat/…` here. */
function assertMainTenant(root: string, tenant: Tenant, main: string): void {
  const file = relative(process.cwd(), join(root, tenant.code, 'tenant.json'));
  const mainFile = join(root, main, 'tenant.json');
  if (!existsSync(mainFile)) {
    throw new TenantFileError(`${file}: mainTenant: tenant "${main}" tidak ada (${relative(process.cwd(), mainFile)} tidak ditemukan)`);
  }
  const { layout } = readTenantFile(root, main).setting;
  if (isPesilatLayout(layout)) {
    throw new TenantFileError(
      `${file}: mainTenant: "${main}" sendiri situs pesilat (layout "${layout}"); tenant utama harus situs utama yang host-nya mengalihkan /pesilat/…`,
    );
  }
}

/** Reads and validates the tenant's `content/site.json`: who it is and how it addresses readers. */
export function loadSiteInfo(root: string, code: string) {
  const file = join(root, code, 'content', 'site.json');
  return validate(SiteInfoSchema, readJson(file), file);
}

/** Reads and validates the tenant's `content/site.json` and `content/home.json`. */
export function loadTenantContent(root: string, code: string) {
  const home = join(root, code, 'content', 'home.json');
  return { site: loadSiteInfo(root, code), home: validate(HomeSchema, readJson(home), home) };
}

/** Front matter of a Markdown page, validated; used by tests and tools outside Astro. */
export function readPageFrontMatter(file: string) {
  const text = readFileSync(file, 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!match?.[1]) throw new TenantFileError(`${relative(process.cwd(), file)}: front matter (---) tidak ada`);
  return validate(PageSchema, parseYaml(match[1]), file);
}
