/** The code SPEC §5 names for a redirect to an outside path. */
export const ERR_REDIRECT = 'ERR_REDIRECT';

/** A refused return address: it would leave the site (SPEC §5 "A redirect to an outside path is refused with ERR_REDIRECT"). */
export class RedirectRefusedError extends Error {
  override readonly name = 'RedirectRefusedError';
  readonly code = ERR_REDIRECT;
  constructor(readonly target: string) {
    super(`${ERR_REDIRECT}: alamat tujuan di luar situs ini ditolak`);
  }
}

/**
 * The same-origin path to go back to after signing in: `value` when it is a path of `origin`
 * (`/News?page=2#top`), `fallback` when there is none. Anything that would leave the site (another
 * origin, `//host`, `/\host`, `javascript:`, a path with control characters that browsers strip)
 * throws `RedirectRefusedError`. Zod-free: every page's script and the sign-in islands use it.
 */
export function safeReturnPath(value: string | null | undefined, origin: string, fallback = '/Akun'): string {
  if (value === null || value === undefined || value === '') return fallback;
  // Browsers drop tabs and newlines inside URLs, so `/\t/evil.example` would lead off the site.
  if (
    [...value].some((char) => char <= '\u001f' || char === '\u007f') ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  ) {
    throw new RedirectRefusedError(value);
  }
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    throw new RedirectRefusedError(value);
  }
  // Dot segments resolve away (`/.//evil.example` → path `//evil.example`): judge the path the browser would follow.
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) {
    throw new RedirectRefusedError(value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
