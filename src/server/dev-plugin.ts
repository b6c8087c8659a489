import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';
import { providePlatformFetch } from '../lib/content/source';
import type { Platform } from './bootstrap';

type Listener = ReturnType<typeof getRequestListener>;

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
      let opening: Promise<{ platform: Platform; listener: Listener }> | undefined;
      const open = () => {
        if (opening) return opening;
        const attempt = (server.ssrLoadModule('/src/server/bootstrap.ts') as Promise<typeof import('./bootstrap')>)
          .then(({ openPlatform }) => openPlatform({ version: 'dev', migrationsFolder: 'src/server/db/migrations' }))
          .then((platform) => ({ platform, listener: getRequestListener(platform.api.fetch) }));
        // A failed start is reported once and tried again on the next request (after fixing DATABASE_URL, say).
        attempt.catch((error: unknown) => {
          if (opening === attempt) opening = undefined;
          server.config.logger.error(`[api] platform tidak dapat dibuka: ${reason(error)}`, { timestamp: true });
        });
        opening = attempt;
        return attempt;
      };
      // Pages rendered by the dev server read content through the same platform, in process.
      providePlatformFetch(async () => (await open()).platform.api.fetch as (request: Request) => Promise<Response>);
      server.middlewares.use('/api', (req, res, next) => {
        open().then(
          ({ listener }) => listener(req, res).catch(next),
          () => {
            res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
            res.end(JSON.stringify({ statusCode: 503, message: 'Basis data belum dapat dibuka; lihat log server pengembangan.' }));
          },
        );
      });
      server.httpServer?.once('close', () => {
        opening?.then(({ platform }) => platform.close()).catch(() => {});
      });
    },
  };
}

/** The message and the driver's reason (Drizzle keeps it in `cause`), each on one line, without a stack. */
function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return error.cause instanceof Error ? `${flat(error.message)}\n  ${flat(error.cause.message)}` : flat(error.message);
}
