import type { SiteCss } from '~/contract/settings';
import { type FontName, fontStack } from './fonts';

/** Relative luminance of a #rgb/#rrggbb colour (WCAG 2.x). */
export function luminance(hex: string): number {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const channels = [1, 3, 5].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Text colour (near-black or white) that reads best on a background colour. */
export function contrastText(background: string): string {
  const onWhite = 1.05 / (luminance(background) + 0.05);
  const onDark = (luminance(background) + 0.05) / (luminance('#111418') + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#111418';
}

const COLOR_KEYS = ['primary', 'secondary', 'success', 'info', 'warning', 'danger', 'light', 'dark'] as const;

/**
 * CSS custom properties for a tenant's css setting: `--clr-<name>` for the eight colours,
 * `--clr-<name>-contrast` for text on them, and `--ft-primary` / `--ft-secondary` font stacks.
 */
export function themeVariables(css: SiteCss & { ft_primary: FontName; ft_secondary: FontName }): Record<string, string> {
  const vars: Record<string, string> = {
    '--ft-primary': fontStack(css.ft_primary),
    '--ft-secondary': fontStack(css.ft_secondary),
  };
  for (const key of COLOR_KEYS) {
    const value = css[`clr_${key}`];
    vars[`--clr-${key}`] = value;
    vars[`--clr-${key}-contrast`] = contrastText(value);
  }
  return vars;
}

/** The variables as a `:root{…}` rule for a `<style>` element. */
export function themeRule(vars: Record<string, string>): string {
  return `:root{${Object.entries(vars)
    .map(([name, value]) => `${name}:${value}`)
    .join(';')}}`;
}
