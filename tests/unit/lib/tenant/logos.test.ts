import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveVariant } from '~/lib/tenant/layouts';
import { listTenantCodes, loadTenant } from '~/lib/tenant/load';
import { logoForGround, strayWordmarkSpaces, wordmarkContrast } from '~/lib/tenant/logos';
import { groundColours, themeVariables } from '~/lib/tenant/theme';
import { VARIANT_CHROME } from '~/lib/tenant/variants';

const root = join(process.cwd(), 'tenants');
const codes = listTenantCodes(root);
const svg = (code: string, path: string) => readFileSync(join(root, code, path), 'utf8');

describe('strayWordmarkSpaces', () => {
  it('finds the whitespace that drew "Elev AI te" and "SMK  Coding"', () => {
    expect(strayWordmarkSpaces('<text>\n  <tspan>Elev</tspan>\n  <tspan>AI</tspan></text>')).toHaveLength(1);
    expect(strayWordmarkSpaces('<text>Jong\n    <tspan>Kreatif</tspan></text>')).toHaveLength(1);
    expect(strayWordmarkSpaces('<text><tspan>SMK</tspan><tspan dx="6">Coding</tspan></text>')).toEqual([]);
    expect(strayWordmarkSpaces('<text>Jong <tspan>Kreatif</tspan></text>')).toEqual([]);
  });

  it.each(codes)('%s: both logos render their wordmark as drawn', (code) => {
    const { logoDark, logoLight } = loadTenant(root, code).setting;
    for (const path of [logoDark, logoLight].filter((file) => file.endsWith('.svg'))) {
      expect(strayWordmarkSpaces(svg(code, path)), path).toEqual([]);
    }
  });
});

describe('logoForGround', () => {
  it('puts the dark logo on a yellow ground, where the white one vanished (Jong Kreatif)', () => {
    const sources = { dark: svg('jongkreatif', 'assets/logo-dark.svg'), light: svg('jongkreatif', 'assets/logo-light.svg') };
    expect(logoForGround('#FFC83D', sources)).toBe('dark');
    expect(logoForGround('#24141E', sources)).toBe('light');
  });

  it('follows the ground when a logo cannot be read', () => {
    expect(logoForGround('#111111', { dark: null, light: null })).toBe('light');
    expect(logoForGround('#fafafa', { dark: null, light: null })).toBe('dark');
  });

  it.each(codes)("%s: the logo on each of its header's and footer's grounds shows its wordmark", (code) => {
    const tenant = loadTenant(root, code);
    const chrome = VARIANT_CHROME[resolveVariant(tenant.setting.layout)];
    const colours = groundColours(themeVariables(tenant.setting.css));
    const sources = { dark: svg(code, tenant.setting.logoDark), light: svg(code, tenant.setting.logoLight) };
    for (const ground of [chrome.header.ground, chrome.footer.ground]) {
      const chosen = logoForGround(colours[ground], sources);
      expect(wordmarkContrast(sources[chosen], colours[ground]), `${code} on ${ground}`).toBeGreaterThanOrEqual(2);
    }
  });
});
