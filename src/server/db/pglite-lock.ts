import { linkSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The lock file of a PGlite data folder: PGlite allows one process per folder. */
const LOCK_FILE = '.lms-lock';
/** Data folders this process holds: its own pid in a lock file means "taken" only when listed here. */
const heldDirs = new Set<string>();

/**
 * Takes a PGlite data folder for this process, since two processes writing one folder corrupt it.
 * The lock file holds the owner's pid; the lock of a process that has ended is taken over.
 * Returns the release, also run on process exit.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  const file = join(dir, LOCK_FILE);
  const draft = `${file}.${process.pid}`;
  // Written aside and linked in place, so a reader never sees a half-written pid.
  writeFileSync(draft, `${process.pid}\n`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = lockHolder(file);
        if (holder === undefined && attempt < 3) continue;
        if (attempt >= 3 || holderAlive(holder, dir)) {
          throw new Error(
            `Folder data PGlite ${dir} sedang dipakai oleh proses ${Number.isInteger(holder) ? holder : 'lain'}. ` +
              'Hentikan proses itu dulu (npm start, npm run dev, npm run db:*), atau pakai folder lain lewat DATA_DIR/PGLITE_DIR.',
          );
        }
        rmSync(file, { force: true });
      }
    }
  } finally {
    rmSync(draft, { force: true });
  }
  heldDirs.add(dir);
  const release = () => {
    process.off('exit', release);
    if (!heldDirs.delete(dir)) return;
    try {
      if (lockHolder(file) === process.pid) unlinkSync(file);
    } catch {
      // Gone already: nothing to give back.
    }
  };
  process.on('exit', release);
  return release;
}

function lockHolder(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return undefined; // removed meanwhile: try again
  }
}

function holderAlive(pid: number | undefined, dir: string): boolean {
  if (pid === undefined || !Number.isInteger(pid) || pid <= 0) return false;
  // Our own pid on a folder we do not hold is left from an earlier run (a container's pid 1, say).
  if (pid === process.pid) return heldDirs.has(dir);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
