import type { TaxRule } from '~/contract/tax';
import type { Db } from '../db/client';
import { tenants } from '../db/schema';

/** A tenant as the API needs it on every request. */
export interface TenantRecord {
  lmsId: string;
  code: string;
  appCode: string;
  title: string;
  hosts: string[];
  /** For a pesilat site: the code of the main tenant whose hosts switch `/pesilat/…` to it; null otherwise. */
  mainTenant: string | null;
  /** The tenant whose catalogue this one shows and sells: its own lms id unless a setting shares another's. */
  catalogueLmsId: string;
  /** The PPN rule its classes sell under: its own, or that of the tenant whose catalogue it shares. */
  tax: TaxRule;
}

/**
 * Looks tenants up by lms id, app code or host, and a main tenant's pesilat site. Tenants change rarely and are read on every call,
 * so the list is cached for a few seconds; each process refreshes on its own (no shared state).
 */
export class TenantDirectory {
  #loaded: Promise<TenantRecord[]> | undefined;
  #loadedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 10_000,
  ) {}

  /** Every tenant, from the cache when it is fresh. */
  async all(): Promise<TenantRecord[]> {
    if (!this.#loaded || Date.now() - this.#loadedAt > this.ttlMs) {
      this.#loadedAt = Date.now();
      this.#loaded = this.db
        .select({
          lmsId: tenants.lmsId,
          code: tenants.code,
          appCode: tenants.appCode,
          title: tenants.title,
          hosts: tenants.hosts,
          mainTenant: tenants.mainTenant,
          catalogueOf: tenants.catalogueOf,
          vatBps: tenants.vatBps,
          vatIncluded: tenants.vatIncluded,
        })
        .from(tenants)
        .then((rows) => {
          const rules = new Map(rows.map((row) => [row.lmsId, { vatBps: row.vatBps, included: row.vatIncluded }]));
          return rows.map(({ catalogueOf, vatBps, vatIncluded, ...tenant }) => ({
            ...tenant,
            catalogueLmsId: catalogueOf ?? tenant.lmsId,
            // Classes sell under the rule of the tenant that owns them, so a shared class costs the same on both sites.
            tax: rules.get(catalogueOf ?? tenant.lmsId) ?? { vatBps, included: vatIncluded },
          }));
        });
      // A failed load must not stay cached.
      this.#loaded.catch(() => {
        this.#loaded = undefined;
      });
    }
    return this.#loaded;
  }

  /** Forgets the cache, e.g. after the seed changed tenants. */
  invalidate(): void {
    this.#loaded = undefined;
  }

  async byLmsId(lmsId: string): Promise<TenantRecord | undefined> {
    return (await this.all()).find((tenant) => tenant.lmsId === lmsId);
  }

  async byCode(code: string): Promise<TenantRecord | undefined> {
    return (await this.all()).find((tenant) => tenant.code === code);
  }

  async byAppCode(appCode: string): Promise<TenantRecord | undefined> {
    return (await this.all()).find((tenant) => tenant.appCode === appCode);
  }

  /** The tenant serving a host name (`Host`/`Origin` host, port included when the tenant lists one). */
  async byHost(host: string): Promise<TenantRecord | undefined> {
    const wanted = host.toLowerCase();
    const all = await this.all();
    // An exact host:port entry wins over a tenant listing the bare host.
    return all.find((tenant) => tenant.hosts.includes(wanted)) ?? all.find((tenant) => servesHost(tenant, wanted));
  }

  /**
   * The pesilat site of main tenant `code` (SPEC §2: `/pesilat/…` on the main tenant's hosts switches
   * to it): the tenant whose `mainTenant` is `code`, or undefined. Should several name the same main
   * tenant, the first by code wins, so the answer does not depend on row order.
   */
  async pesilatTenantOf(code: string): Promise<TenantRecord | undefined> {
    const linked = (await this.all()).filter((tenant) => tenant.mainTenant === code);
    return linked.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))[0];
  }
}

/** The host of an Origin header value (`https://a.example:8443` → `a.example:8443`), or undefined. */
export function originHost(origin: string | undefined): string | undefined {
  if (!origin || origin === 'null') return undefined;
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Whether a tenant serves the given host (with or without its port). */
export function servesHost(tenant: TenantRecord, host: string): boolean {
  const bare = host.replace(/:\d+$/, '');
  return tenant.hosts.includes(host) || tenant.hosts.includes(bare);
}
