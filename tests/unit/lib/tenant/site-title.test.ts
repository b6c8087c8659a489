import { describe, expect, it } from 'vitest';
import { fillSiteTitle, fillSiteTitleHtml } from '~/lib/tenant/site-title';

describe('fillSiteTitle', () => {
  it('replaces every {{site}} token, with or without inner spaces', () => {
    expect(fillSiteTitle('Tentang {{site}} — {{ site }}', 'Nusantara')).toBe('Tentang Nusantara — Nusantara');
    expect(fillSiteTitle('no token', 'X')).toBe('no token');
  });

  it('escapes the title when filling HTML', () => {
    expect(fillSiteTitleHtml('<h1>{{site}}</h1>', `Tom & "Jerry's" <b>`)).toBe('<h1>Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;</h1>');
  });
});
