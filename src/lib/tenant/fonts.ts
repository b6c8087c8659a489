import type { FontName } from '~/contract/settings';

export { FONT_NAMES, type FontName } from '~/contract/settings';

/**
 * The self-hosted font families a tenant may choose (SPEC §7 "Third-party at load": weights 300–900).
 * Each maps to a variable-weight @fontsource package, so one file per script subset covers every weight.
 */
export const FONTS: Record<FontName, string> = {
  Raleway: '@fontsource-variable/raleway',
  Inter: '@fontsource-variable/inter',
  Montserrat: '@fontsource-variable/montserrat',
  Nunito: '@fontsource-variable/nunito',
  Lexend: '@fontsource-variable/lexend',
  Outfit: '@fontsource-variable/outfit',
  'DM Sans': '@fontsource-variable/dm-sans',
  'Work Sans': '@fontsource-variable/work-sans',
  Fraunces: '@fontsource-variable/fraunces',
};

/** The family name of a font's metric-matched local fallback (server/builds/font-fallbacks.ts). */
export const fallbackFamily = (name: FontName): string => `${name} Fallback`;

/**
 * CSS font-family value for a family: the variable font's registered name first, then its
 * metric-matched fallback (text keeps its place when the web font arrives), then system fonts.
 */
export function fontStack(name: FontName): string {
  const serif = name === 'Fraunces';
  return `'${name} Variable', '${name}', '${fallbackFamily(name)}', ${serif ? 'Georgia, serif' : 'system-ui, -apple-system, "Segoe UI", sans-serif'}`;
}
