// wrk, the load generator of `npm run bench:serve`: finding it, running it and reading its summary.
import { spawnSync } from 'node:child_process';
import { startChild } from './children.mjs';

/** The wrk binary, or an exit with how to install it. */
export function requireWrk() {
  const found = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  if (found.error) {
    console.error('wrk is not installed; it is the load generator of this benchmark: apt-get install -y wrk');
    process.exit(1);
  }
  return (found.stdout + found.stderr).split('\n')[0].replace(/\s+Copyright.*$/, '');
}

/**
 * Runs wrk against `url` with `settings` ({ threads, connections, duration, timeout }), extra `headers`
 * and optionally a Lua `script` with its `scriptArgs`. Resolves with req/s, p99 latency (as wrk
 * prints it), request count, answers that were not 2xx/3xx, socket errors, and wrk's own text.
 */
export function runWrk(url, settings, { headers = {}, script, scriptArgs = [], duration = settings.duration } = {}) {
  const args = [
    '-t',
    String(settings.threads),
    '-c',
    String(settings.connections),
    '-d',
    duration,
    '--timeout',
    settings.timeout,
    '--latency',
  ];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  if (script) args.push('-s', script);
  args.push(url);
  if (script) args.push('--', ...scriptArgs);
  return new Promise((resolve, reject) => {
    const child = startChild('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const summary = parseWrk(out);
      if (code !== 0 || summary.rps === undefined) reject(new Error(`wrk ${args.join(' ')} ended with ${signal ?? code}:\n${out}`));
      else resolve(summary);
    });
  });
}

/** Reads wrk's summary text. */
export function parseWrk(text) {
  const number = (pattern) => {
    const match = pattern.exec(text);
    return match ? Number(match[1]) : undefined;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p99: /^\s+99%\s+(\S+)/m.exec(text)?.[1],
    requests: number(/(\d+) requests in/),
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/) ?? 0,
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    socketDetail: socket?.[0],
    text,
  };
}
