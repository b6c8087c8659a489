/// <reference types="astro/client" />

// A module file, so the block below augments Astro's types instead of replacing them.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates only where this browser holds a sign-in (src/lib/browser/signed-in-directive.ts). */
    'client:signedin'?: boolean;
  }
}

declare global {
  namespace App {
    interface Locals {
      /** Set by the staff console's preview (/Admin/Pratinjau/…): the site layout shows the preview bar. */
      preview?: { editHref: string; status: string } | undefined;
    }
  }
}
