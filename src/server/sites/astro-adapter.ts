import type { AstroIntegration } from 'astro';

/**
 * The Astro adapter of the site builds: on-demand routes are bundled into `server/entry.mjs`, which
 * exports `render(request)` (astro-entry.ts) for the site server's render workers. No sessions, no
 * image endpoint: only the content routes the site server hands over are ever rendered.
 */
export function renderAdapter(serverEntrypoint: string): AstroIntegration {
  return {
    name: 'lms-render',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ build: { redirects: false } });
      },
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'lms-render',
          entrypointResolution: 'auto',
          serverEntrypoint,
          adapterFeatures: { buildOutput: 'server' },
          supportedAstroFeatures: {
            hybridOutput: 'stable',
            staticOutput: 'stable',
            serverOutput: 'stable',
            sharpImageService: 'stable',
          },
        });
      },
    },
  };
}
