import { contrast, contrastText } from './theme';

/**
 * Which of a tenant's two logos to draw on a ground. A logo is an SVG the tenant ships (or a picture
 * elsewhere); its wordmark is what must stay legible, so the logo whose wordmark colours contrast
 * most with the ground (its least legible colour counts) is the one shown there. Logos we cannot
 * read follow the ground's text colour: the light logo where text is white, the dark one elsewhere.
 */

const COLOUR = /(?:fill|stroke)\s*[=:]\s*["']?\s*(#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b)/g;

/** Hex colours an SVG fragment paints with (fill and stroke attributes and styles). */
function coloursIn(fragment: string): string[] {
  return [...fragment.matchAll(COLOUR)].map((match) => match[1] as string);
}

/** Colours of an SVG's wordmark (its `<text>` and `<tspan>`s); every colour when it has no text. */
export function wordmarkColours(svg: string): string[] {
  const texts = [...svg.matchAll(/<text\b[\s\S]*?<\/text>/g)].map((match) => match[0]);
  const colours = texts.flatMap(coloursIn);
  return colours.length > 0 ? colours : coloursIn(svg);
}

/**
 * Whitespace that a browser would draw as a space between two pieces of a wordmark: a line break
 * or spaces between `</tspan>` and the next `<tspan>`, or a line break before a `<tspan>`. Returns
 * the offending snippets (empty when the wordmark renders as drawn).
 */
export function strayWordmarkSpaces(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].flatMap((match) => {
    const inner = match[1] ?? '';
    const found: string[] = [];
    if (/<\/tspan>\s+<tspan\b/.test(inner)) found.push('spasi di antara </tspan> dan <tspan>');
    if (/[^\s>]\s*\n\s*<tspan\b/.test(inner)) found.push('baris baru di antara teks dan <tspan>');
    return found;
  });
}

/** The least legible wordmark colour's contrast with a ground. */
export function wordmarkContrast(svg: string, ground: string): number {
  const colours = wordmarkColours(svg);
  return colours.length ? Math.min(...colours.map((colour) => contrast(colour, ground))) : 1;
}

/** `dark` or `light`: the logo to draw on a ground colour, from the two logos' SVG sources when known. */
export function logoForGround(ground: string, sources: { dark: string | null; light: string | null }): 'dark' | 'light' {
  if (sources.dark && sources.light) {
    return wordmarkContrast(sources.dark, ground) >= wordmarkContrast(sources.light, ground) ? 'dark' : 'light';
  }
  return contrastText(ground) === '#ffffff' ? 'light' : 'dark';
}
