import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { bundleForNode } from '../../scripts/lib/load-ts.mjs';

/**
 * Every entry point parses the environment once (src/server/config.ts) before it starts anything:
 * a bad value ends it at once, naming the variable and what it accepts.
 */
const work = mkdtempSync(join(tmpdir(), 'lms-config-entry-'));
// The server bundle keeps its packages external: it must sit inside the project to find them.
const bundleDir = join(process.cwd(), 'node_modules/.cache', `lms-config-entry-${process.pid}`);
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** Runs `args` with node in the project folder with `bad` on top of this environment (DATA_DIR of its own). */
function run(args: string[], bad: Record<string, string>) {
  return spawnSync(process.execPath, args, {
    cwd: process.cwd(),
    env: { ...process.env, DATA_DIR: join(work, 'data'), PGLITE_DIR: 'memory://', ...bad },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('a bad value stops each entry point, naming the variable', () => {
  it('the server (dist/_server/main.mjs)', async () => {
    const bundle = join(bundleDir, 'main.mjs');
    await bundleForNode('src/server/main.ts', bundle);
    const result = run([bundle], { PORT: 'abc', SMTP_CATCHER_PORT: '70000' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT: harus bilangan bulat 0–65535, diterima "abc"');
    expect(result.stderr).toContain('SMTP_CATCHER_PORT: harus bilangan bulat 0–65535, diterima "70000"');
    // Nothing started: no database opened, no line of the running server.
    expect(result.stdout).toBe('');
  }, 60_000);

  it('npm run db:migrate (scripts/db.mjs)', () => {
    const result = run(['scripts/db.mjs', 'migrate'], { DATABASE_POOL_SIZE: 'sepuluh' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_POOL_SIZE: harus bilangan bulat ≥ 1, diterima "sepuluh"');
    expect(result.stdout).not.toContain('Skema');
  }, 60_000);

  it('npm run build (scripts/build.mjs)', () => {
    const result = run(['scripts/build.mjs', '--tenant', 'demo'], { BUILDS_KEEP: 'lima' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('BUILDS_KEEP: harus bilangan bulat ≥ 0, diterima "lima"');
    expect(result.stdout).not.toContain('dikompilasi');
  }, 60_000);

  it('npm run dev (scripts/dev.mjs, before astro starts)', () => {
    const result = run(['scripts/dev.mjs'], { MAIL_FROM: 'bukan alamat' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('MAIL_FROM: harus alamat email');
  }, 60_000);

  it('astro.config.ts, which hands the parsed configuration to the dev plugin', async () => {
    vi.stubEnv('RENDER_NICE', '99');
    await expect(import('../../astro.config')).rejects.toThrow('RENDER_NICE: harus bilangan bulat 0–19, diterima "99"');
  }, 60_000);

  it('astro.config.ts with a good environment: the compile folder from DIST_DIR', async () => {
    vi.stubEnv('DIST_DIR', join(work, 'dist'));
    vi.stubEnv('SITE_COMPILE_DIR', '');
    const { default: config } = await import('../../astro.config');
    expect(config.outDir).toBe(`${join(work, 'dist')}/_site`);
  }, 60_000);
});
