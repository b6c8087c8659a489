import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlobPool } from '~/server/sites/blob-pool';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'blobs-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a file and returns its path and bytes, as a build's file is read at load. */
function file(name: string, text: string): [string, Buffer] {
  const path = join(dir, name);
  writeFileSync(path, text);
  return [path, Buffer.from(text)];
}
const text = async (pool: BlobPool, blob: Parameters<BlobPool['body']>[0]) => (await pool.body(blob)).toString();

describe('BlobPool', () => {
  it('holds the same bytes once, whichever builds and paths bring them', () => {
    const pool = new BlobPool(1000);
    const font = pool.admit(...file('a-font.woff2', 'FONT BYTES'));
    const same = pool.admit(...file('b-font.woff2', 'FONT BYTES'));
    expect(same).toBe(font);
    expect(pool.stats()).toEqual({ blobs: 1, residentBytes: 10, capBytes: 1000 });
  });

  it('lets the bytes go when the last build holding them releases them', () => {
    const pool = new BlobPool(1000);
    const [pathA, bytes] = file('a.css', 'body{}');
    const [pathB] = file('b.css', 'body{}');
    const blob = pool.admit(pathA, bytes);
    pool.admit(pathB, bytes);
    pool.release(blob, pathA);
    expect(pool.stats().blobs).toBe(1);
    pool.release(blob, pathB);
    expect(pool.stats()).toMatchObject({ blobs: 0, residentBytes: 0 });
  });

  it('answers resident bytes synchronously', () => {
    const pool = new BlobPool(1000);
    const blob = pool.admit(...file('a.html', 'halaman'));
    const body = pool.body(blob);
    expect(Buffer.isBuffer(body)).toBe(true);
  });

  it('drops the least recently served bodies past its cap and reads them back from disk', async () => {
    const pool = new BlobPool(100);
    const a = pool.admit(...file('a.html', 'a'.repeat(40)));
    const b = pool.admit(...file('b.html', 'b'.repeat(40)));
    await text(pool, a);
    const c = pool.admit(...file('c.html', 'c'.repeat(40)));
    expect(pool.stats().residentBytes).toBeLessThanOrEqual(100);
    // b was served least recently: it went, and comes back from its file.
    const back = pool.body(b);
    expect(back).toBeInstanceOf(Promise);
    expect((await back).toString()).toBe('b'.repeat(40));
    expect(await text(pool, a)).toBe('a'.repeat(40));
    expect(await text(pool, c)).toBe('c'.repeat(40));
    expect(pool.stats().residentBytes).toBeLessThanOrEqual(100);
  });

  it('serves a body bigger than the cap from disk, never holding it', async () => {
    const pool = new BlobPool(10);
    const big = pool.admit(...file('video.mp4', 'v'.repeat(50)));
    expect(pool.stats().residentBytes).toBe(0);
    expect(await text(pool, big)).toBe('v'.repeat(50));
    expect(pool.stats().residentBytes).toBe(0);
  });

  it('reads an evicted body from another file holding the same bytes when one is gone', async () => {
    const pool = new BlobPool(10);
    const [pathA, bytes] = file('a.js', 'x'.repeat(20));
    const [pathB] = file('b.js', 'x'.repeat(20));
    const blob = pool.admit(pathA, bytes);
    pool.admit(pathB, bytes);
    rmSync(pathA);
    expect(await text(pool, blob)).toBe('x'.repeat(20));
  });

  // Fails today: `paths` is a Set, so when one build's file is admitted twice (the build replaced
  // goes live again, a rollback) and the older copy is released, the path the newer copy still
  // reads from is forgotten, and an evicted body can no longer be read back.
  it('still reads back a body admitted twice through one path after one copy is released', async () => {
    const pool = new BlobPool(10);
    const [path, bytes] = file('index.html', 'h'.repeat(20));
    const old = pool.admit(path, bytes);
    const again = pool.admit(path, bytes);
    pool.release(old, path);
    expect(await text(pool, again)).toBe('h'.repeat(20));
  });
});
