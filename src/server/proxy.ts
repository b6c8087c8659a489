/** TRUST_PROXY: how many proxies in front of the server append to X-Forwarded-For (`true` means one). */
export function proxyHops(value: string | undefined): number {
  if (!value || value === 'false') return 0;
  if (value === 'true') return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0) throw new Error(`TRUST_PROXY harus true, false atau jumlah proxy (angka), bukan "${value}"`);
  return hops;
}

/**
 * The X-Forwarded-For entry `hops` places from the right (the one the outermost trusted proxy
 * appended; entries further left are whatever the client wrote), or undefined when there is none.
 */
export function forwardedFor(header: string | string[] | undefined, hops: number): string | undefined {
  if (hops <= 0) return undefined;
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return chain[chain.length - hops] || undefined;
}
