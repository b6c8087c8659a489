import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';

/**
 * Mounts the platform API on `/api` of `astro dev`, loading it through Vite so edits reload.
 * Production mounts the same app in `site-server.ts`.
 */
export function apiDevPlugin(tenant: string): Plugin {
  return {
    name: 'lms-api-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/api', async (req, res) => {
        const { createApiApp } = (await server.ssrLoadModule('/src/server/app.ts')) as typeof import('./app');
        await getRequestListener(createApiApp({ tenant, version: 'dev' }).fetch)(req, res);
      });
    },
  };
}
