import { describe, expect, it } from 'vitest';
import { SiteCssSchema } from '~/contract/settings';
import { FONT_NAMES, fontStack } from '~/lib/tenant/fonts';
import { contrastText, luminance, themeRule, themeVariables } from '~/lib/tenant/theme';

const DARK_TEXT = '#111418';
const css = { ...SiteCssSchema.parse({}), ft_primary: 'Raleway', ft_secondary: 'Fraunces' } as const;

describe('themeVariables', () => {
  const vars = themeVariables(css);

  it('emits a colour and its contrast text for each of the eight colours', () => {
    for (const name of ['primary', 'secondary', 'success', 'info', 'warning', 'danger', 'light', 'dark']) {
      expect(vars[`--clr-${name}`]).toMatch(/^#[0-9a-fA-F]{6}$/);
      expect([DARK_TEXT, '#ffffff']).toContain(vars[`--clr-${name}-contrast`]);
    }
    expect(vars['--clr-primary']).toBe('#2096C4');
    expect(vars['--clr-dark']).toBe('#212529');
    expect(vars['--clr-dark-contrast']).toBe('#ffffff');
    expect(vars['--clr-light-contrast']).toBe(DARK_TEXT);
    expect(Object.keys(vars)).toHaveLength(18);
  });

  it('emits font stacks led by the self-hosted variable font', () => {
    expect(vars['--ft-primary']).toBe(fontStack('Raleway'));
    expect(vars['--ft-primary']?.startsWith("'Raleway Variable', 'Raleway', ")).toBe(true);
    expect(vars['--ft-primary']).toMatch(/sans-serif$/);
    expect(vars['--ft-secondary']).toMatch(/^'Fraunces Variable'.*serif$/);
  });

  it('writes the variables as one :root rule', () => {
    expect(themeRule({ '--a': '1', '--b': "'X', serif" })).toBe(":root{--a:1;--b:'X', serif}");
    expect(themeRule(vars)).toContain('--clr-primary:#2096C4;');
  });
});

describe('contrastText', () => {
  it.each(['#000', '#000000', '#212529', '#1a237e', '#6a1b9a'])('white text on dark %s', (bg) => {
    expect(contrastText(bg)).toBe('#ffffff');
  });

  it.each(['#fff', '#ffffff', '#adb5bd', '#ffff00', '#2dce89'])('dark text on light %s', (bg) => {
    expect(contrastText(bg)).toBe(DARK_TEXT);
  });

  it('reads #rgb like #rrggbb', () => {
    expect(luminance('#abc')).toBeCloseTo(luminance('#aabbcc'));
    expect(luminance('#000')).toBe(0);
    expect(luminance('#fff')).toBeCloseTo(1);
  });
});

describe('fonts', () => {
  it('offers the SPEC default fonts among the self-hosted ones', () => {
    expect(FONT_NAMES).toEqual(expect.arrayContaining(['Raleway', 'Inter']));
  });
});
