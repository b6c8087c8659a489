import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderShareImage, wrapText } from '~/lib/seo/share-image';

describe('wrapText', () => {
  it('packs words into lines no wider than the width', () => {
    expect(wrapText('satu dua tiga empat lima', 9, 5)).toEqual(['satu dua', 'tiga', 'empat', 'lima']);
    expect(wrapText('ab cd ef', 5, 5)).toEqual(['ab cd', 'ef']);
  });

  it('ignores extra whitespace and gives no lines for empty text', () => {
    expect(wrapText('  a \n b  ', 10, 2)).toEqual(['a b']);
    expect(wrapText('   ', 10, 2)).toEqual([]);
  });

  it('keeps a word longer than the width whole on its own line', () => {
    expect(wrapText('a supercalifragilistic b', 5, 3)).toEqual(['a', 'supercalifragilistic', 'b']);
  });

  it('stops at maxLines and marks the cut with an ellipsis', () => {
    expect(wrapText('one two three four five six', 7, 2)).toEqual(['one two', 'three…']);
  });
});

describe('renderShareImage', () => {
  it('renders a 1200×630 PNG, even with markup characters in the text', async () => {
    const png = await renderShareImage({
      title: 'A & B <C>',
      tagline: 'Belajar "bersama" & tumbuh',
      primary: '#2096C4',
      secondary: '#2F80ED',
    });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
  });
});
