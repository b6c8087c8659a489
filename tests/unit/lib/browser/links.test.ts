import { describe, expect, it } from 'vitest';
import { ACCOUNT_SERVICE_KEYWORDS, classifyLink, loggedAddress, withSafeRel } from '~/lib/browser/links';

const PAGE = new URL('https://demo.example/News?page=2');
const classify = (href: string, accountHost?: string) => classifyLink(new URL(href, PAGE), PAGE, accountHost);

describe('classifyLink (SPEC §7 "Logging")', () => {
  it('is internal_navigation for a link to the page’s own host, whatever its path, query or scheme', () => {
    expect(classify('/About')).toBe('internal_navigation');
    expect(classify('https://demo.example/Akun?tab=1#profil')).toBe('internal_navigation');
    expect(classify('http://demo.example/About')).toBe('internal_navigation');
  });

  it('compares hosts without regard to case', () => {
    expect(classify('https://DEMO.Example/About')).toBe('internal_navigation');
    const upperPage = new URL('https://DEMO.EXAMPLE/');
    expect(classifyLink(new URL('https://demo.example/x'), upperPage)).toBe('internal_navigation');
  });

  it('treats the default port as no port, and another port as another site', () => {
    expect(classify('https://demo.example:443/About')).toBe('internal_navigation');
    expect(classify('https://demo.example:8443/About')).toBe('external');
    const devPage = new URL('http://demo.localhost:4321/News');
    expect(classifyLink(new URL('http://demo.localhost:4321/About'), devPage)).toBe('internal_navigation');
    expect(classifyLink(new URL('http://demo.localhost:4322/About'), devPage)).toBe('external');
    expect(classifyLink(new URL('http://demo.localhost/About'), devPage)).toBe('external');
  });

  it('is internal for hosts containing an account-service keyword', () => {
    expect(ACCOUNT_SERVICE_KEYWORDS).toEqual(['account', 'akun']);
    expect(classify('https://account.example/login')).toBe('internal_navigation');
    expect(classify('https://akun.provider.id/masuk')).toBe('internal_navigation');
    expect(classify('https://ACCOUNT.provider.id/')).toBe('internal_navigation');
  });

  it('is internal for the configured account login host, in any case, and only that host', () => {
    expect(classify('https://masuk.provider.id/login', 'masuk.provider.id')).toBe('internal_navigation');
    expect(classify('https://masuk.provider.id/login', 'Masuk.Provider.ID')).toBe('internal_navigation');
    expect(classify('https://sso.masuk.provider.id/login', 'masuk.provider.id')).toBe('external');
    expect(classify('https://masuk.provider.id:8443/login', 'masuk.provider.id')).toBe('external');
    expect(classify('https://masuk.provider.id/login')).toBe('external');
    expect(classify('https://masuk.provider.id/login', '')).toBe('external');
  });

  it('is external for any other host, including look-alikes of the page’s own', () => {
    expect(classify('https://www.youtube.com/watch?v=1')).toBe('external');
    expect(classify('https://demo.example.evil.example/')).toBe('external');
    expect(classify('https://sub.demo.example/')).toBe('external');
    expect(classify('https://example/')).toBe('external');
  });

  it('judges the host, not user info, path or query that mention the site or an account keyword', () => {
    expect(classify('https://demo.example@evil.example/')).toBe('external');
    expect(classify('https://account@evil.example/')).toBe('external');
    expect(classify('https://evil.example/account/login')).toBe('external');
    expect(classify('https://evil.example/?next=https://demo.example/')).toBe('external');
  });
});

describe('loggedAddress: what may be logged of an address', () => {
  it('keeps origin and path and drops query and fragment, where codes and tokens travel', () => {
    const logged = loggedAddress('https://demo.example/CallbackAuth?code=secret&state=s3#x');
    expect(logged).toBe('https://demo.example/CallbackAuth');
    expect(logged).not.toContain('secret');
    expect(loggedAddress('https://demo.example/Login#access_token=secret')).toBe('https://demo.example/Login');
  });

  it('drops user name and password written into the address', () => {
    const logged = loggedAddress('https://budi:secret@demo.example/Akun');
    expect(logged).toBe('https://demo.example/Akun');
    expect(logged).not.toContain('secret');
  });

  it('takes a URL object as well as a string, and keeps a non-default port', () => {
    expect(loggedAddress(new URL('http://demo.localhost:4321/News?page=2'))).toBe('http://demo.localhost:4321/News');
    expect(loggedAddress('https://demo.example')).toBe('https://demo.example/');
  });

  it.each([
    'mailto:halo@demo.example',
    'tel:+628123456789',
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://demo.example/file',
    'file:///etc/passwd',
    'blob:https://demo.example/0d4f7c2e',
    '/relative/path',
    '',
    'bukan alamat',
  ])('logs nothing for %j', (address) => {
    expect(loggedAddress(address)).toBe('');
  });
});

describe('withSafeRel: external links carry rel="noopener noreferrer"', () => {
  it('adds both to an empty rel', () => {
    expect(withSafeRel('')).toBe('noopener noreferrer');
  });

  it('keeps existing tokens in order and adds each of the two only once', () => {
    expect(withSafeRel('me')).toBe('me noopener noreferrer');
    expect(withSafeRel('nofollow noreferrer')).toBe('nofollow noreferrer noopener');
    expect(withSafeRel('noopener noreferrer')).toBe('noopener noreferrer');
    expect(withSafeRel(withSafeRel('external'))).toBe('external noopener noreferrer');
  });

  it('tidies any whitespace between tokens', () => {
    expect(withSafeRel('  me\t\nnofollow  ')).toBe('me nofollow noopener noreferrer');
  });
});
