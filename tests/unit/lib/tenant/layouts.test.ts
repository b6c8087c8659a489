import { describe, expect, it } from 'vitest';
import { isPesilatLayout, LAYOUT_VARIANTS, resolveLayout, resolveVariant, routeClasses, VARIANTS } from '~/lib/tenant/layouts';

/** SPEC §2 "Known layouts" (business-{product} shown by two products). */
const KNOWN = [
  'foundation',
  'demo',
  'jongkreatif',
  'akselerasi',
  'alkamedia',
  'sekolahkopi',
  'business-lms',
  'business-bootcamp',
  'asean-foundation',
  'smkcoding',
  'sfi',
  'ica',
  'aksara',
  'aibersamapuja',
  'inovasiuntukbangsa',
  'belajarbersamapuja',
  'wujudbersamapuja',
  'beasiswabersamapuja',
  'alpha',
  'default',
  'diaksara',
  'bharabas',
  'ruangcipta',
  'elevaite',
];
/** SPEC §2 "Allowed tenant layouts". */
const ALLOWED = [
  'sekolahbeta',
  'umptn',
  'sakem',
  'pesilat',
  'jda',
  'komodo',
  'jambore',
  'bootquiz',
  'staging-pesilat',
  'radya',
  'comingsoon',
];

describe('resolveLayout / resolveVariant', () => {
  it.each([...KNOWN, ...ALLOWED])('%s renders as one of the eleven variants without falling back', (layout) => {
    expect(VARIANTS).toContain(resolveVariant(layout));
    expect(resolveLayout(layout)).toBe(layout === 'default' ? 'demo' : layout);
  });

  it.each([
    ['demo', 'main'],
    ['foundation', 'foundation'],
    ['smkcoding', 'coding-school'],
    ['bharabas', 'bharabas'],
    ['ruangcipta', 'creative-space'],
    ['elevaite', 'elevate'],
    ['alpha', 'alpha'],
    ['aksara', 'aksara'],
    ['beasiswabersamapuja', 'scholarship'],
    ['inovasiuntukbangsa', 'innovation'],
    ['jongkreatif', 'community'],
    ['business-lms', 'main'],
  ])('%s → %s', (layout, variant) => {
    expect(resolveVariant(layout)).toBe(variant);
  });

  it.each([undefined, null, '', '   ', 'nope', 'Demo', 'FOUNDATION', 'business-', 'toString', 'constructor', '__proto__'])(
    'unknown layout %j falls back to demo (main)',
    (layout) => {
      expect(resolveLayout(layout)).toBe('demo');
      expect(resolveVariant(layout)).toBe('main');
    },
  );

  it('treats default as demo and ignores surrounding spaces', () => {
    expect(resolveLayout('default')).toBe('demo');
    expect(resolveVariant(' foundation ')).toBe('foundation');
  });

  it('reaches every variant from some layout', () => {
    const reached = new Set([...KNOWN, ...ALLOWED, ...Object.keys(LAYOUT_VARIANTS)].map(resolveVariant));
    expect([...reached].sort()).toEqual([...VARIANTS].sort());
  });
});

describe('isPesilatLayout (SPEC §2: a pesilat site may name the main tenant that links to it)', () => {
  it('is true for pesilat and staging-pesilat only, which render as the community variant', () => {
    for (const layout of ['pesilat', 'staging-pesilat', ' pesilat ']) {
      expect(isPesilatLayout(layout), layout).toBe(true);
      expect(resolveVariant(layout)).toBe('community');
    }
    for (const layout of [...KNOWN, ...ALLOWED].filter((name) => !name.includes('pesilat')))
      expect(isPesilatLayout(layout), layout).toBe(false);
    for (const layout of [undefined, null, '', 'Pesilat', 'pesilat-x']) expect(isPesilatLayout(layout), String(layout)).toBe(false);
  });
});

describe('routeClasses (SPEC §9)', () => {
  it.each([
    ['/About', 'route-about content-page'],
    ['/', 'route-home content-page'],
    ['', 'route-home content-page'],
    ['/Training-Services/Syllabus', 'route-training-services content-page'],
    ['/Courses/@Premium/x', 'route-courses content-page'],
    ['//Blog/', 'route-blog content-page'],
  ])('demo: %j → %s', (path, classes) => {
    expect(routeClasses('demo', path)).toBe(classes);
  });

  it('gives jongkreatif and unknown layouts the route classes too', () => {
    expect(routeClasses('jongkreatif', '/Class/abc')).toBe('route-class content-page');
    expect(routeClasses('default', '/News')).toBe('route-news content-page');
    expect(routeClasses(undefined, '/News')).toBe('route-news content-page');
    expect(routeClasses('mystery', '/News')).toBe('route-news content-page');
  });

  it('gives every other layout content-wrapper only', () => {
    for (const layout of [...KNOWN, ...ALLOWED].filter((name) => !['demo', 'default', 'jongkreatif'].includes(name))) {
      expect(routeClasses(layout, '/About'), layout).toBe('content-wrapper');
    }
  });

  it('keeps the class name CSS-safe', () => {
    expect(routeClasses('demo', '/@Premium')).toBe('route-premium content-page');
    expect(routeClasses('demo', '/@@')).toBe('route-home content-page');
  });
});
