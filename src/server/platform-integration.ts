import type { AstroIntegration } from 'astro';
import { providePlatformFetch } from '~/lib/content/source';
import { openPlatform, type Platform } from './bootstrap';

/**
 * Opens the embedded platform for `astro build`, so prerendered pages read their content through
 * the API in process (DATA_DIR/PGLITE_DIR or DATABASE_URL, as the server would). With
 * CONTENT_API_URL set, pages read from that deployment instead and nothing is opened here.
 */
export function platformIntegration(): AstroIntegration {
  let platform: Promise<Platform> | undefined;
  return {
    name: 'lms-platform',
    hooks: {
      'astro:build:start': () => {
        if (process.env.CONTENT_API_URL) return;
        providePlatformFetch(async () => {
          platform ??= openPlatform({ version: 'build', migrationsFolder: 'src/server/db/migrations' });
          return (await platform).api.fetch as (request: Request) => Promise<Response>;
        });
      },
      'astro:build:done': async () => {
        await (await platform)?.close();
      },
    },
  };
}
