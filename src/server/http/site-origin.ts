import type { Context } from 'hono';
import { originHost, servesHost, type TenantRecord } from '../platform/tenants';

/** Loopback and `*.localhost`: development hosts, never the public name of a site (the site server's rule too). */
const isLocalHost = (host: string) => ['localhost', '127.0.0.1', '[::1]', '::1'].includes(host) || host.endsWith('.localhost');

/** The tenant's public site, `https://<its first host that is not a local one>` (else its first host, else `fallbackHost`). */
export function publicOrigin(tenant: Pick<TenantRecord, 'hosts'>, fallbackHost: string): string {
  return `https://${tenant.hosts.find((name) => !isLocalHost(name.replace(/:\d+$/, ''))) ?? tenant.hosts[0] ?? fallbackHost}`;
}

/**
 * The tenant's site a request comes from, for links back to it (a payment's return page, a mailed
 * account link): the first of Origin (sent with a POST), Referer (a same-origin GET sends none) and
 * the request's own host that is a host of `tenant`; else its public site. Nothing a caller sends
 * can point a link at a host the tenant does not serve.
 */
export function siteOrigin(c: Context, tenant: TenantRecord): string {
  const self = new URL(c.req.url);
  const ownSite = (candidate: string | undefined) => {
    const host = originHost(candidate);
    return candidate && host && servesHost(tenant, host) ? new URL(candidate).origin : undefined;
  };
  const host = c.req.header('Host');
  return (
    ownSite(c.req.header('Origin')) ??
    ownSite(c.req.header('Referer')) ??
    ownSite(host ? `${self.protocol}//${host}` : undefined) ??
    publicOrigin(tenant, self.host)
  );
}
