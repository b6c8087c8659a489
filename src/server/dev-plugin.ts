import { readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';
import { ADMIN_VIEWER_HEADER, encodeViewer } from '../lib/admin/viewer';
import type { ContentSource } from '../lib/content/source';
import type { SiteContext } from '../lib/tenant/context';
import type { Platform } from './bootstrap';
import type { Config } from './config';
import { cookieValue } from './http/cookies';
import type { MailService } from './mail';
import { CONTENT_TYPES } from './sites';

type Listener = ReturnType<typeof getRequestListener>;
/** Where `astro dev` finds the tenant's context and content source (see src/middleware.ts). */
const DEV_SITE = Symbol.for('lms.dev-site');
type DevSiteHolder = { [DEV_SITE]?: () => Promise<{ context: SiteContext; source: ContentSource }> };

/**
 * Mounts the platform API on `/api` of `astro dev`, loading it through Vite so edits reload.
 * Production mounts the same app in `site-server.ts`. `config` is the configuration astro.config.ts
 * parsed once from the environment (`loadConfig`); the platform, mail and pages are opened with it.
 */
export function apiDevPlugin(config: Config): Plugin {
  return {
    name: 'lms-api-dev',
    apply: 'serve',
    configureServer(server) {
      // One platform per dev server: PGlite allows one process per data directory.
      let opening: Promise<{ platform: Platform; listener: Listener; mail: MailService | undefined }> | undefined;
      // Mail as `npm start` sends it (SMTP_URL or the in-process catcher); a mail fault leaves the API up.
      const startDevMail = async (platform: Platform) => {
        try {
          const { startMail } = (await server.ssrLoadModule('/src/server/mail/service.ts')) as typeof import('./mail');
          const mail = await startMail(platform.deps, config);
          server.config.logger.info(`[mail] surat: ${mail.target}`, { timestamp: true });
          return mail;
        } catch (error) {
          server.config.logger.error(`[mail] surat tidak dapat dimulai: ${reason(error)}`, { timestamp: true });
          return undefined;
        }
      };
      const open = () => {
        if (opening) return opening;
        const attempt = (server.ssrLoadModule('/src/server/bootstrap.ts') as Promise<typeof import('./bootstrap')>)
          .then(({ openPlatform }) => openPlatform({ version: 'dev', migrationsFolder: 'src/server/db/migrations', config }))
          .then(async (platform) => {
            // The gateway simulator and its callbacks reach the dev server at its own address.
            platform.payments.payments.setSelfOrigin(`http://localhost:${server.config.server.port ?? 4321}`);
            platform.payments.simulator?.worker.start();
            return { platform, listener: getRequestListener(platform.api.fetch), mail: await startDevMail(platform) };
          });
        // A failed start is reported once and tried again on the next request (after fixing DATABASE_URL, say).
        attempt.catch((error: unknown) => {
          if (opening === attempt) opening = undefined;
          server.config.logger.error(`[api] platform tidak dapat dibuka: ${reason(error)}`, { timestamp: true });
        });
        opening = attempt;
        return attempt;
      };
      // Pages rendered by the dev server are for one tenant (TENANT, default DEFAULT_TENANT, else demo), with its context
      // and content from the same platform. Set before every page: an edit reloads those modules.
      const code = config.tenant ?? config.server.defaultTenant;
      const devFiles = join(server.config.cacheDir ?? 'node_modules/.astro', 'tenant-files');
      let context: Promise<SiteContext> | undefined;
      server.middlewares.use('/_tenant', (req, res, next) => {
        try {
          // Only a file name: never a path out of the folder.
          const name = basename((req.url ?? '').split('?')[0] ?? '');
          const type = CONTENT_TYPES[extname(name)];
          if (type) res.setHeader('Content-Type', type);
          res.end(readFileSync(join(devFiles, '_tenant', name)));
        } catch {
          next();
        }
      });
      // Handed to src/middleware.ts, which sets them in the page modules' own instances before each page.
      (globalThis as DevSiteHolder)[DEV_SITE] = async () => {
        const { platform } = await open();
        const tenant = await platform.deps.tenants.byCode(code);
        if (!tenant) throw new Error(`tenant "${code}" tidak ada di basis data`);
        const { loadSiteContext } = (await server.ssrLoadModule('/src/server/builds/site-context.ts')) as typeof import('./builds');
        const { dbContentSource } = (await server.ssrLoadModule('/src/server/sites/db-source.ts')) as typeof import('./sites');
        context ??= loadSiteContext(platform.deps.db, tenant, { tenantsRoot: 'tenants', clientDir: devFiles, api: config });
        context.catch(() => {
          context = undefined;
        });
        return { context: await context, source: dbContentSource(platform.deps.db, tenant) };
      };
      // The staff console as the site server renders it: the `token` cookie's account named in the header
      // only the server sets (a visitor's own copy of that header is dropped first).
      server.middlewares.use((req, _res, next) => {
        // Dropped from every request, whatever its address says before decoding (`/%41dmin`).
        delete req.headers[ADMIN_VIEWER_HEADER];
        const path = (req.url ?? '').split('?')[0] ?? '';
        if (path !== '/Admin' && !path.startsWith('/Admin/')) return next();
        const token = cookieValue(req.headers.cookie, 'token');
        if (!token) return next();
        open()
          .then(async ({ platform }) => {
            const tenant = await platform.deps.tenants.byCode(code);
            const { adminViewerOf } = (await server.ssrLoadModule('/src/server/identity/admin-viewer.ts')) as typeof import('./identity');
            const viewer = tenant && (await adminViewerOf(platform.deps.db, tenant, token));
            if (viewer) req.headers[ADMIN_VIEWER_HEADER] = encodeViewer(viewer);
          })
          .then(() => next(), next);
      });
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
        opening
          ?.then(async ({ platform, mail }) => {
            await mail?.close();
            await platform.close();
          })
          .catch(() => {});
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
