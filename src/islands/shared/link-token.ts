import { linkTokenOf } from '~/contract/account';

/**
 * The `#token=…` of a mailed account link, read once; the fragment then leaves the address bar (no
 * history entry, bookmark or screenshot keeps it). Call it in an effect, never while rendering: the
 * server-rendered markup knows no fragment.
 */
export function takeLinkToken(): string | undefined {
  const token = linkTokenOf(location.hash);
  if (location.hash) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return token;
}
