import { contrast, themeProblems } from '~/lib/tenant/theme';

/*
 * The theme's WCAG AA check as the settings preview lists it: `themeProblems` of lib/tenant/theme.ts
 * (the very check the server runs before storing colours, and the build before publishing them),
 * each failing pair put in the console's words.
 */

const COLOUR_NAMES: Record<string, string> = {
  primary: 'primer',
  secondary: 'sekunder',
  success: 'sukses',
  info: 'info',
  warning: 'peringatan',
  danger: 'bahaya',
  light: 'terang',
  dark: 'gelap',
};

const NAMED: Record<string, string> = {
  '--text': 'Teks utama',
  '--text-muted': 'Teks sekunder',
  '--text-on-dark': 'Teks putih',
  '--text-muted-on-dark': 'Teks sekunder terang',
  '--ring': 'Cincin fokus',
  '--ring-on-dark': 'Cincin fokus terang',
  '--ring-on-primary': 'Cincin fokus di pita primer',
  '--ring-on-secondary': 'Cincin fokus di pita sekunder',
  '--surface': 'latar putih',
  '--surface-muted': 'latar abu-abu muda (warna terang)',
  '--tint-primary': 'latar tipis primer',
  '--tint-secondary': 'latar tipis sekunder',
  '--ground-dark': 'latar gelap (warna gelap)',
  '--ground-dark-raised': 'kartu di latar gelap',
  '--glow-primary': 'latar gelap bernuansa primer',
  '--glow-secondary': 'latar gelap bernuansa sekunder',
};

/** A theme variable in words: `--clr-primary-text` → `teks warna primer`. */
export function variableName(variable: string): string {
  const named = NAMED[variable];
  if (named) return named;
  const match = /^--clr-([a-z]+)-(text|on-dark|contrast|fill|deep)$/.exec(variable);
  const colour = match?.[1] && COLOUR_NAMES[match[1]];
  if (!match || !colour) return variable;
  const of = {
    text: `Teks warna ${colour}`,
    'on-dark': `Teks warna ${colour} (versi terang)`,
    contrast: `Teks tombol ${colour}`,
    fill: `tombol ${colour}`,
    deep: `ujung gradien ${colour}`,
  } as const;
  return of[match[2] as keyof typeof of];
}

/** One failing pair: its words, and the variables and colours behind them. */
export interface ContrastProblem {
  /** `Teks putih di atas latar gelap (warna gelap): 1,00:1, perlu 4,5:1`. */
  text: string;
  /** `--text-on-dark #ffffff di atas --ground-dark #ffffff`: what the server's message names. */
  detail: string;
  fore?: string | undefined;
  back?: string | undefined;
}

const PROBLEM = /^(--[a-z0-9-]+) \((#[0-9a-fA-F]+)\) di atas (--[a-z0-9-]+) \((#[0-9a-fA-F]+)\): [\d.]+:1, perlu ([\d.]+):1$/;

/** `2,32` for 2.3178, as the server's message rounds it; rounded down where rounding would reach the target (4,49, not 4,50). */
function ratioText(ratio: number, target: number): string {
  const rounded = Math.round(ratio * 100) / 100;
  const shown = rounded >= target ? Math.floor(ratio * 100) / 100 : rounded;
  return shown.toLocaleString('id-ID', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
const targetText = (target: number) => target.toLocaleString('id-ID', { maximumFractionDigits: 1 });

/** The pairs of a theme (its `themeVariables`) below AA, in words; a line `themeProblems` words otherwise is kept as it is. */
export function contrastProblems(vars: Record<string, string>): ContrastProblem[] {
  return themeProblems(vars).map((line) => {
    const match = PROBLEM.exec(line);
    if (!match) return { text: line, detail: line };
    const [, foreName = '', fore = '', backName = '', back = '', target = ''] = match;
    return {
      text: `${variableName(foreName)} di atas ${variableName(backName)}: ${ratioText(contrast(fore, back), Number(target))}:1, perlu ${targetText(Number(target))}:1`,
      detail: `${foreName} ${fore} di atas ${backName} ${back}`,
      fore,
      back,
    };
  });
}
