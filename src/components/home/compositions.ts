import type { Variant } from '~/lib/tenant/layouts';

/** Looks of the home hero (see `HomeHero.astro`). */
export type HeroLook = 'split' | 'centered' | 'terminal' | 'on-air' | 'mosaic' | 'gradient';

/** A section of a home page, filled from the tenant's `content/home.json`. */
export type HomeSection =
  | 'partners'
  | 'highlights'
  | 'highlights-list'
  | 'stats'
  | 'programs'
  | 'programs-tiles'
  | 'steps'
  | 'testimonials'
  | 'quote'
  | 'cta'
  /** The request-demo form (an island hydrated when visible). */
  | 'request-demo';

/** How each variant composes its home page: the hero's look, then sections in order. */
export const HOME_COMPOSITIONS: Record<Variant, { hero: HeroLook; sections: HomeSection[] }> = {
  main: { hero: 'split', sections: ['partners', 'highlights', 'programs', 'stats', 'steps', 'testimonials', 'request-demo', 'cta'] },
  foundation: { hero: 'centered', sections: ['stats', 'highlights-list', 'quote', 'programs', 'partners', 'cta'] },
  'coding-school': { hero: 'terminal', sections: ['programs', 'steps', 'stats', 'testimonials', 'cta'] },
  community: { hero: 'mosaic', sections: ['highlights', 'programs', 'testimonials', 'cta'] },
  innovation: { hero: 'gradient', sections: ['highlights-list', 'stats', 'programs', 'partners', 'cta'] },
  aksara: { hero: 'centered', sections: ['quote', 'highlights', 'steps', 'programs', 'cta'] },
  scholarship: { hero: 'split', sections: ['stats', 'steps', 'programs', 'testimonials', 'partners', 'cta'] },
  alpha: { hero: 'gradient', sections: ['programs', 'highlights', 'stats', 'cta'] },
  bharabas: { hero: 'on-air', sections: ['programs-tiles', 'highlights', 'testimonials', 'partners', 'cta'] },
  'creative-space': { hero: 'mosaic', sections: ['programs', 'steps', 'quote', 'partners', 'cta'] },
  elevate: { hero: 'gradient', sections: ['partners', 'highlights', 'steps', 'stats', 'testimonials', 'cta'] },
};
