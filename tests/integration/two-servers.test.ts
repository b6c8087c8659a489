import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPost } from '~/lib/api';
import { loadTenant } from '~/lib/tenant/load';
import { writerClient } from '../e2e/support';
import { throwawayDirs } from './support/throwaway';

/**
 * Two server processes behind one PostgreSQL database and one Redis, as behind a load balancer: a
 * post written through one process purges the list page the other has cached (pub/sub), and the
 * rate limits count across both. Runs the production bundle against the demo tenant's live build
 * (`npm test` builds every tenant before this project runs).
 */
const root = process.cwd();
const bundle = join(root, 'dist/_server/main.mjs');
const adminUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const database = `lms_two_servers_${randomBytes(4).toString('hex')}`;
const prefix = `lms-test-${randomBytes(4).toString('hex')}:`;
const demo = loadTenant('tenants', 'demo');
const servers: ChildProcess[] = [];
// The servers rebuild the tenants they write to: into a throwaway copy of dist/, never the project's.
let dirs: ReturnType<typeof throwawayDirs>;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

/**
 * Starts one server on a free port. The port is free when probed, but anything on the machine may
 * take it before the child binds it (its own mail catcher listens on an ephemeral port too): a
 * server that could not listen is started again on another port.
 */
async function startServer(): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOn(await freePort());
    } catch (error) {
      if (attempt >= 3 || !(error instanceof PortTaken)) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startServerOn(port: number): Promise<string> {
  const child = spawn(process.execPath, [bundle], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${database}`),
      DIST_DIR: dirs.distRoot,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      // Only a purge may refresh a cached page in this test.
      PAGE_CACHE_FRESH_S: '3600',
      ACCESS_LOG: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 150; attempt++) {
    if (child.exitCode !== null) {
      if (output.includes('EADDRINUSE')) throw new PortTaken(`port ${port} sudah dipakai: ${output}`);
      throw new Error(`server berhenti: ${output}`);
    }
    const ready = await fetch(`${base}/api/health`).catch(() => undefined);
    if (ready?.ok) return base;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`server tidak siap: ${output}`);
}

let serverA: string;
let serverB: string;

beforeAll(async () => {
  if (!existsSync(bundle) || !existsSync(join(root, 'dist/demo/live.json'))) {
    throw new Error('Build tidak ada: jalankan dulu npm run build -- --tenant demo (npm test melakukannya sebelum tes ini)');
  }
  dirs = throwawayDirs(root, []);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  // One after the other: the first migrates and seeds the database, the second finds it ready.
  serverA = await startServer();
  serverB = await startServer();
}, 120_000);

afterAll(async () => {
  await Promise.all(
    servers.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
    ),
  );
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  dirs?.remove();
});

const page = async (base: string, path: string) => {
  const response = await fetch(`${base}${path}`, { headers: { Host: 'demo.localhost' } });
  return { status: response.status, cache: response.headers.get('x-cache'), html: await response.text() };
};

describe('two server processes on one database and one Redis', () => {
  it('a post written through one process purges the list page the other has cached', async () => {
    const word = `purgetest${randomBytes(3).toString('hex')}`;
    const list = `/News?search=${word}`;
    const before = await page(serverB, list);
    expect(before.status).toBe(200);
    const title = `Berita uji ${word}`;
    expect(before.html).not.toContain(title);
    // Cached on B: asking again gives the same page, from the cache.
    const again = await page(serverB, list);
    expect(again.cache).toBe('hit');
    expect(again.html).toBe(before.html);

    const writer = await writerClient(serverA, demo);
    await createPost(writer, {
      kindSlug: 'news',
      title,
      slug: word,
      summary: 'Ringkasan berita uji penghapusan cache.',
      content: '<p>Isi berita uji.</p>',
    });

    let after = await page(serverB, list);
    for (let attempt = 0; attempt < 20 && !after.html.includes(title); attempt++) {
      await new Promise((done) => setTimeout(done, 100));
      after = await page(serverB, list);
    }
    expect(after.status).toBe(200);
    expect(after.html).toContain(title);
    // The page left the cache because of the purge (its freshness lasts an hour here), and is cached again.
    expect(after.cache).toBe('miss');
    expect((await page(serverB, list)).cache).toBe('hit');
  }, 60_000);

  it('rate limits count the calls made to both processes', async () => {
    const attempt = (base: string) =>
      fetch(`${base}/api/auth/generate/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: base, lmsId: demo.lmsId },
        body: JSON.stringify({ email: 'tidak-ada@demo.example', password: 'salah-sekali' }),
      });
    // Sign-in allows 10 calls a minute per address. Alternating between the processes, a count kept
    // per process would refuse only the 21st call; one shared count refuses by the 11th.
    let refusedAt = 0;
    let refused: Response | undefined;
    for (let call = 1; call <= 21 && !refused; call++) {
      const response = await attempt(call % 2 ? serverA : serverB);
      if (response.status === 429) {
        refusedAt = call;
        refused = response;
      }
    }
    expect(refusedAt).toBeGreaterThan(0);
    expect(refusedAt).toBeLessThanOrEqual(11);
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
  }, 60_000);
});
