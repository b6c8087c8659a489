import { describe, expect, it } from 'vitest';
import { absoluteUrl, canonicalUrl, composeTitle, robotsContent, stripHtml, summarize } from '~/lib/seo/meta';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(' ');

describe('composeTitle', () => {
  it('joins page and site with " - "', () => {
    expect(composeTitle('Kelas', 'Nusantara')).toBe('Kelas - Nusantara');
  });

  it('uses whichever part exists, trimmed', () => {
    expect(composeTitle('  Kelas ', '')).toBe('Kelas');
    expect(composeTitle(undefined, ' Nusantara ')).toBe('Nusantara');
    expect(composeTitle(null, null)).toBe('');
  });

  it('says a title equal to the site title once', () => {
    expect(composeTitle('Nusantara', 'Nusantara')).toBe('Nusantara');
  });
});

describe('stripHtml', () => {
  it('removes tags and comments and collapses whitespace', () => {
    expect(stripHtml('<p>Hello\n  <b>world</b></p><!-- hidden --><br/>again ')).toBe('Hello world again');
  });

  it('drops script and style content entirely', () => {
    expect(stripHtml('<style>p{color:red}</style>Hi<script type="x">alert(1)</script> there<SCRIPT>x()</SCRIPT>')).toBe('Hi there');
  });

  it('decodes named and numeric entities', () => {
    expect(stripHtml('Tom &amp; Jerry &lt;3 &quot;x&quot; it&#39;s &#x41;&#66;&nbsp;ok')).toBe('Tom & Jerry <3 "x" it\'s AB ok');
  });

  it('returns empty text for missing input', () => {
    expect(stripHtml(undefined)).toBe('');
    expect(stripHtml(null)).toBe('');
  });
});

describe('summarize', () => {
  it('keeps the first 20 words followed by "..."', () => {
    expect(summarize(`<p>${words(25)}</p>`)).toBe(`${words(20)}...`);
  });

  it('strips HTML before counting words', () => {
    expect(summarize('<p>one <em>two</em></p>   three', 2)).toBe('one two...');
  });

  it('gives nothing for empty input', () => {
    expect(summarize('<p> </p>')).toBe('');
    expect(summarize(null)).toBe('');
  });
});

describe('robotsContent', () => {
  it.each([
    [true, true, 'index, follow'],
    [false, true, 'noindex, follow'],
    [true, false, 'index, nofollow'],
    [false, false, 'noindex, nofollow'],
  ])('index %s follow %s → %s', (robot_index, robot_follow, expected) => {
    expect(robotsContent({ robot_index, robot_follow })).toBe(expected);
  });
});

describe('URLs', () => {
  const site = 'https://demo.example.id';

  it('canonical drops query, hash and trailing slashes but keeps case', () => {
    expect(canonicalUrl('/About/?ref=x#team', site)).toBe('https://demo.example.id/About');
    expect(canonicalUrl('/Courses/@Premium//', site)).toBe('https://demo.example.id/Courses/@Premium');
    expect(canonicalUrl('/', site)).toBe('https://demo.example.id/');
    expect(canonicalUrl('/?q=1', `${site}/`)).toBe('https://demo.example.id/');
  });

  it('makes paths absolute and leaves absolute URLs and empty input alone', () => {
    expect(absoluteUrl('/og/share.png', site)).toBe('https://demo.example.id/og/share.png');
    expect(absoluteUrl('https://cdn.example.id/a.png', site)).toBe('https://cdn.example.id/a.png');
    expect(absoluteUrl('', site)).toBe('');
  });
});
