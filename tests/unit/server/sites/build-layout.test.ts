import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildDir,
  listBuilds,
  livePointer,
  newBuildId,
  pruneBuilds,
  readLive,
  rollback,
  setLive,
  tenantDistDir,
} from '~/server/sites/build-layout';

let dist: string;
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'builds-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

/** A build folder of tenant demo; finished ones get their build.json (written last, as the builder does). */
function build(id: string, finished = true): string {
  const dir = buildDir(dist, 'demo', id);
  mkdirSync(join(dir, 'client'), { recursive: true });
  writeFileSync(join(dir, 'client', 'index.html'), id);
  if (finished)
    writeFileSync(
      join(dir, 'build.json'),
      JSON.stringify({ tenant: 'demo', id, version: '1.0.0', maintenance: false, builtAt: '2026-11-23T10:00:00.000Z' }),
    );
  return id;
}
const ids = () => listBuilds(dist, 'demo').map((found) => found.info.id);

describe('newBuildId', () => {
  it('reads as the UTC time it was made, with a short random tail', () => {
    expect(newBuildId(new Date('2026-11-23T14:25:01.500Z'))).toMatch(/^20261123-142501500-[0-9a-f]{4}$/);
  });

  it('sorts in the order builds were made', () => {
    const times = ['2026-01-09T23:59:59Z', '2026-01-10T00:00:00Z', '2026-01-10T00:00:01Z', '2026-10-01T08:00:00Z', '2027-01-01T00:00:00Z'];
    const made = times.map((time) => newBuildId(new Date(time)));
    expect([...made].sort()).toEqual(made);
  });
});

describe('setLive', () => {
  it('points the tenant at a finished build', () => {
    build('b1');
    setLive(dist, 'demo', 'b1');
    expect(livePointer(dist, 'demo')).toBe('b1');
    expect(readLive(dist, 'demo')?.info).toMatchObject({ tenant: 'demo', id: 'b1' });
  });

  it('refuses an unfinished or missing build and leaves the pointer as it was', () => {
    build('b1');
    build('b2', false);
    setLive(dist, 'demo', 'b1');
    expect(() => setLive(dist, 'demo', 'b2')).toThrow(/belum selesai/);
    expect(() => setLive(dist, 'demo', 'nope')).toThrow(/belum selesai/);
    expect(livePointer(dist, 'demo')).toBe('b1');
  });

  it('replaces the pointer in one rename, leaving no temporary file behind', () => {
    build('b1');
    build('b2');
    setLive(dist, 'demo', 'b1');
    setLive(dist, 'demo', 'b2');
    expect(readdirSync(tenantDistDir(dist, 'demo')).sort()).toEqual(['builds', 'live.json']);
    expect(livePointer(dist, 'demo')).toBe('b2');
  });

  it('reads no live build for a tenant never built, or one pointing at a build that is gone', () => {
    expect(readLive(dist, 'demo')).toBeUndefined();
    build('b1');
    setLive(dist, 'demo', 'b1');
    rmSync(buildDir(dist, 'demo', 'b1'), { recursive: true });
    expect(readLive(dist, 'demo')).toBeUndefined();
  });
});

describe('listBuilds and rollback', () => {
  it('lists finished builds newest first', () => {
    for (const id of ['20261101-000000-aaaa', '20261103-000000-cccc', '20261102-000000-bbbb']) build(id);
    build('20261104-000000-dddd', false);
    expect(ids()).toEqual(['20261103-000000-cccc', '20261102-000000-bbbb', '20261101-000000-aaaa']);
    expect(listBuilds(dist, 'other')).toEqual([]);
  });

  it('rolls back to the finished build before the live one, or to the one named', () => {
    for (const id of ['b1', 'b2', 'b3']) build(id);
    build('b2x', false);
    setLive(dist, 'demo', 'b3');
    expect(rollback(dist, 'demo')).toBe('b2');
    expect(livePointer(dist, 'demo')).toBe('b2');
    expect(rollback(dist, 'demo')).toBe('b1');
    expect(rollback(dist, 'demo', 'b3')).toBe('b3');
  });

  it('refuses a rollback with nothing before the live build, or to an unfinished one', () => {
    build('b1');
    build('b2', false);
    setLive(dist, 'demo', 'b1');
    expect(() => rollback(dist, 'demo')).toThrow(/Tidak ada build sebelum "b1"/);
    expect(() => rollback(dist, 'demo', 'b2')).toThrow(/belum selesai/);
    expect(livePointer(dist, 'demo')).toBe('b1');
  });
});

describe('pruneBuilds', () => {
  it('keeps the live build and the newest three, and removes the rest', () => {
    for (const id of ['b1', 'b2', 'b3', 'b4', 'b5', 'b6']) build(id);
    setLive(dist, 'demo', 'b2');
    expect(pruneBuilds(dist, 'demo').sort()).toEqual(['b1', 'b3']);
    expect(ids()).toEqual(['b6', 'b5', 'b4', 'b2']);
    expect(readLive(dist, 'demo')?.info.id).toBe('b2');
  });

  it('leaves an unfinished folder alone while a build may still be writing it, and removes it after a day', () => {
    for (const id of ['b1', 'b2', 'b3', 'b4']) build(id);
    build('b5', false);
    setLive(dist, 'demo', 'b4');
    expect(pruneBuilds(dist, 'demo')).toEqual(['b1']);
    expect(existsSync(buildDir(dist, 'demo', 'b5'))).toBe(true);
    expect(pruneBuilds(dist, 'demo', 3, Date.now() + 25 * 3600_000)).toEqual(['b5']);
  });

  it('does nothing for a tenant never built', () => {
    expect(pruneBuilds(dist, 'demo')).toEqual([]);
  });
});
