/** TRUST_PROXY: how many proxies in front of the server append to X-Forwarded-For (`true` means one). */
export function proxyHops(value: string | undefined): number {
  if (!value || value === 'false') return 0;
  if (value === 'true') return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0) throw new Error(`TRUST_PROXY harus true, false atau jumlah proxy (angka), bukan "${value}"`);
  return hops;
}
