import { linkSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

/** The lock file of a PGlite data folder: PGlite allows one process per folder. */
const LOCK_FILE = '.lms-lock';
/** Data folders this process holds: its own pid in a lock file means "taken" only when listed here. */
const heldDirs = new Set<string>();

/**
 * Takes a PGlite data folder for this process, since two processes writing one folder corrupt it.
 * The lock file holds the owner's pid; beside it, where /proc exists, `.lms-lock.<pid>.start` records
 * when that process started. The lock of a process that has ended is taken over, and so is one whose
 * pid now belongs to another process (a restart reuses pids, in containers above all).
 * Returns the release, also run on process exit.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  const file = join(dir, LOCK_FILE);
  const draft = `${file}.${process.pid}`;
  const started = statOf(process.pid)?.start;
  // Before the lock is linked, so whoever reads the lock finds its owner's start already written.
  if (started) writeFileSync(startFileOf(file, process.pid), `${started}\n`);
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
        if (attempt >= 3 || holderAlive(holder, dir, file)) {
          throw new Error(
            `Folder data PGlite ${dir} sedang dipakai oleh proses ${Number.isInteger(holder) ? holder : 'lain'}. ` +
              'Hentikan proses itu dulu (npm start, npm run dev, npm run db:*), atau pakai folder lain lewat DATA_DIR/PGLITE_DIR.',
          );
        }
        rmSync(file, { force: true });
        if (holder !== undefined && holder !== process.pid) rmSync(startFileOf(file, holder), { force: true });
      }
    }
  } catch (error) {
    rmSync(startFileOf(file, process.pid), { force: true });
    throw error;
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
    rmSync(startFileOf(file, process.pid), { force: true });
  };
  process.on('exit', release);
  return release;
}

function startFileOf(lockFile: string, pid: number): string {
  return `${lockFile}.${pid}.start`;
}

function lockHolder(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10);
  } catch {
    return undefined; // removed meanwhile: try again
  }
}

function holderAlive(pid: number | undefined, dir: string, file: string): boolean {
  if (pid === undefined || !Number.isInteger(pid) || pid <= 0) return false;
  // Our own pid on a folder we do not hold is left from an earlier run (a container's pid 1, say).
  if (pid === process.pid) return heldDirs.has(dir);
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = statOf(pid);
  // A process that has ended but not been waited for by its parent holds nothing any more.
  if (stat?.state === 'Z' || stat?.state === 'X') return false;
  const stranger = stat && strangerHolding(pid, stat.start, file);
  if (stranger) console.warn(`[db] kunci lama ${file} diambil alih: ${stranger}`);
  return !stranger;
}

/**
 * Why the live process `pid` cannot be the one that took the lock, or undefined when it may be.
 * With the start recorded, only the very process that wrote it matches. A lock without one (written
 * before starts were recorded) is kept by any Node process, as before; another program has no claim.
 * Without /proc nothing can be told, and the lock is kept.
 */
function strangerHolding(pid: number, start: string, file: string): string | undefined {
  let recorded: string | undefined;
  try {
    recorded = readFileSync(startFileOf(file, pid), 'utf8').trim();
  } catch {
    // No record: judged by the program below.
  }
  if (recorded) {
    return recorded === start ? undefined : `proses ${pid} yang mengambilnya sudah berhenti; nomornya kini dipakai proses lain`;
  }
  const program = programOf(pid);
  if (program === undefined || isNode(program)) return undefined;
  return `proses ${pid} kini ${program || 'tanpa perintah'}, bukan server ini`;
}

/**
 * A process's state and when it started, as "<boot id> <clock ticks since boot>" (fields 3 and 22 of
 * /proc/<pid>/stat): a pid is reused only by a later process, so a pid and its start name one process
 * for good. Undefined without /proc or for a process that is not visible.
 */
function statOf(pid: number): { state: string; start: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in brackets may hold spaces: count fields from after its closing bracket.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [state, ticks] = [fields[0], fields[19]];
    if (!state || !ticks || !/^[0-9]+$/.test(ticks)) return undefined;
    return { state, start: `${bootId()} ${ticks}` };
  } catch {
    return undefined;
  }
}

function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return '-';
  }
}

/** The program a process runs (argv[0]), '' for one without (a kernel thread, a zombie), undefined when unreadable. */
function programOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
  } catch {
    return undefined;
  }
}

function isNode(program: string): boolean {
  const name = basename(program);
  return name === basename(process.execPath) || /node/i.test(name);
}
