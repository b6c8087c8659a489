import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lockDataDir } from '~/server/db/pglite-lock';

const LOCK_MODULE = join(process.cwd(), 'src/server/db/pglite-lock.ts');
const hasProc = existsSync(`/proc/${process.pid}/stat`);

const cleanups: (() => void)[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lms-lock-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A process that runs until the test ends; resolves once it is up. */
async function running(command: string, args: string[], ready?: string): Promise<ChildProcess> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(() => child.kill('SIGKILL'));
  if (ready) {
    let seen = '';
    for await (const chunk of child.stdout ?? []) {
      seen += String(chunk);
      if (seen.includes(ready)) break;
    }
  } else {
    await once(child, 'spawn');
  }
  return child;
}

/** A Node process with nothing to do with the folder. */
const idleNode = () => running(process.execPath, ['-e', "console.log('ready'); setInterval(() => {}, 1000)"], 'ready');

/** Another server process on the folder: it takes the lock with this module and keeps running. */
const holderOf = (dir: string) => {
  const take = `const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)}); lockDataDir(${JSON.stringify(dir)});`;
  return running(process.execPath, ['--input-type=module', '-e', `${take} console.log('ready'); setInterval(() => {}, 1000);`], 'ready');
};

const lockFile = (dir: string) => join(dir, '.lms-lock');

describe.runIf(hasProc)('the PGlite data folder lock, where /proc tells processes apart', () => {
  it('a lock naming a pid that now belongs to another program is taken over, with one log line', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const dir = dataDir();
    const sleeper = await running('sleep', ['30']);
    writeFileSync(lockFile(dir), `${sleeper.pid}\n`);

    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^\\[db\\] kunci lama .* proses ${sleeper.pid} kini sleep`)));
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it('the lock of a server that was killed is taken over once its pid runs another Node process', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const dir = dataDir();
    const killed = await holderOf(dir);
    killed.kill('SIGKILL');
    await once(killed, 'exit');
    // The pid cannot be handed out on demand: move what the killed server left onto a live Node process.
    const stranger = await idleNode();
    writeFileSync(lockFile(dir), `${stranger.pid}\n`);
    renameSync(`${lockFile(dir)}.${killed.pid}.start`, `${lockFile(dir)}.${stranger.pid}.start`);

    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(process.pid));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`proses ${stranger.pid} yang mengambilnya sudah berhenti`));
    expect(existsSync(`${lockFile(dir)}.${stranger.pid}.start`)).toBe(false);
    release();
  });

  it('a live server holding the folder still turns the next one away, and the lock stays its own', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const dir = dataDir();
    const holder = await holderOf(dir);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`sedang dipakai oleh proses ${holder.pid}\\b`));
    expect(readFileSync(lockFile(dir), 'utf8').trim()).toBe(String(holder.pid));
    expect(existsSync(`${lockFile(dir)}.${process.pid}.start`)).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a lock without a recorded start, naming a live Node process, is kept as before', async () => {
    const dir = dataDir();
    const node = await idleNode();
    writeFileSync(lockFile(dir), `${node.pid}\n`);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`sedang dipakai oleh proses ${node.pid}\\b`));
  });

  it('this process holding the folder turns its own second open away', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    cleanups.push(release);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`sedang dipakai oleh proses ${process.pid}\\b`));
  });
});
