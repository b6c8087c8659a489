/// <reference types="astro/client" />

// A module file, so the block below augments Astro's types instead of replacing them.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates only where this browser holds a sign-in (src/lib/browser/signed-in-directive.ts). */
    'client:signedin'?: boolean;
  }
}
