// Abuse benchmark (`npm run bench:abuse`; figures, not a test; loopback only, bounded): starts our
// server (dist/_server/main.mjs) on PGlite (memory://), measures a static page and the health check
// while it is idle, then drives 64 connections of cache-busting on-demand requests (a new search or a
// new page number every request, each connection claiming its own client address through
// X-Forwarded-For, so per-address budgets do not hide the load) for 20 s while measuring the same two
// again, and prints p50/p99/max of each, the ratio to idle, and how the abusive requests were answered.
// Goal (issue 12): static p99 < 100 ms and health < 200 ms during the run. Needs `npm run build -- --tenant demo` (or --all).
//   --duration 20 --connections 64 --idle 5   seconds, connections, seconds of the idle baseline
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { stopAll } from './lib/children.mjs';
import { startSiteProcess } from './lib/site-process.mjs';

const root = new URL('..', import.meta.url).pathname;
const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '64' },
    idle: { type: 'string', default: '5' },
  },
});
const DURATION_MS = Number(options.duration) * 1000;
const CONNECTIONS = Number(options.connections);
const IDLE_MS = Number(options.idle) * 1000;
/** A probe that gets no answer in this long counts as this long. */
const PROBE_TIMEOUT_MS = 10_000;
const GOALS = { static: 100, health: 200 };

if (!existsSync(join(root, 'dist/demo/live.json')) || !existsSync(join(root, 'dist/_server/main.mjs'))) {
  console.error('bench:abuse needs the demo tenant built: run `npm run build -- --tenant demo` (or `-- --all`) first.');
  process.exit(1);
}

/** One GET on `agent`; resolves with the status (0 for a failure) and the milliseconds it took. */
function get(port, path, { agent, host, headers = {} }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path, agent, headers: { Host: host, 'Accept-Encoding': 'br', ...headers }, timeout: PROBE_TIMEOUT_MS },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: Math.min(performance.now() - started, PROBE_TIMEOUT_MS) }));
    req.end();
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks for `path` every `everyMs` (one at a time, on its own keep-alive connection) until `until()`; resolves with the latencies. */
async function probe(port, host, path, everyMs, until) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const samples = [];
  const failures = { count: 0 };
  while (!until()) {
    const next = performance.now() + everyMs;
    const { status, ms } = await get(port, path, { agent, host });
    samples.push(ms);
    if (status !== 200) failures.count++;
    await sleep(Math.max(0, next - performance.now()));
  }
  agent.destroy();
  return { samples, failures: failures.count };
}

/** Cache-busting on-demand requests on one connection, as one client address, until `until()`. */
async function attack(port, host, index, until, statuses) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const address = `10.${(index >> 8) & 255}.${index & 255}.${1 + (index % 250)}`;
  let n = 0;
  while (!until()) {
    n++;
    const unique = `${index.toString(36)}${n.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const path = n % 2 ? `/News?search=kelas+${unique}` : `/News?page=${2 + Math.floor(Math.random() * 5000)}&search=${unique}`;
    const { status } = await get(port, path, { agent, host, headers: { 'X-Forwarded-For': address } });
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  agent.destroy();
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? Number.NaN };
}

const ms = (value) => `${value.toFixed(1)} ms`;

console.log('bench:abuse — cache-busting on-demand requests against our server (dist/_server/main.mjs, PGlite memory://), loopback only');
console.log(
  `Machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average ${loadavg()[0].toFixed(1)}.`,
);
try {
  // TRUST_PROXY=1: each attacking connection is its own client address (X-Forwarded-For), the worst case for per-address budgets.
  const server = await startSiteProcess(root, { PGLITE_DIR: 'memory://', TRUST_PROXY: '1' });
  const host = `demo.localhost:${server.port}`;
  console.log(`Server pid ${server.pid} on port ${server.port}, ready in ${(server.readyMs / 1000).toFixed(1)} s.`);

  // Warm the static page and the health check once, then the idle baseline.
  await get(server.port, '/About', { host });
  let stopAt = performance.now() + IDLE_MS;
  const idleUntil = () => performance.now() >= stopAt;
  const [idleStatic, idleHealth] = await Promise.all([
    probe(server.port, host, '/About', 20, idleUntil),
    probe(server.port, host, '/api/health', 50, idleUntil),
  ]);

  stopAt = performance.now() + DURATION_MS;
  const until = () => performance.now() >= stopAt;
  const statuses = new Map();
  const attackers = Array.from({ length: CONNECTIONS }, (_, i) => attack(server.port, host, i, until, statuses));
  const [busyStatic, busyHealth, busyReady] = await Promise.all([
    probe(server.port, host, '/About', 20, until),
    probe(server.port, host, '/api/health', 50, until),
    probe(server.port, host, '/api/health/ready', 250, until),
  ]);
  await Promise.all(attackers);

  const rows = [
    ['static page /About', stats(idleStatic.samples), stats(busyStatic.samples), busyStatic.failures, GOALS.static],
    ['/api/health', stats(idleHealth.samples), stats(busyHealth.samples), busyHealth.failures, GOALS.health],
    ['/api/health/ready (reads the database)', undefined, stats(busyReady.samples), busyReady.failures, undefined],
  ];
  console.log(`\nIdle ${IDLE_MS / 1000} s, then ${CONNECTIONS} abusive connections for ${DURATION_MS / 1000} s:`);
  console.table(
    rows.map(([name, idle, busy, failures, goal]) => ({
      probe: name,
      'idle p99': idle ? ms(idle.p99) : '—',
      'abuse p50': ms(busy.p50),
      'abuse p99': ms(busy.p99),
      'abuse max': ms(busy.max),
      'p99 ratio to idle': idle ? `${(busy.p99 / idle.p99).toFixed(1)}×` : '—',
      'non-200': failures,
      samples: busy.n,
      goal: goal ? `p99 < ${goal} ms: ${busy.p99 < goal && failures === 0 ? 'met' : 'NOT met'}` : '—',
    })),
  );
  const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  console.log(`Abusive requests: ${total} in ${DURATION_MS / 1000} s (${Math.round(total / (DURATION_MS / 1000))}/s), answered:`);
  console.table(
    [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => ({ status: status === 0 ? 'no answer' : status, count, share: `${((count / total) * 100).toFixed(1)}%` })),
  );
} finally {
  await stopAll();
}
