/** One cookie's value from a Cookie header (the sign-in's `token`, SPEC §9), decoded; undefined when absent or malformed. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at === -1 || part.slice(0, at).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(at + 1).trim()) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
