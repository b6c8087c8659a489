import { describe, expect, it } from 'vitest';
import { ERR_REDIRECT, safeReturnPath } from '~/lib/auth/return-path';

const ORIGIN = 'https://demo.example';

describe('return path after sign-in (SPEC §5 ERR_REDIRECT): dot segments', () => {
  it.each(['/.//evil.example', '/..//evil.example/x', '/%2e%2e//evil.example', '/./\\evil.example', '/a/..//evil.example'])(
    'refuses %s, which a browser would resolve to another host',
    (value) => {
      expect(() => safeReturnPath(value, ORIGIN)).toThrow(expect.objectContaining({ code: ERR_REDIRECT }));
    },
  );

  it('keeps paths whose dot segments stay on the site, resolved', () => {
    expect(safeReturnPath('/News/../Akun?tab=1#profil', ORIGIN)).toBe('/Akun?tab=1#profil');
  });
});
