import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import dmSans from '@capsizecss/metrics/dMSans';
import fraunces from '@capsizecss/metrics/fraunces';
import inter from '@capsizecss/metrics/inter';
import lexend from '@capsizecss/metrics/lexend';
import montserrat from '@capsizecss/metrics/montserrat';
import nunito from '@capsizecss/metrics/nunito';
import outfit from '@capsizecss/metrics/outfit';
import raleway from '@capsizecss/metrics/raleway';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';
import workSans from '@capsizecss/metrics/workSans';
import { type FontName, fallbackFamily } from '~/lib/tenant/fonts';

type Metrics = typeof inter;

/** Each family's metrics (Capsize's, read from the font files), and the local font its fallback is tuned to. */
const METRICS: Record<FontName, Metrics> = {
  Raleway: raleway,
  Inter: inter,
  Montserrat: montserrat,
  Nunito: nunito,
  Lexend: lexend,
  Outfit: outfit,
  'DM Sans': dmSans,
  'Work Sans': workSans,
  Fraunces: fraunces,
};

/** Local fonts with Arial's (or Times New Roman's) metrics, by the names browsers match in `local()`. */
const LOCAL = {
  sans: ["local('Arial')", "local('ArialMT')", "local('Liberation Sans')", "local('Arimo')"],
  serif: ["local('Times New Roman')", "local('TimesNewRomanPSMT')", "local('Liberation Serif')", "local('Tinos')"],
};

/**
 * The `@font-face` rule of a family's fallback (`'Inter Fallback'`): a local Arial-like font scaled
 * and given the family's ascent, descent and line gap, so text set in it takes the room the web font
 * will take. When the web font arrives (font-display: swap) lines neither rewrap nor move: no layout
 * shift. The same technique as Next.js and Astro's font optimisation, with Capsize's metrics.
 */
export function fallbackFontFace(name: FontName): string {
  const serif = name === 'Fraunces';
  const { fontFaces } = createFontStack([METRICS[name], serif ? timesNewRoman : arial]);
  return fontFaces
    .replace(/font-family: "[^"]+";/, `font-family: "${fallbackFamily(name)}";`)
    .replace(/src: [^;]+;/, `src: ${(serif ? LOCAL.serif : LOCAL.sans).join(', ')};`)
    .replace(/\s*\n\s*/g, '');
}
