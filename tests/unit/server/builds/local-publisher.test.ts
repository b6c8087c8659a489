import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localPublisher } from '~/server/builds/local-publisher';
import { loadConfig } from '~/server/config';
import { buildDir, livePointer, readLive } from '~/server/sites/build-layout';

let dist: string;
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'local-publisher-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

/** A build folder of tenant demo as the builder leaves it; finished ones get build.json last. */
function build(id: string, finished = true): string {
  const dir = buildDir(dist, 'demo', id);
  mkdirSync(join(dir, 'client'), { recursive: true });
  writeFileSync(join(dir, 'client', 'index.html'), `<h1>${id}</h1>`);
  if (finished) {
    const info = { tenant: 'demo', id, version: '1.0.0', maintenance: false, builtAt: `2026-11-0${id.slice(1)}T10:00:00.000Z` };
    writeFileSync(join(dir, 'build.json'), JSON.stringify(info));
  }
  return dir;
}
const servedHome = () => readFileSync(join(readLive(dist, 'demo')?.dir ?? '', 'client', 'index.html'), 'utf8');

describe('localPublisher', () => {
  it('makes a published build live and lists it first, marked live, with its build time', async () => {
    const publisher = localPublisher(dist, { keep: 3 });
    await publisher.publish('demo', 'b1', build('b1'));
    await publisher.publish('demo', 'b2', build('b2'));
    expect(await publisher.live('demo')).toBe('b2');
    expect(servedHome()).toBe('<h1>b2</h1>');
    expect(await publisher.list('demo')).toEqual([
      { id: 'b2', live: true, builtAt: '2026-11-02T10:00:00.000Z' },
      { id: 'b1', live: false, builtAt: '2026-11-01T10:00:00.000Z' },
    ]);
  });

  it('keeps the live build and the configured number of others besides it, removing older ones', async () => {
    const publisher = localPublisher(dist, { keep: 2 });
    for (const id of ['b1', 'b2', 'b3', 'b4', 'b5']) await publisher.publish('demo', id, build(id));
    expect((await publisher.list('demo')).map((kept) => kept.id)).toEqual(['b5', 'b4', 'b3']);
    expect(existsSync(buildDir(dist, 'demo', 'b2'))).toBe(false);
  });

  it('never prunes the live build, even when told to keep no other', async () => {
    const publisher = localPublisher(dist, { keep: 0 });
    await publisher.publish('demo', 'b1', build('b1'));
    await publisher.publish('demo', 'b2', build('b2'));
    expect(await publisher.list('demo')).toEqual([{ id: 'b2', live: true, builtAt: '2026-11-02T10:00:00.000Z' }]);
    expect(servedHome()).toBe('<h1>b2</h1>');
  });

  it('keeps a live build whose id sorts oldest, with the newest others', async () => {
    const publisher = localPublisher(dist, { keep: 1 });
    for (const id of ['b2', 'b3', 'b4', 'b1']) await publisher.publish('demo', id, build(id));
    expect((await publisher.list('demo')).map(({ id, live }) => [id, live])).toEqual([
      ['b4', false],
      ['b1', true],
    ]);
  });

  it('rolls back to the previous build, which is then what the server reads', async () => {
    const publisher = localPublisher(dist);
    await publisher.publish('demo', 'b1', build('b1'));
    await publisher.publish('demo', 'b2', build('b2'));
    await publisher.rollback('demo', 'b1');
    expect(await publisher.live('demo')).toBe('b1');
    expect(servedHome()).toBe('<h1>b1</h1>');
    expect((await publisher.list('demo')).find((kept) => kept.live)?.id).toBe('b1');
  });

  it('refuses a rollback to an unknown id, leaving the live build as it was', async () => {
    const publisher = localPublisher(dist);
    await publisher.publish('demo', 'b1', build('b1'));
    await expect(publisher.rollback('demo', 'b9')).rejects.toThrow(/Build "b9" tidak ada di antara build tenant "demo"/);
    await expect(publisher.rollback('demo', '../demo')).rejects.toThrow(/tidak ada/);
    expect(livePointer(dist, 'demo')).toBe('b1');
  });

  it('never makes an unfinished folder (no build.json) live, by publish or by rollback', async () => {
    const publisher = localPublisher(dist);
    await publisher.publish('demo', 'b1', build('b1'));
    await expect(publisher.publish('demo', 'b2', build('b2', false))).rejects.toThrow(/belum selesai/);
    await expect(publisher.rollback('demo', 'b2')).rejects.toThrow(/Build "b2" tenant "demo" belum selesai/);
    expect(await publisher.live('demo')).toBe('b1');
    expect((await publisher.list('demo')).map((kept) => kept.id)).toEqual(['b1']);
    expect(existsSync(buildDir(dist, 'demo', 'b2'))).toBe(true);
  });

  it('refuses a folder outside its place under the dist root, since it copies nothing', async () => {
    const publisher = localPublisher(dist);
    const elsewhere = join(dist, 'elsewhere');
    mkdirSync(elsewhere);
    await expect(publisher.publish('demo', 'b1', elsewhere)).rejects.toThrow(/harus berada di/);
    expect(await publisher.live('demo')).toBeUndefined();
    expect(await publisher.list('demo')).toEqual([]);
  });
});

describe('BUILDS_KEEP (config.builds.keep)', () => {
  const buildsKeep = (env: Record<string, string>) => loadConfig(env).builds.keep;
  it('reads BUILDS_KEEP, defaults to 3, and names the variable when it is not a count', () => {
    expect(buildsKeep({})).toBe(3);
    expect(buildsKeep({ BUILDS_KEEP: '' })).toBe(3);
    expect(buildsKeep({ BUILDS_KEEP: '5' })).toBe(5);
    expect(buildsKeep({ BUILDS_KEEP: '0' })).toBe(0);
    expect(() => buildsKeep({ BUILDS_KEEP: 'lima' })).toThrow(/BUILDS_KEEP/);
  });
});
