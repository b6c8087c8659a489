import { describe, expect, it } from 'vitest';
import { linkLifetime } from '~/contract/account-links';
import { fillCopy, fillCopyDeep, fillCopyHtml } from '~/lib/tenant/copy-tokens';

const formal = { title: 'Nusantara', voice: 'Anda' } as const;
const casual = { title: 'SMK Coding', voice: 'kamu' } as const;

describe('fillCopy', () => {
  it('replaces every {{site}} token, with or without inner spaces', () => {
    expect(fillCopy('Tentang {{site}} — {{ site }}', formal)).toBe('Tentang Nusantara — Nusantara');
    expect(fillCopy('no token', formal)).toBe('no token');
  });

  it("speaks in the brand's voice: Anda, or kamu (Kamu at the start of a sentence)", () => {
    const text = '{{Anda}} bisa mendaftar. Kami membantu {{anda}}.';
    expect(fillCopy(text, formal)).toBe('Anda bisa mendaftar. Kami membantu Anda.');
    expect(fillCopy(text, casual)).toBe('Kamu bisa mendaftar. Kami membantu kamu.');
  });

  it('keeps a title with replacement patterns literal', () => {
    expect(fillCopy('{{site}}', { title: 'A $& B', voice: 'Anda' })).toBe('A $& B');
  });

  it('escapes the title when filling HTML', () => {
    expect(fillCopyHtml('<h1>{{site}}</h1>', { title: `Tom & "Jerry's" <b>`, voice: 'Anda' })).toBe(
      '<h1>Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;</h1>',
    );
  });

  it('fills nested values, treating the named keys as HTML', () => {
    const filled = fillCopyDeep(
      { a: ['{{site}} untuk {{anda}}'], content: '<p>{{site}}</p>' },
      { title: 'A&B', voice: 'kamu' },
      new Set(['content']),
    );
    expect(filled).toEqual({ a: ['A&B untuk kamu'], content: '<p>A&amp;B</p>' });
  });

  it('says how long the mailed account links live as the product sets it, never as copy typed it', () => {
    expect(fillCopy('berlaku {{verifyLinkLifetime}}; reset {{ resetLinkLifetime }}', { title: 'A', voice: 'Anda' })).toBe(
      `berlaku ${linkLifetime('verify-email')}; reset ${linkLifetime('reset-password')}`,
    );
  });
});
