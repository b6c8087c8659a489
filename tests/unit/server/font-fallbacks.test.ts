import { describe, expect, it } from 'vitest';
import { FONT_NAMES, fontStack } from '~/lib/tenant/fonts';
import { fallbackFontFace } from '~/server/builds/font-fallbacks';

describe('metric-matched font fallbacks', () => {
  it.each(FONT_NAMES)('%s gets a local fallback scaled to its metrics, named in its font stack', (name) => {
    const rule = fallbackFontFace(name);
    expect(rule).toContain(`font-family: "${name} Fallback";`);
    expect(rule).toMatch(/size-adjust: \d+(\.\d+)?%;/);
    expect(rule).toMatch(/ascent-override: \d+(\.\d+)?%;/);
    expect(rule).toContain(name === 'Fraunces' ? "local('Times New Roman')" : "local('Arial')");
    expect(rule).not.toContain('\n');
    // After the web font, before the system fonts.
    expect(fontStack(name)).toMatch(new RegExp(`^'${name} Variable', '${name}', '${name} Fallback', `));
  });

  it('each family is scaled differently: the metrics are its own', () => {
    const sizes = FONT_NAMES.map((name) => /size-adjust: ([\d.]+)%/.exec(fallbackFontFace(name))?.[1]);
    expect(new Set(sizes).size).toBe(FONT_NAMES.length);
  });
});
