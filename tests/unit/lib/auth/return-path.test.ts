import { describe, expect, it } from 'vitest';
import { ERR_REDIRECT, RedirectRefusedError, safeReturnPath } from '~/lib/auth/return-path';

const ORIGIN = 'https://demo.example';

/** Where a browser on ORIGIN ends up when sent to `path`. */
const destination = (path: string) => new URL(path, `${ORIGIN}/CallbackAuth?state=x`);

function refusal(value: string, origin = ORIGIN): unknown {
  try {
    safeReturnPath(value, origin);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('safeReturnPath: back to the page the visitor came from (SPEC §5)', () => {
  it.each([
    ['/Akun', '/Akun'],
    ['/News?page=2#x', '/News?page=2#x'],
    ['/', '/'],
    ['/Kelas/matematika-dasar?tab=materi', '/Kelas/matematika-dasar?tab=materi'],
    ['/Cari?q=a%20b&kategori=sains', '/Cari?q=a%20b&kategori=sains'],
  ])('accepts the same-origin path %s', (value, expected) => {
    expect(safeReturnPath(value, ORIGIN)).toBe(expected);
    expect(destination(expected).origin).toBe(ORIGIN);
  });

  it('gives the fallback when there is no return path', () => {
    expect(safeReturnPath(null, ORIGIN)).toBe('/Akun');
    expect(safeReturnPath(undefined, ORIGIN)).toBe('/Akun');
    expect(safeReturnPath('', ORIGIN)).toBe('/Akun');
    expect(safeReturnPath(null, ORIGIN, '/')).toBe('/');
  });

  it('keeps an encoded double slash as a path of this site', () => {
    const path = safeReturnPath('/%2F%2Fevil.example', ORIGIN);
    expect(destination(path).origin).toBe(ORIGIN);
    expect(destination(path).host).toBe('demo.example');
    expect(path.startsWith('//')).toBe(false);
  });

  it('percent-encodes what the path would otherwise carry raw, still on this site', () => {
    const path = safeReturnPath('/Berita/<script>alert(1)</script>', ORIGIN);
    expect(path).not.toContain('<');
    expect(destination(path).origin).toBe(ORIGIN);
  });

  it('judges the origin given with a page address as well as a bare origin', () => {
    expect(safeReturnPath('/Akun', `${ORIGIN}/Login?redirect=%2FAkun`)).toBe('/Akun');
  });

  it.each([
    ['another origin', 'https://evil.example/'],
    ['another origin with a path of this site', 'https://evil.example/Akun'],
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with a path', '//evil.example/Akun'],
    ['a backslash a browser reads as a slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a tab the browser strips', '/\t/evil.example'],
    ['a newline the browser strips', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a NUL character', '/Akun\u0000'],
    ['a DEL character', '/\u007f/evil.example'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['an upper-case JavaScript: address', 'JavaScript:alert(document.cookie)'],
    ['a data: address', 'data:text/html,<script>alert(1)</script>'],
    ['this host over plain http', 'http://demo.example/Akun'],
    ['a leading space', ' /Akun'],
    ['a relative path', 'Akun'],
    ['a bare host name', 'evil.example'],
    ['a query alone', '?next=//evil.example'],
    ['a fragment alone', '#top'],
  ])('refuses %s with ERR_REDIRECT', (_what, value) => {
    const error = refusal(value);
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect(error).toMatchObject({ code: ERR_REDIRECT, target: value });
  });

  it('refuses an address of this site over plain http when the site is https', () => {
    expect(refusal('http://same-host-but-http')).toMatchObject({ code: 'ERR_REDIRECT' });
    expect(refusal(`http://demo.example/Akun`)).toMatchObject({ code: 'ERR_REDIRECT' });
  });

  it('says why in Indonesian, with the code, and is an Error', () => {
    const error = refusal('https://evil.example/');
    expect(ERR_REDIRECT).toBe('ERR_REDIRECT');
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('RedirectRefusedError');
    expect((error as Error).message).toContain('ERR_REDIRECT');
    expect((error as Error).message).toContain('ditolak');
  });

  it('never returns a path that leads off the site, for any of many tricky inputs', () => {
    const tricky = [
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/%09/evil.example',
      '/.%2F/evil.example',
      '/a\\..\\..\\/evil.example',
      '/\u3000/evil.example',
      '/\uff0f\uff0fevil.example',
      '/\u2028/evil.example',
      '/@evil.example',
      '/:@evil.example',
      '/Akun?next=//evil.example',
      '/Akun#//evil.example',
    ];
    for (const value of tricky) {
      let path: string;
      try {
        path = safeReturnPath(value, ORIGIN);
      } catch (error) {
        expect(error).toMatchObject({ code: ERR_REDIRECT });
        continue;
      }
      expect(path.startsWith('/')).toBe(true);
      expect(path.startsWith('//')).toBe(false);
      expect(path.startsWith('/\\')).toBe(false);
      expect(destination(path).origin, value).toBe(ORIGIN);
    }
  });
});
