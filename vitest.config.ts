import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Test files run in worker processes (`forks`), two at a time: vitest's default on this 2-core
 * machine is one (cores − 1), which leaves a core idle while a file waits on PostgreSQL, timers or a
 * child process. LMS_TEST_WORKERS sets another number.
 */
const workers = Number(process.env.LMS_TEST_WORKERS) || 2;

/**
 * Files that render pages in the test process through the site's one compile (`dist/_site`): its
 * renderer is configured once per process with a tenant and a database (`configure`), so each of
 * these files gets a process of its own.
 */
const RENDERS_IN_PROCESS = [
  'tests/server/admin-page.test.ts',
  'tests/server/catalogue-pages.test.ts',
  'tests/server/catalogue-tenants.test.ts',
  'tests/server/certificate-page.test.ts',
  'tests/server/liga-smk-page.test.ts',
];

/** A migrated, seeded database of each kind, made once per run and copied by every file (support/platform.ts). */
const SEEDED_TEMPLATES = ['tests/server/support/global-setup.ts'];

export default defineConfig({
  resolve: { alias: { '~': src } },
  test: {
    pool: 'forks',
    maxWorkers: workers,
    // A test without a limit of its own gets 20 s, not vitest's 5 s: two files run side by side on two
    // cores, often beside other work, and a test that hangs still fails.
    testTimeout: 20_000,
    projects: [
      // Unit and server files share their worker's modules (`isolate: false`): importing the server
      // afresh for each of ~140 files took a third of the run. Each file opens its own platform and
      // database and closes them; nothing they import keeps state between files.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          exclude: RENDERS_IN_PROCESS,
          environment: 'node',
          isolate: false,
          globalSetup: SEEDED_TEMPLATES,
        },
      },
      {
        extends: true,
        test: { name: 'server-render', include: RENDERS_IN_PROCESS, environment: 'node', globalSetup: SEEDED_TEMPLATES },
      },
      // Needs the builds: `npm test` runs it after building every tenant.
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
