import { ORDER_REF } from '~/contract/learner';

/**
 * The receipt's order id from the address of /Akun/Kuitansi: `?ref=ORDER`, else `#ref=ORDER` or
 * `#ORDER` (a fragment never reaches server logs). Undefined when none is given or it is malformed.
 */
export function receiptRefOf(search: string, hash: string): string | undefined {
  const fromQuery = new URLSearchParams(search).get('ref')?.trim();
  const fragment = hash.replace(/^#/, '');
  const fromHash = fragment.includes('=') ? new URLSearchParams(fragment).get('ref')?.trim() : fragment.trim();
  const ref = fromQuery || fromHash;
  return ref && ORDER_REF.test(ref) ? ref : undefined;
}
