import { readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';

/**
 * Seeded templates of one test run (support/global-setup.ts makes them once, before the first file,
 * with `makeSeededTemplates` of support/platform.ts): a PGlite data folder dumped as a tar file, and
 * a PostgreSQL database to `create database … template` from. Both were opened by the same
 * `openPlatform` as a test's own database (migrations and the seed of every tenant in `tenants/`), so
 * a file starts on the very database it would have seeded itself.
 */
export interface SeededTemplates {
  /** Tar file of a migrated, seeded PGlite data folder (`dumpDataDir`), or '' when not made. */
  pglite: string;
  /** Name of a migrated, seeded database on the PostgreSQL server, or '' when not made. */
  postgres: string;
  /** An empty tenants root: the start-up seed adds nothing to a copy of a seeded template. */
  noTenants: string;
}

declare module 'vitest' {
  interface ProvidedContext {
    seededTemplates: SeededTemplates;
  }
}

/** The data folder name that opens PGlite from the seeded tar file (in memory still, as `memory://`). */
export const SEEDED_PGLITE_DIR = 'memory://lms-seeded-template';

/** The template tar's bytes, read once per worker. */
let seededTar: Uint8Array<ArrayBuffer> | undefined;

/**
 * Lets `PGlite.create(SEEDED_PGLITE_DIR)` (as `openDatabase` calls it) start from the seeded tar file
 * (PGlite's `loadDataDir`); every other data folder opens as before.
 */
export function loadSeededPgliteFrom(tarFile: string): void {
  if (seededTar) return;
  seededTar = readFileSync(tarFile);
  const create = PGlite.create.bind(PGlite) as (dataDir?: unknown, options?: object) => Promise<PGlite>;
  (PGlite as unknown as { create: typeof create }).create = (dataDir?: unknown, options?: object) =>
    dataDir === SEEDED_PGLITE_DIR
      ? create(dataDir, { ...options, loadDataDir: new Blob([seededTar as Uint8Array<ArrayBuffer>]) })
      : create(dataDir, options);
}

/** Writes the data folder of an open PGlite database (a platform's `database.db.$client`) to a tar file. */
export async function dumpPglite(db: unknown, tarFile: string): Promise<void> {
  const client = (db as { $client: PGlite }).$client;
  writeFileSync(tarFile, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
}

/** The run's templates, when a global setup made them (a file run outside vitest's server project has none). */
export function seededTemplates(): SeededTemplates {
  try {
    return inject('seededTemplates') ?? { pglite: '', postgres: '', noTenants: '' };
  } catch {
    return { pglite: '', postgres: '', noTenants: '' };
  }
}
