import { converter } from 'culori';
import { describe, expect, it } from 'vitest';
import { SiteCssSchema } from '~/contract/settings';
import { FONT_NAMES, fontStack } from '~/lib/tenant/fonts';
import { GROUNDS } from '~/lib/tenant/grounds';
import { listTenantCodes, loadTenant } from '~/lib/tenant/load';
import {
  AA_NORMAL,
  contrast,
  contrastText,
  groundColours,
  mix,
  NON_TEXT,
  RING_PAIRS,
  ringColours,
  THEME_PAIRS,
  textShade,
  themeProblems,
  themeRule,
  themeVariables,
} from '~/lib/tenant/theme';

const INK = '#111418';
const css = { ...SiteCssSchema.parse({}), ft_primary: 'Raleway', ft_secondary: 'Fraunces' } as const;
const hueOf = (hex: string) => converter('oklch')(hex)?.h ?? 0;

describe('themeVariables', () => {
  const vars = themeVariables(css);

  it('keeps each brand colour as it is, for fills and accents, with white or ink text on it', () => {
    for (const name of ['primary', 'secondary', 'success', 'info', 'warning', 'danger', 'light', 'dark']) {
      expect(vars[`--clr-${name}`]).toMatch(/^#[0-9a-fA-F]{6}$/);
      expect([INK, '#ffffff']).toContain(vars[`--clr-${name}-contrast`]);
    }
    expect(vars['--clr-primary']).toBe('#2096C4');
    expect(vars['--clr-dark']).toBe('#212529');
    expect(vars['--clr-dark-contrast']).toBe('#ffffff');
    expect(vars['--clr-light-contrast']).toBe(INK);
  });

  it('derives text shades of the brand colours that read at AA, keeping their hue (the demo blue was 3.86:1 on white)', () => {
    expect(contrast('#2F80ED', '#ffffff')).toBeLessThan(AA_NORMAL);
    const link = vars['--clr-secondary-text'] as string;
    expect(contrast(link, '#ffffff')).toBeGreaterThanOrEqual(AA_NORMAL);
    expect(contrast(link, vars['--surface-muted'] as string)).toBeGreaterThanOrEqual(AA_NORMAL);
    expect(Math.abs(hueOf(link) - hueOf('#2F80ED'))).toBeLessThan(8);
  });

  it('keeps a colour that already reads as text unchanged', () => {
    expect(textShade('#1B3A6B', ['#ffffff'], 'dark')).toBe('#1b3a6b');
  });

  it('meets AA on every text/ground pair it promises, for every shipped tenant', () => {
    for (const code of listTenantCodes('tenants')) {
      const theme = themeVariables(loadTenant('tenants', code).setting.css);
      expect(themeProblems(theme), code).toEqual([]);
      for (const [text, ground] of THEME_PAIRS) {
        expect(contrast(theme[text] as string, theme[ground] as string), `${code} ${text} on ${ground}`).toBeGreaterThanOrEqual(AA_NORMAL);
      }
    }
  });

  it('fixes the brand colours the audit found unreadable as text (lime, amber, gold, cyan, teal)', () => {
    for (const colour of ['#A3E635', '#FFC107', '#C9A227', '#06B6D4', '#1AA6A0']) {
      const theme = themeVariables({ ...css, clr_secondary: colour });
      expect(contrast(theme['--clr-secondary-text'] as string, '#ffffff'), colour).toBeGreaterThanOrEqual(AA_NORMAL);
      expect(contrast(theme['--clr-secondary-on-dark'] as string, theme['--ground-dark'] as string), colour).toBeGreaterThanOrEqual(
        AA_NORMAL,
      );
    }
  });

  it('moves a mid-tone fill just enough for its text to read (Jong Kreatif pink with white text was 4.42:1)', () => {
    const theme = themeVariables({ ...css, clr_primary: '#E0218A' });
    expect(theme['--clr-primary']).toBe('#E0218A');
    expect(contrast(theme['--clr-primary-contrast'] as string, theme['--clr-primary-fill'] as string)).toBeGreaterThanOrEqual(AA_NORMAL);
    expect(contrast(theme['--clr-primary-fill'] as string, '#E0218A')).toBeLessThan(1.2);
  });

  it('names each pair a theme cannot bring to AA: white text on a "dark" colour that is light', () => {
    const problems = themeProblems(themeVariables({ ...css, clr_dark: '#adb5bd' }));
    expect(problems.join('\n')).toMatch(/--text-on-dark \(#ffffff\) di atas --ground-dark \(#adb5bd\): \d\.\d\d:1, perlu 4\.5:1/);
  });

  it('emits font stacks led by the self-hosted variable font', () => {
    expect(vars['--ft-primary']).toBe(fontStack('Raleway'));
    expect(vars['--ft-primary']?.startsWith("'Raleway Variable', 'Raleway', ")).toBe(true);
    expect(vars['--ft-secondary']).toMatch(/^'Fraunces Variable'.*serif$/);
  });

  it('writes the variables as one :root rule', () => {
    expect(themeRule({ '--a': '1', '--b': "'X', serif" })).toBe(":root{--a:1;--b:'X', serif}");
    expect(themeRule(vars)).toContain('--clr-primary:#2096C4;');
  });
});

describe('focus ring', () => {
  it('reaches 3:1 where the info colour did not (demo #11cdef was 1.9:1 on white, smkcoding #06B6D4 2.4:1), keeping its hue', () => {
    for (const info of ['#11cdef', '#06B6D4']) {
      expect(contrast(info, '#ffffff')).toBeLessThan(NON_TEXT);
      const theme = themeVariables({ ...css, clr_info: info });
      const ring = theme['--ring'] as string;
      expect(contrast(ring, '#ffffff'), info).toBeGreaterThanOrEqual(NON_TEXT);
      expect(Math.abs(hueOf(ring) - hueOf(info)), info).toBeLessThan(8);
    }
  });

  it('keeps an info colour that already stands out as it is', () => {
    expect(themeVariables({ ...css, clr_info: '#1B3A6B' })['--ring']).toBe('#1b3a6b');
  });

  it('reaches 3:1 on every ground, for every shipped tenant, and prints the figures', () => {
    const codes = listTenantCodes('tenants');
    const rows = codes.map((code) => {
      const theme = themeVariables(loadTenant('tenants', code).setting.css);
      expect(themeProblems(theme), code).toEqual([]);
      for (const [ring, ground] of RING_PAIRS) {
        expect(contrast(theme[ring] as string, theme[ground] as string), `${code} ${ring} on ${ground}`).toBeGreaterThanOrEqual(NON_TEXT);
      }
      const [grounds, rings] = [groundColours(theme), ringColours(theme)];
      const perGround = GROUNDS.map((ground) => contrast(rings[ground], grounds[ground]));
      // Every pair, the cards, tints and glows of each ground included.
      const min = Math.min(...RING_PAIRS.map(([ring, ground]) => contrast(theme[ring] as string, theme[ground] as string)));
      return { code, info: theme['--clr-info'] as string, rings, perGround, min };
    });
    const pad = (text: string, width: number) => text.padEnd(width);
    const lines = [
      `Focus ring contrast per ground (WCAG 2.2 non-text, needs ${NON_TEXT}:1; min covers every ground pair incl. tints and glows)`,
      [pad('tenant', 20), pad('info', 8), ...GROUNDS.map((ground) => pad(ground, 18)), 'min'].join(' '),
      ...rows.map(({ code, info, rings, perGround, min }) =>
        [
          pad(code, 20),
          pad(info, 8),
          ...GROUNDS.map((ground, i) => pad(`${(perGround[i] as number).toFixed(2)} ${rings[ground]}`, 18)),
          min.toFixed(2),
        ].join(' '),
      ),
    ];
    console.info(lines.join('\n'));
    expect(rows.map((row) => row.code)).toEqual(codes);
  });

  it('names a ring a theme cannot bring to 3:1: on a "dark" colour that is light', () => {
    const problems = themeProblems(themeVariables({ ...css, clr_dark: '#adb5bd' }));
    expect(problems.join('\n')).toMatch(/--ring-on-dark \(#[0-9a-f]{6}\) di atas --ground-dark \(#adb5bd\): \d\.\d\d:1, perlu 3:1/);
  });
});

describe('contrastText and mix', () => {
  it.each(['#000', '#000000', '#212529', '#1a237e', '#6a1b9a'])('white text on dark %s', (bg) => {
    expect(contrastText(bg)).toBe('#ffffff');
  });

  it.each(['#fff', '#ffffff', '#adb5bd', '#ffff00', '#2dce89'])('dark text on light %s', (bg) => {
    expect(contrastText(bg)).toBe(INK);
  });

  it('mixes as CSS color-mix in srgb does', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#2096C4', '#ffffff', 0)).toBe('#ffffff');
  });
});

describe('fonts', () => {
  it('offers the SPEC default fonts among the self-hosted ones', () => {
    expect(FONT_NAMES).toEqual(expect.arrayContaining(['Raleway', 'Inter']));
  });
});
