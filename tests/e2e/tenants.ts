import { listTenantCodes, loadTenant } from '~/lib/tenant/load';
import type { Tenant } from '~/lib/tenant/schema';

/**
 * The tenants a browser-test run covers: every shipped tenant, or those of `E2E_TENANTS=demo,alpha`
 * (then only their builds are needed). Read by playwright.config.ts (one project each) and by specs
 * that look across tenants on the one server.
 */
const only = process.env.E2E_TENANTS?.split(',').map((code) => code.trim());

/** Every shipped tenant, read from tenants/ as the build reads it. */
export const allTenants: Tenant[] = listTenantCodes('tenants').map((code) => loadTenant('tenants', code));

/** The tenants of this run. */
export const runTenants: Tenant[] = allTenants.filter(({ code }) => !only || only.includes(code));

/** Whether only some tenants run (the others may have no build, so the server is not "ready"). */
export const partialRun = only !== undefined;

/** Live tenants get the page tests; a missing maintenance flag means maintenance (SPEC §3). */
export const isLive = (tenant: Tenant): boolean => tenant.setting.isMaintenance === false;

/** The one server every tenant is served by, and a tenant's address on it (`<code>.localhost`, by host). */
export const PORT = Number(process.env.E2E_PORT) || 4500;
export const SERVER = `http://127.0.0.1:${PORT}`;
export const siteUrl = (code: string, path = '/'): string => `http://${code}.localhost:${PORT}${path}`;
