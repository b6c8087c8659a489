import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Test files run in worker processes (`forks`), two at a time: vitest's default on this 2-core
 * machine is one (cores − 1), which leaves a core idle while a file waits on PostgreSQL, timers or a
 * child process. LMS_TEST_WORKERS sets another number.
 */
const workers = Number(process.env.LMS_TEST_WORKERS) || 2;

export default defineConfig({
  resolve: { alias: { '~': src } },
  test: {
    pool: 'forks',
    maxWorkers: workers,
    // A test without a limit of its own gets 20 s, not vitest's 5 s: two files run side by side on two
    // cores, often beside other work, and a test that hangs still fails.
    testTimeout: 20_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // A migrated, seeded database of each kind, made once and copied by every file (support/platform.ts).
          globalSetup: ['tests/server/support/global-setup.ts'],
        },
      },
      // Needs the builds: `npm test` runs it after building every tenant.
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
