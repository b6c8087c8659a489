import { join, resolve } from 'node:path';

/**
 * Where the embedded platform keeps its files, from the environment: DATA_DIR (default `.data`)
 * holds the PGlite data folder (PGLITE_DIR overrides it; `memory://` keeps nothing), the
 * development app token key and uploaded files (unless they go to a bucket).
 */
export function dataPaths(env: NodeJS.ProcessEnv = process.env) {
  const dataDir = resolve(env.DATA_DIR || '.data');
  return {
    dataDir,
    pgliteDir: env.PGLITE_DIR || join(dataDir, 'pglite'),
    keyFile: join(dataDir, 'app-token.key'),
    uploadsDir: join(dataDir, 'uploads'),
  };
}

/**
 * Whether this is a production deployment: `LMS_ENV=production`, on the servers and the builds alike.
 * Not NODE_ENV: Astro sets that to production during every build, development ones included.
 */
export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.LMS_ENV === 'production';
}
