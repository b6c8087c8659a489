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

/**
 * Who a visitor is to rate limits and sign-in waits: an IPv4 address as it is (an IPv4-mapped IPv6
 * address as its IPv4 form), an IPv6 address as its /64 network, `2001:db8:1:2::/64`. One subscriber
 * is given a whole /64, so counting single IPv6 addresses would hand a guesser 2^64 fresh starts.
 * Anything that is not an IP address is returned as it is.
 */
export function visitorNetwork(address: string): string {
  const bare = address
    .replace(/%.*$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (!bare.includes(':') || !/^[0-9a-f:.]+$/.test(bare)) return address;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 && !bare.includes('.')) return address;
  if (bare === '::1') return '::1';
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The host a visitor asked for, lower-cased: behind `hops` trusted proxies the X-Forwarded-Host value
 * the outermost one wrote (proxies append to it as to X-Forwarded-For, so what lies left of it came
 * from the client and picks nothing; an empty value counts as a value, so it never shifts the pick
 * onto the client's), else `Host`. Undefined when there is neither (HTTP/1.0). The one rule of the
 * site server (which tenant) and the API (a certificate's PDF).
 */
export function requestHost(forwardedHost: string | string[] | undefined, host: string | undefined, hops: number): string | undefined {
  const values = hops > 0 ? (Array.isArray(forwardedHost) ? forwardedHost.join(',') : (forwardedHost ?? '')).split(',') : [];
  const forwarded = values.length >= hops ? values[values.length - hops]?.trim() : undefined;
  return (forwarded || host)?.toLowerCase();
}
