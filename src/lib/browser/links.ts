import type { LogType } from '~/contract/logger';

/** A host containing one of these belongs to the account service, so going there is not leaving the site (SPEC §7 "Logging"). */
export const ACCOUNT_SERVICE_KEYWORDS = ['account', 'akun'] as const;

/**
 * How a click on a link to `target` is logged: internal when its host is the page's own, or the
 * account service's (a host containing an account keyword, or the configured account login host).
 */
export function classifyLink(target: URL, current: URL, accountHost?: string): Exclude<LogType, 'page_load'> {
  const host = target.host.toLowerCase();
  if (host === current.host.toLowerCase()) return 'internal_navigation';
  if (accountHost && host === accountHost.toLowerCase()) return 'internal_navigation';
  return ACCOUNT_SERVICE_KEYWORDS.some((keyword) => host.includes(keyword)) ? 'internal_navigation' : 'external';
}

/** An address as it may be logged: origin and path only; a query or fragment can hold a code or token. */
export function loggedAddress(address: string | URL): string {
  try {
    const url = new URL(address);
    return /^https?:$/.test(url.protocol) ? `${url.origin}${url.pathname}` : '';
  } catch {
    return '';
  }
}

/** Adds `noopener noreferrer` to an external link's rel, keeping what it had (SPEC §7: external links carry both). */
export function withSafeRel(rel: string): string {
  const tokens = new Set(rel.split(/\s+/).filter(Boolean));
  tokens.add('noopener');
  tokens.add('noreferrer');
  return [...tokens].join(' ');
}
