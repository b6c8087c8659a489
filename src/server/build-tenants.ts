import { join, resolve } from 'node:path';
import { openPlatform, type Platform } from './bootstrap';
import type { BuildOutcome, BuildRunner } from './builds';
import { buildSite, publisherFor, type SiteBuildOptions, schedule } from './builds';
import { nextStateChange } from './catalogue';
import type { Config } from './config';
import { nextPublication } from './posts';

/** Where a project's build inputs and outputs are, from its root and DIST_DIR (`config.builds.distDir`). */
export function buildPaths(root: string, builds: Pick<Config['builds'], 'distDir'>) {
  const distRoot = resolve(root, builds.distDir);
  return {
    distRoot,
    tenantsRoot: join(root, 'tenants'),
    compileDir: join(distRoot, '_site'),
    workerScript: join(distRoot, '_server', 'render-worker.mjs'),
    migrationsFolder: join(root, 'src/server/db/migrations'),
  };
}

/** The parts of the configuration a build runs with. */
export type BuildConfig = Pick<Config, 'builds' | 'sites' | 'siteApi' | 'keys'>;

/** The build runner of a platform: what its build queue runs for each job. */
export function siteBuildRunner(
  platform: Platform,
  paths: ReturnType<typeof buildPaths>,
  config: BuildConfig,
  extra: Pick<SiteBuildOptions, 'strictLinks'> = {},
): BuildRunner {
  const options: SiteBuildOptions = {
    db: platform.deps.db,
    tenantOf: (code) => platform.deps.tenants.byCode(code),
    tenantsRoot: paths.tenantsRoot,
    distRoot: paths.distRoot,
    compileDir: paths.compileDir,
    workerScript: paths.workerScript,
    publisher: publisherFor(config.builds, paths.distRoot),
    version: platform.deps.version,
    workers: config.builds.workers,
    renderNice: config.sites.renderNice,
    api: { siteApi: config.siteApi, keys: config.keys },
    ...extra,
  };
  return async (job) => {
    const started = new Date();
    let built = false;
    try {
      const outcome = await buildSite(options, job);
      built = true;
      // Every server process drops what it cached of the tenant and picks up the new build.
      await platform.shared.siteEvents.publish({ tenant: job.tenant, reason: 'build' }).catch(() => {});
      return outcome;
    } finally {
      // From the build's start: a moment that passed while it ran is not in its pages, so it is built
      // next. After a failure, from now: the job's retry builds the present, and a moment already past
      // must not make a due-at-once job that fails again without the retry's pauses.
      await scheduleNextPublication(platform, job.tenant, built ? started : new Date()).catch((error: unknown) =>
        job.log(`jadwal terbit berikutnya tidak dapat diantrekan: ${String(error)}`),
      );
    }
  };
}

/**
 * A post scheduled for later appears when its time comes, and a class's badge changes when its
 * registration opens or closes or it starts or ends: the tenant's scheduled build is set to the first
 * of those moments after `from` (a second after it; at once when it has already passed), or dropped
 * when there is none.
 */
async function scheduleNextPublication(platform: Platform, code: string, from: Date): Promise<void> {
  const tenant = await platform.deps.tenants.byCode(code);
  if (!platform.deps.builds || !tenant) return;
  const moments = await Promise.all([
    nextPublication(platform.deps.db, tenant.lmsId, from),
    nextStateChange(platform.deps.db, tenant.catalogueLmsId, from),
  ]);
  const [at] = moments.filter((moment) => moment !== undefined).sort((a, b) => a.getTime() - b.getTime());
  await schedule(platform.deps.db, code, at && new Date(Math.max(Date.now(), at.getTime() + 1000)));
}

/**
 * Builds tenants from the command line (`npm run build`): opens the platform (PGlite in DATA_DIR,
 * or DATABASE_URL; seeded from tenants/), and builds each tenant in turn, in full unless `full` is
 * false, with the caller's configuration (scripts/build.mjs parses it once). Returns each outcome;
 * throws on the first failure, naming the tenant.
 */
export async function buildTenants(
  root: string,
  codes: string[] | 'all',
  options: { full?: boolean; config: Config; version: string; log?: (line: string) => void },
): Promise<Record<string, BuildOutcome>> {
  const { config } = options;
  const paths = buildPaths(root, config.builds);
  const platform = await openPlatform({
    version: options.version,
    migrationsFolder: paths.migrationsFolder,
    tenantsRoot: paths.tenantsRoot,
    config,
  });
  try {
    // From the command line a broken internal link fails the build (a template or seed bug).
    const run = siteBuildRunner(platform, paths, config, { strictLinks: true });
    const all = (await platform.deps.tenants.all()).map((tenant) => tenant.code).sort();
    const wanted = codes === 'all' ? all : codes;
    const outcomes: Record<string, BuildOutcome> = {};
    for (const code of wanted) {
      if (!all.includes(code)) throw new Error(`tenant "${code}" tidak ada (ada: ${all.join(', ')})`);
      try {
        outcomes[code] = await run({
          tenant: code,
          full: options.full ?? true,
          changes: [],
          trigger: 'cli',
          log: options.log ?? ((line) => console.log(line)),
          signal: new AbortController().signal,
        });
      } catch (error) {
        throw new Error(`Build tenant "${code}" gagal: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return outcomes;
  } finally {
    await platform.close();
  }
}
