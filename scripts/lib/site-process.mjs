// Our server (dist/_server/main.mjs) as a child process of a bench: started on a free loopback port,
// waited for until ready, its resident memory read from /proc, and every tenant visited once.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, startChild } from './children.mjs';
import { httpGet, waitFor200 } from './http-get.mjs';

/**
 * Starts `node dist/_server/main.mjs` on 127.0.0.1 and a free port with `databaseEnv` (PGLITE_DIR or
 * DATABASE_URL; the other is removed) and no access log; resolves once `/api/health/ready` answers
 * 200, i.e. the database answers and every tenant has its live build. Its error output is shown as
 * it comes, prefixed `[server]`, so a misbehaving server is seen in the bench's output.
 */
export async function startSiteProcess(root, databaseEnv) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', ACCESS_LOG: '0', ...databaseEnv };
  if (!databaseEnv.DATABASE_URL) delete env.DATABASE_URL;
  const started = performance.now();
  const child = startChild(process.execPath, [join(root, 'dist/_server/main.mjs')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    for (const line of String(chunk).trimEnd().split('\n')) console.error(`[server] ${line}`);
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  try {
    await waitFor200(port, '/api/health/ready', { alive });
  } catch (error) {
    console.error(stdout);
    throw error;
  }
  return { child, port, pid: child.pid, readyMs: performance.now() - started, alive, stdout: () => stdout };
}

/** The resident set size of process `pid` in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid) {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : Number.NaN;
}

/** The client folder of a tenant's live build (dist/<code>/live.json names it). */
export function liveClientDir(distRoot, code) {
  const { build } = JSON.parse(readFileSync(join(distRoot, code, 'live.json'), 'utf8'));
  return join(distRoot, code, 'builds', build, 'client');
}

/**
 * Asks our server, as each tenant's `<code>.localhost` host, for its home page and for page 2 of
 * the first list page its build has (`listPages`, in order), which is rendered on demand. Resolves
 * with what each answered.
 */
export async function visitEveryTenant(port, distRoot, tenants, listPages) {
  const visits = [];
  for (const code of tenants) {
    const host = `${code}.localhost:${port}`;
    const home = await httpGet(port, '/', { host, br: true });
    const clientDir = liveClientDir(distRoot, code);
    const list = listPages.find((page) => existsSync(join(clientDir, page, 'index.html')));
    const onDemandPath = list ? `${list}?page=2` : '/News?page=2';
    const onDemand = await httpGet(port, onDemandPath, { host, br: true });
    visits.push({ tenant: code, home: home.status, onDemandPath, onDemand: onDemand.status });
  }
  return visits;
}
