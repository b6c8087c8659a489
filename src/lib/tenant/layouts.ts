/**
 * Layout names (SPEC §2 "Layouts") and the site variant each one renders as (SPEC §2 "Page titles
 * and metadata"). A variant owns a header, a footer, a home composition and a metadata table.
 */

/** The eleven site variants. */
export const VARIANTS = [
  'main',
  'foundation',
  'coding-school',
  'community',
  'innovation',
  'aksara',
  'scholarship',
  'alpha',
  'bharabas',
  'creative-space',
  'elevate',
] as const;
export type Variant = (typeof VARIANTS)[number];

/** The layout a tenant gets when its setting names none (SPEC §2: the default layout is 'demo'). */
export const DEFAULT_LAYOUT = 'demo';

/**
 * Every named layout → its variant. Layouts of SPEC §2 "Known layouts" first, then the "allowed
 * tenant layouts". Where SPEC does not say which variant a layout uses, the choice follows the
 * brand's purpose (noted per line); `business-{product}` is matched by prefix in `resolveVariant`.
 */
export const LAYOUT_VARIANTS = {
  demo: 'main',
  default: 'main',
  foundation: 'foundation',
  'asean-foundation': 'foundation',
  sfi: 'foundation', // a foundation brand
  ica: 'foundation', // a foundation brand
  jongkreatif: 'community',
  akselerasi: 'main', // acceleration programmes of the main learning site
  alkamedia: 'bharabas', // a media brand, like Bharabas
  sekolahkopi: 'community', // a community school
  smkcoding: 'coding-school',
  aksara: 'aksara',
  diaksara: 'aksara',
  aibersamapuja: 'innovation',
  inovasiuntukbangsa: 'innovation',
  belajarbersamapuja: 'community',
  wujudbersamapuja: 'innovation',
  beasiswabersamapuja: 'scholarship',
  alpha: 'alpha',
  bharabas: 'bharabas',
  'dev.bharabas': 'bharabas',
  ruangcipta: 'creative-space',
  elevaite: 'elevate',
  sekolahbeta: 'coding-school', // a school for beginners in tech
  umptn: 'scholarship', // university entrance preparation
  sakem: 'community',
  pesilat: 'community',
  'staging-pesilat': 'community',
  jda: 'main',
  komodo: 'main',
  jambore: 'community',
  bootquiz: 'coding-school',
  radya: 'bharabas', // radio-style media
  comingsoon: 'main',
} as const satisfies Record<string, Variant>;

export type LayoutName = keyof typeof LAYOUT_VARIANTS;

/** Layouts of the form `business-{product}` (a product's own business site) use the main variant. */
const BUSINESS_LAYOUT = /^business-[a-z0-9-]+$/;

/**
 * The layout name a setting resolves to: itself when known, `business-*` as is, otherwise the
 * default (an unknown layout falls back to default, and default is 'demo').
 */
export function resolveLayout(layout: string | null | undefined): string {
  const name = (layout ?? '').trim();
  if (name === '' || name === 'default') return DEFAULT_LAYOUT;
  if (Object.hasOwn(LAYOUT_VARIANTS, name) || BUSINESS_LAYOUT.test(name)) return name;
  return DEFAULT_LAYOUT;
}

/** The site variant for a tenant's layout setting. */
export function resolveVariant(layout: string | null | undefined): Variant {
  const name = resolveLayout(layout);
  if (BUSINESS_LAYOUT.test(name)) return 'main';
  return LAYOUT_VARIANTS[name as LayoutName];
}

/**
 * Layouts of a pesilat site (SPEC §2): a tenant with one of them may name a main tenant, whose
 * hosts switch a first path segment of `pesilat` over to it.
 */
export const PESILAT_LAYOUTS: ReadonlySet<string> = new Set(['pesilat', 'staging-pesilat']);

/** Whether a layout setting is a pesilat site's. */
export function isPesilatLayout(layout: string | null | undefined): boolean {
  return PESILAT_LAYOUTS.has(resolveLayout(layout));
}

/** Layouts whose routes get a per-route CSS class plus `content-page` (SPEC §9). */
const ROUTE_CLASS_LAYOUTS: ReadonlySet<string> = new Set(['demo', 'jongkreatif']);

/**
 * CSS classes for the content wrapper of a route (SPEC §9): `route-<first segment>` and
 * `content-page` for the demo and jongkreatif layouts, `content-wrapper` for the rest.
 */
export function routeClasses(layout: string | null | undefined, pathname: string): string {
  const resolved = resolveLayout(layout);
  if (!ROUTE_CLASS_LAYOUTS.has(resolved)) return 'content-wrapper';
  const segment = pathname.split('/').find((part) => part !== '') ?? 'home';
  const slug = segment
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `route-${slug || 'home'} content-page`;
}
