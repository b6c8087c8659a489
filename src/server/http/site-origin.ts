import type { Context } from 'hono';
import { originHost, servesHost, type TenantRecord } from '../platform/tenants';

/** The loopback names of this machine. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Whether a host (without its port) is for development only, loopback or `*.localhost`: never the
 * public name of a site. The one rule of the API's links and the site server alike.
 */
export const isLocalHost = (host: string) => LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost');

/** `host[:port]` without its port (an IPv6 literal keeps its brackets). */
const withoutPort = (host: string) => (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, ''));

/** The origin of a link to `host`: https always, but for a local host, which keeps the scheme it came with. */
const linkOrigin = (url: URL) => (isLocalHost(withoutPort(url.host)) ? url.origin : `https://${url.host}`);

/** The tenant's public site, `https://<its first host that is not a local one>` (else its first host, else `fallbackHost`). */
export function publicOrigin(tenant: Pick<TenantRecord, 'hosts'>, fallbackHost: string): string {
  return `https://${tenant.hosts.find((name) => !isLocalHost(withoutPort(name))) ?? tenant.hosts[0] ?? fallbackHost}`;
}

/**
 * The tenant's public site URL, as its pages name themselves (canonical and social URLs, the sitemap, a
 * certificate's page and its PDF's QR code): the origin of its `meta.url` setting, else `publicOrigin`.
 */
export function publicSiteUrl(tenant: Pick<TenantRecord, 'hosts'>, metaUrl: string | undefined): string {
  try {
    if (metaUrl) return new URL(metaUrl).origin;
  } catch {
    // An unreadable setting: the tenant's hosts below.
  }
  return publicOrigin(tenant, 'localhost');
}

/**
 * The tenant's site a request comes from, for links back to it (a payment's return page, a mailed
 * account link): the first of Origin (sent with a POST), Referer (a same-origin GET sends none) and
 * the request's own host that is a host of `tenant`; else its public site. Nothing a caller sends
 * can point a link at a host the tenant does not serve, nor at plain http on a public host.
 */
export function siteOrigin(c: Context, tenant: TenantRecord): string {
  const self = new URL(c.req.url);
  const ownSite = (candidate: string | undefined) => {
    const host = originHost(candidate);
    return candidate && host && servesHost(tenant, host) ? linkOrigin(new URL(candidate)) : undefined;
  };
  const host = c.req.header('Host');
  return (
    ownSite(c.req.header('Origin')) ??
    ownSite(c.req.header('Referer')) ??
    ownSite(host ? `${self.protocol}//${host}` : undefined) ??
    publicOrigin(tenant, self.host)
  );
}
