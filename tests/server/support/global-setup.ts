import type { TestProject } from 'vitest/node';
import { makeSeededTemplates } from './platform';

/**
 * Once per run of the server tests: a migrated, seeded database of each kind, which every file's
 * `openTestPlatform` copies instead of migrating and seeding its own (see support/platform.ts).
 */
export default async function setup(project: TestProject) {
  const started = performance.now();
  const { templates, remove } = await makeSeededTemplates();
  console.log(`Templat basis data tes (PGlite, PostgreSQL) siap dalam ${((performance.now() - started) / 1000).toFixed(1)} s`);
  project.provide('seededTemplates', templates);
  return remove;
}
