import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The production server (`dist/_server/main.mjs`) as a child process of a test. */
export interface ServerProcess {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  child: ChildProcess;
  /** The last `lines` lines it wrote (stdout and stderr), to show when a test fails. */
  tail(lines?: number): string;
  /** Sends `signal` and resolves once the process has exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Asks it to shut down (SIGTERM), killing it should it still run after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

const OUTPUT_LINES = 400;

/**
 * Starts `node <bundle>` on 127.0.0.1 and `port` (a free one by default) with `env` over the
 * runner's environment (a key set to undefined is removed); resolves once `/api/health` answers,
 * i.e. the process listens (its tenants may still be building).
 */
export async function startServer(bundle: string, env: Record<string, string | undefined>, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  const merged: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  Object.assign(merged, { PORT: String(port), HOST: '127.0.0.1' });
  const child = spawn(process.execPath, [bundle], { env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...String(chunk).trimEnd().split('\n'));
    if (lines.length > OUTPUT_LINES) lines.splice(0, lines.length - OUTPUT_LINES);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const server: ServerProcess = {
    base: `http://127.0.0.1:${port}`,
    child,
    tail: (count = 60) => lines.slice(-count).join('\n'),
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    stop: async (graceMs = 15_000) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await server.kill('SIGTERM');
      clearTimeout(timer);
    },
  };
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`server berhenti (kode ${child.exitCode}):\n${server.tail()}`);
    const health = await fetch(`${server.base}/api/health`).catch(() => undefined);
    if (health?.ok) return server;
    await sleep(100);
  }
  await server.kill('SIGKILL');
  throw new Error(`server tidak menjawab /api/health dalam 30 s:\n${server.tail()}`);
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Calls `probe` every `everyMs` until it returns something other than undefined, and returns that;
 * throws naming `what` (and what the last probe saw, through `describe`) after `timeoutMs`.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  options: { timeoutMs?: number; everyMs?: number; describe?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`tidak terjadi dalam ${options.timeoutMs ?? 60_000} ms: ${what}${options.describe ? `\n${options.describe()}` : ''}`);
    await sleep(options.everyMs ?? 100);
  }
}

/** The processes whose parent is `pid` (Linux, from /proc). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid …`: the name may hold spaces and parentheses, so count from its end.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // Ended meanwhile.
    }
  }
  return children;
}

/** Whether process `pid` still runs (a zombie counts as ended). */
export function isRunning(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
