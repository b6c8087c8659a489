import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';
import type { Platform } from './bootstrap';

/**
 * Mounts the platform API on `/api` of `astro dev`, loading it through Vite so edits reload.
 * Production mounts the same app in `site-server.ts`.
 */
export function apiDevPlugin(): Plugin {
  return {
    name: 'lms-api-dev',
    apply: 'serve',
    configureServer(server) {
      // One platform per dev server: PGlite allows one process per data directory.
      let platform: Promise<Platform> | undefined;
      server.middlewares.use('/api', async (req, res) => {
        platform ??= (server.ssrLoadModule('/src/server/bootstrap.ts') as Promise<typeof import('./bootstrap')>).then(({ openPlatform }) =>
          openPlatform({ version: 'dev', migrationsFolder: 'src/server/db/migrations' }),
        );
        await getRequestListener((await platform).api.fetch)(req, res);
      });
      server.httpServer?.once('close', () => void platform?.then((open) => open.close()));
    },
  };
}
