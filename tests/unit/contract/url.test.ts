import { describe, expect, it } from 'vitest';
import { PostCreateSchema } from '~/contract/posts';
import { SETTING_VALUE_SCHEMAS } from '~/contract/settings';
import { AssetRefSchema, cleanUrl, UrlSchema, WebUrlSchema } from '~/contract/url';
import { cleanUrl as sanitizerCleanUrl } from '~/lib/html/urls';
import { HrefSchema } from '~/lib/tenant/content-schema';

/** Addresses a browser would run as script or follow to another host, each written to slip past a naive check. */
const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  '\u0001javascript:alert(1)',
  '\u0000javascript:alert(1)',
  'javascript:alert(1)\u0000',
  'vbscript:msgbox',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '/\\evil.example/a.mp3',
  '//evil.example/a.mp3',
  '/\t/evil.example/a.mp3',
  ' //evil.example',
  '\\\\evil.example',
  'https:evil.example',
  'https:/\\evil.example',
  'https://',
  'ftp://files.example/a',
  'media/x.webp',
  '?q=1',
  '#top',
];

describe('the one URL check', () => {
  it.each(HOSTILE)('refuses %j in every URL field', (value) => {
    expect(UrlSchema.safeParse(value).success).toBe(false);
    expect(WebUrlSchema.safeParse(value).success).toBe(false);
    expect(HrefSchema.safeParse(value).success).toBe(false);
    expect(PostCreateSchema.safeParse({ kindSlug: 'news', title: 'x', cover: value }).success).toBe(false);
    expect(PostCreateSchema.safeParse({ kindSlug: 'news', title: 'x', details: { audio: value } }).success).toBe(false);
  });

  it.each([
    ['https://cdn.example/x.webp', 'https://cdn.example/x.webp'],
    ['HTTP://cdn.example/x.webp', 'HTTP://cdn.example/x.webp'],
    ['/media/x.webp', '/media/x.webp'],
    ['/', '/'],
    ['/a\\b', '/a\\b'],
    ['  /media/x.webp\n', '/media/x.webp'],
    ['https://cdn.example/a\tb.webp', 'https://cdn.example/ab.webp'],
    ['', ''],
  ])('keeps %j, as the browser reads it', (value, stored) => {
    expect(UrlSchema.parse(value)).toBe(stored);
    expect(PostCreateSchema.parse({ kindSlug: 'news', title: 'x', cover: value }).cover).toBe(stored);
  });

  it('a site address is absolute http(s); a logo is also a file of the tenant folder, never a way out of it', () => {
    expect(WebUrlSchema.parse('https://smkcoding.example')).toBe('https://smkcoding.example');
    expect(WebUrlSchema.safeParse('/media/x.webp').success).toBe(false);
    for (const file of ['assets/logo-dark.svg', '/logo-dark.svg', 'a.svg', 'https://cdn.example/logo.svg']) {
      expect(AssetRefSchema.parse(file)).toBe(file);
    }
    for (const file of ['../../etc/passwd', 'assets/../../x.svg', 'assets//x.svg', '.env', 'java\tscript:alert(1)', 'C:\\x.svg']) {
      expect(AssetRefSchema.safeParse(file).success, file).toBe(false);
    }
  });

  it.each([
    ['logoDark', 'java\tscript:alert(1)'],
    ['favicon', '/\\evil.example/x.svg'],
    ['meta', { image: 'java\tscript:alert(1)' }],
    ['meta', { url: '/bukan-alamat-situs' }],
    ['blog', { cover: '//evil.example/x.webp' }],
    ['overview', { logo: 'javascript:alert(1)' }],
  ] as const)('the setting %s refuses %j', (key, value) => {
    const schema = SETTING_VALUE_SCHEMAS[key];
    const input = typeof value === 'string' ? value : { ...(schema.parse({}) as object), ...value };
    expect(schema.safeParse(input).success).toBe(false);
  });

  it('page links take site paths, https, mailto: and tel:, as before', () => {
    for (const href of ['/Contact', 'https://wa.me/6281234', 'mailto:halo@demo.example', 'tel:+62211234']) {
      expect(HrefSchema.parse(href)).toBe(href);
    }
    expect(HrefSchema.safeParse('http://insecure.example').success).toBe(false);
  });

  it('the HTML sanitiser cleans URLs with the same function', () => {
    expect(sanitizerCleanUrl).toBe(cleanUrl);
  });
});
