import type { TestProject } from 'vitest/node';
import { makeSeededTemplates } from './platform';

type Made = Awaited<ReturnType<typeof makeSeededTemplates>>;

/** The run's templates, shared by the projects that name this setup (they run in one main process). */
const shared = globalThis as { lmsSeededTemplates?: { users: number; made: Promise<Made> } };

/**
 * Once per run of the server tests: a migrated, seeded database of each kind, which every file's
 * `openTestPlatform` copies instead of migrating and seeding its own (see support/platform.ts). The
 * server projects (`server`, `server-render`) share one pair; the last to finish removes it.
 */
export default async function setup(project: TestProject) {
  if (!shared.lmsSeededTemplates) {
    const started = performance.now();
    const made = makeSeededTemplates();
    shared.lmsSeededTemplates = { users: 0, made };
    made.then(
      () => console.log(`Templat basis data tes (PGlite, PostgreSQL) siap dalam ${((performance.now() - started) / 1000).toFixed(1)} s`),
      () => {}, // the failure reaches the caller below
    );
  }
  const entry = shared.lmsSeededTemplates;
  entry.users += 1;
  const { templates, remove } = await entry.made;
  project.provide('seededTemplates', templates);
  return async () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    delete shared.lmsSeededTemplates;
    await remove();
  };
}
