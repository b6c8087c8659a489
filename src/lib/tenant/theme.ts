import { clampChroma, converter, formatHex, interpolate, wcagContrast } from 'culori';
import type { SiteCss } from '~/contract/settings';
import { type FontName, fontStack } from './fonts';
import type { Ground } from './grounds';

/**
 * A tenant's theme as CSS custom properties, accessible by construction. The brand colours stay as
 * they are for fills and accents (`--clr-<name>`); every place the theme shows text gets a shade
 * derived from them that meets WCAG AA on each ground it appears on, keeping the colour's hue
 * (OKLCH lightness moves, hue stays, chroma is clamped to sRGB). `THEME_PAIRS` lists every
 * text/ground pair the stylesheets use; `themeProblems` checks them all, so a theme that cannot
 * reach AA fails the build with the pair named instead of shipping unreadable text. The focus ring
 * is derived the same way, one shade per ground, held to the non-text 3:1 (`RING_PAIRS`).
 */

/** WCAG 2 AA: normal text 4.5:1. (Large text needs 3:1; the theme holds all text to 4.5.) */
export const AA_NORMAL = 4.5;
/** WCAG 2.2 non-text contrast (1.4.11): a focus indicator needs 3:1 against the ground beside it. */
export const NON_TEXT = 3;

const COLOR_KEYS = ['primary', 'secondary', 'success', 'info', 'warning', 'danger', 'light', 'dark'] as const;
type ColorKey = (typeof COLOR_KEYS)[number];
/** Colours that appear as text (links, chips, tags, figures); `light` and `dark` are grounds. */
const ACCENT_KEYS = ['primary', 'secondary', 'success', 'info', 'warning', 'danger'] as const;

const WHITE = '#ffffff';
/** The near-black used for text on light fills. */
const INK = '#111418';

const toOklch = converter('oklch');

/** Contrast ratio of two colours (WCAG 2.x relative luminance). */
export function contrast(a: string, b: string): number {
  return wcagContrast(a, b);
}

/** `color-mix(in srgb, a p, b)` as CSS computes it: `p` of `a` over `b`, in gamma-encoded sRGB. */
export function mix(a: string, b: string, p: number): string {
  return formatHex(interpolate([b, a], 'rgb')(p));
}

/** Text colour (white or near-black) that reads best on a fill. */
export function contrastText(fill: string): string {
  return contrast(WHITE, fill) >= contrast(INK, fill) ? WHITE : INK;
}

/**
 * The shade of `color` nearest to it that reaches `target` against every ground, moving its OKLCH
 * lightness `toward` dark (for light grounds) or light (for dark grounds); the colour itself when it
 * already does. The result may still fall short when no shade can (the check reports it).
 */
export function textShade(color: string, grounds: readonly string[], toward: 'dark' | 'light', target = AA_NORMAL): string {
  const passes = (candidate: string) => grounds.every((ground) => contrast(candidate, ground) >= target);
  if (passes(color)) return formatHex(color) ?? color;
  const base = toOklch(color);
  if (!base) return color;
  const at = (l: number) => formatHex(clampChroma({ ...base, l }, 'oklch')) ?? color;
  // Binary search on lightness between the colour and the end it moves toward.
  let near = base.l;
  let far = toward === 'dark' ? 0 : 1;
  if (!passes(at(far))) return at(far);
  for (let step = 0; step < 24; step++) {
    const middle = (near + far) / 2;
    if (passes(at(middle))) far = middle;
    else near = middle;
  }
  return at(far);
}

/** The grounds the stylesheets paint, by variable name. */
function grounds(css: SiteCss): Record<string, string> {
  return {
    '--surface': WHITE,
    '--surface-muted': mix(css.clr_light, WHITE, 0.14),
    '--tint-primary': mix(css.clr_primary, WHITE, 0.1),
    '--tint-secondary': mix(css.clr_secondary, WHITE, 0.12),
    '--ground-dark': css.clr_dark,
    '--ground-dark-raised': mix(WHITE, css.clr_dark, 0.07),
    // The brand glows some dark sections carry (call to action, on-air hero): text may sit on them.
    '--glow-primary': mix(css.clr_primary, css.clr_dark, 0.3),
    '--glow-secondary': mix(css.clr_secondary, css.clr_dark, 0.22),
  };
}
const LIGHT_GROUNDS = ['--surface', '--surface-muted', '--tint-primary', '--tint-secondary'] as const;
const DARK_GROUNDS = ['--ground-dark', '--ground-dark-raised', '--glow-primary', '--glow-secondary'] as const;

/** A text/ground pair the stylesheets use: text variable, ground variable. */
export type ThemePair = readonly [text: string, ground: string];

/** Every text/ground pair the theme promises to keep at AA. */
export const THEME_PAIRS: readonly ThemePair[] = [
  ...LIGHT_GROUNDS.flatMap((ground) => [
    ['--text', ground] as const,
    ['--text-muted', ground] as const,
    ...ACCENT_KEYS.map((key) => [`--clr-${key}-text`, ground] as const),
  ]),
  ...DARK_GROUNDS.flatMap((ground) => [
    ['--text-on-dark', ground] as const,
    ['--text-muted-on-dark', ground] as const,
    ...ACCENT_KEYS.map((key) => [`--clr-${key}-on-dark`, ground] as const),
  ]),
  ...COLOR_KEYS.map((key) => [`--clr-${key}-contrast`, `--clr-${key}-fill`] as const),
  ...COLOR_KEYS.map((key) => [`--clr-${key}-contrast`, `--clr-${key}-deep`] as const),
];

/**
 * The focus ring's variable on each ground: global.css sets `--focus-ring` to it in the ground's
 * class, and `:focus-visible` draws the outline (offset from the element, so the ground shows on both
 * sides of it) in `--focus-ring`.
 */
export const RING_OF_GROUND: Readonly<Record<Ground, string>> = {
  light: '--ring',
  muted: '--ring',
  dark: '--ring-on-dark',
  primary: '--ring-on-primary',
  secondary: '--ring-on-secondary',
};

/**
 * Every ring/ground pair the theme promises to keep at the non-text 3:1: the light ring on each light
 * ground (cards and tints included), the dark ring on each dark one (glows included), and the ring of
 * a brand-coloured band on its fill.
 */
export const RING_PAIRS: readonly ThemePair[] = [
  ...LIGHT_GROUNDS.map((ground) => ['--ring', ground] as const),
  ...DARK_GROUNDS.map((ground) => ['--ring-on-dark', ground] as const),
  ['--ring-on-primary', '--clr-primary-fill'],
  ['--ring-on-secondary', '--clr-secondary-fill'],
];

/**
 * CSS custom properties for a tenant's css setting:
 * - `--ft-primary`, `--ft-secondary`: font stacks;
 * - `--clr-<name>`: the brand colour, for decoration: borders, icons, accents without text;
 * - `--clr-<name>-fill`: the colour as a ground for text (buttons, badges, bands): the brand colour, or
 *   the nearest shade of it its text reads on; `--clr-<name>-contrast`: that text (white or ink);
 *   `--clr-<name>-deep`: the fill's far end for gradients (moved away from its text, so a gradient
 *   only gains contrast);
 * - `--clr-<accent>-text` / `--clr-<accent>-on-dark`: the colour as text on light / dark grounds;
 * - the grounds themselves (`--surface-muted`, `--tint-*`, `--ground-dark*`) and body text shades;
 * - `--ring`, `--ring-on-dark`, `--ring-on-primary`, `--ring-on-secondary`: the focus ring on each
 *   ground, the info colour's shade nearest to it that reaches 3:1 there (`RING_PAIRS`).
 */
export function themeVariables(css: SiteCss & { ft_primary: FontName; ft_secondary: FontName }): Record<string, string> {
  const ground = grounds(css);
  const light = LIGHT_GROUNDS.map((name) => ground[name] as string);
  const dark = DARK_GROUNDS.map((name) => ground[name] as string);
  const vars: Record<string, string> = {
    '--ft-primary': fontStack(css.ft_primary),
    '--ft-secondary': fontStack(css.ft_secondary),
    ...ground,
    '--text': textShade(css.clr_dark, light, 'dark'),
    '--text-muted': textShade(mix(css.clr_dark, WHITE, 0.72), light, 'dark'),
    '--text-on-dark': WHITE,
    '--text-muted-on-dark': textShade(mix(WHITE, css.clr_dark, 0.78), dark, 'light'),
  };
  for (const key of COLOR_KEYS) {
    const value = css[`clr_${key}` as `clr_${ColorKey}`];
    const onFill = contrastText(value);
    // A mid-tone that neither white nor ink reads on at AA moves just far enough away from its text.
    const fill = textShade(value, [onFill], onFill === WHITE ? 'dark' : 'light');
    vars[`--clr-${key}`] = value;
    vars[`--clr-${key}-fill`] = fill;
    vars[`--clr-${key}-contrast`] = onFill;
    // The deep end sits between the fill and the opposite of its text: 35% of the way.
    vars[`--clr-${key}-deep`] = mix(onFill === WHITE ? INK : WHITE, fill, 0.35);
  }
  for (const key of ACCENT_KEYS) {
    vars[`--clr-${key}-text`] = textShade(css[`clr_${key}`], light, 'dark');
    vars[`--clr-${key}-on-dark`] = textShade(css[`clr_${key}`], dark, 'light');
  }
  // The ring keeps the info colour's hue (the ring was `--clr-info`) and moves away from each ground:
  // darker on light grounds, lighter on dark ones, toward its text on a brand fill (which reaches
  // 4.5:1 there, so 3:1 always can).
  vars['--ring'] = textShade(css.clr_info, light, 'dark', NON_TEXT);
  vars['--ring-on-dark'] = textShade(css.clr_info, dark, 'light', NON_TEXT);
  for (const key of ['primary', 'secondary'] as const) {
    const fill = vars[`--clr-${key}-fill`] as string;
    vars[`--ring-on-${key}`] = textShade(css.clr_info, [fill], vars[`--clr-${key}-contrast`] === WHITE ? 'light' : 'dark', NON_TEXT);
  }
  return vars;
}

/** The colour of each ground a section can sit on (see grounds.ts), from a theme's variables. */
export function groundColours(vars: Record<string, string>): Record<Ground, string> {
  const of = (name: string) => vars[name] ?? WHITE;
  return {
    light: of('--surface'),
    muted: of('--surface-muted'),
    dark: of('--ground-dark'),
    primary: of('--clr-primary-fill'),
    secondary: of('--clr-secondary-fill'),
  };
}

/** The focus ring's colour on each ground a section can sit on, from a theme's variables. */
export function ringColours(vars: Record<string, string>): Record<Ground, string> {
  const ring = (ground: Ground) => vars[RING_OF_GROUND[ground]] ?? vars['--clr-info'] ?? WHITE;
  return { light: ring('light'), muted: ring('muted'), dark: ring('dark'), primary: ring('primary'), secondary: ring('secondary') };
}

/**
 * Pairs of a theme below AA (text 4.5:1, focus ring 3:1), described for a build error:
 * `--clr-primary-contrast (#fff) di atas --clr-primary (#eee): 1.1:1`.
 */
export function themeProblems(vars: Record<string, string>): string[] {
  const check = (pairs: readonly ThemePair[], target: number) =>
    pairs.flatMap(([fore, ground]) => {
      const [front, back] = [vars[fore], vars[ground]];
      if (!front || !back) return [`${fore} di atas ${ground}: variabel tidak ada`];
      const ratio = contrast(front, back);
      return ratio >= target ? [] : [`${fore} (${front}) di atas ${ground} (${back}): ${ratio.toFixed(2)}:1, perlu ${target}:1`];
    });
  return [...check(THEME_PAIRS, AA_NORMAL), ...check(RING_PAIRS, NON_TEXT)];
}

/** The variables as a `:root{…}` rule for a `<style>` element. */
export function themeRule(vars: Record<string, string>): string {
  return `:root{${Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}
