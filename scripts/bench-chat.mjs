// Benchmark of the AI chat assistant (a measurement, not a timed test): opens the real platform in
// process on PGlite (memory://) with the demo tenant, serves it on a loopback port, logs a guest in,
// and asks every question of tests/fixtures/chat/questions.json through POST /api/ai/v2/chat, one at
// a time. Prints:
//   - retrieval accuracy end to end: answered from the right page (goal ≥ 90%), right page first,
//     with the expected fact, and "don't know" where the site has no answer;
//   - time to the first NDJSON line and to the whole answer (median and p95), next to a baseline in
//     the same run: a bare Node HTTP server streaming the very same NDJSON lines it recorded, so the
//     ratio is the assistant's own cost (search, composing, two database writes) on this machine;
//   - how long the demo tenant's index takes to build (first question after a content change).
// BENCH_ROUNDS (default 3) repeats the question set for steadier figures.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { benchAppToken } from './lib/app-token.mjs';
import { configLoader } from './lib/config.mjs';
import { importTs } from './lib/load-ts.mjs';

const root = new URL('..', import.meta.url).pathname;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const APP_CODE = 'NUSANTARA-LEARNING';
const ORIGIN = 'http://localhost:4321';

const { openPlatform } = await importTs('src/server/bootstrap.ts');
const evaluation = await importTs('tests/fixtures/chat/evaluate.ts');

const set = evaluation.loadQuestionSet(root);

/** Sends one question and reads the stream: time to the first line, to the end, the lines and their bytes. */
async function timedAsk(url, headers, body) {
  const begin = performance.now();
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let firstLine;
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (firstLine === undefined && text.includes('\n')) firstLine = performance.now() - begin;
  }
  const whole = performance.now() - begin;
  const lines = text.split('\n').filter(Boolean);
  return { firstLine: firstLine ?? whole, whole, lines, parsed: lines.map((line) => JSON.parse(line)) };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (value) => `${value.toFixed(1)} ms`;

const dataDir = mkdtempSync(join(tmpdir(), 'lms-bench-chat-'));
const platform = await openPlatform({
  version: 'bench',
  migrationsFolder: join(root, 'src/server/db/migrations'),
  tenantsRoot: join(root, 'tenants'),
  config: (await configLoader())({ DATA_DIR: dataDir, APP_TOKEN_SECRET: randomBytes(32).toString('hex'), PGLITE_DIR: 'memory://' }),
});
// Every question comes from 127.0.0.1: a limiter that never refuses keeps the figures about answering.
platform.deps.rateLimiter = { check: async () => undefined };
const server = serve({ fetch: new Hono().mount('/api', platform.api.fetch).fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((resolve) => server.once('listening', resolve));
const base = `http://127.0.0.1:${server.address().port}/api`;

const recorded = [];
const baselineServer = createServer((request, response) => {
  const index = Number(new URL(request.url, 'http://x').searchParams.get('i'));
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store' });
    for (const line of recorded[index]) response.write(`${line}\n`);
    response.end();
  });
});
await new Promise((resolve) => baselineServer.listen(0, '127.0.0.1', resolve));
const baselineBase = `http://127.0.0.1:${baselineServer.address().port}`;

try {
  const { tenant, appToken } = await benchAppToken(platform, `${base}`, { appCode: APP_CODE, origin: ORIGIN });
  const login = await fetch(`${base}/ai/v1/identity/login`, {
    method: 'POST',
    headers: { AppToken: appToken },
  });
  if (login.status !== 201) throw new Error(`identity login answered ${login.status}: ${await login.text()}`);
  const { data: identity } = await login.json();
  const headers = { Authorization: `Bearer ${identity.token}`, 'Content-Type': 'application/json' };
  const workspace = identity.user.workspace_id;

  // The index: built on the first question, and again after a content event.
  const buildTimes = [];
  for (let i = 0; i < 3; i++) {
    await platform.deps.siteEvents.publish({ tenant: tenant.code, reason: 'content' });
    const begin = performance.now();
    await platform.deps.chat.indexes.index(tenant);
    buildTimes.push(performance.now() - begin);
  }

  const questions = [
    ...set.answerable.map((entry) => ({ ...entry, answerable: true })),
    ...set.unanswerable.map((entry) => ({ ...entry, answerable: false })),
  ];
  const score = evaluation.emptyScore();
  const own = { firstLine: [], whole: [] };
  const bare = { firstLine: [], whole: [] };
  let bytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, question] of questions.entries()) {
      const answer = await timedAsk(`${base}/ai/v2/chat`, headers, { workspace_id: workspace, query: question.q });
      own.firstLine.push(answer.firstLine);
      own.whole.push(answer.whole);
      if (round === 0) {
        recorded[i] = answer.lines;
        bytes += answer.lines.reduce((sum, line) => sum + line.length + 1, 0);
        const last = answer.parsed.at(-1);
        const result = {
          text: answer.parsed.map((line) => line.text).join(''),
          sources: last?.sources ?? [],
          grounded: last?.grounded ?? false,
        };
        if (question.answerable) evaluation.addAnswerable(score, question, result);
        else evaluation.addUnanswerable(score, question, result);
      }
      const baseline = await timedAsk(`${baselineBase}/?i=${i}`, { 'Content-Type': 'application/json' }, { query: question.q });
      bare.firstLine.push(baseline.firstLine);
      bare.whole.push(baseline.whole);
    }
  }

  console.log(
    `AI chat, demo tenant: ${questions.length} questions × ${ROUNDS} rounds over loopback HTTP, one at a time (PGlite in memory)\n`,
  );
  console.log(evaluation.describeScore(score).join('\n'));
  if (score.misses.length) console.log(`  missed: ${score.misses.map((miss) => `"${miss.q}" → ${miss.expected}`).join('; ')}`);
  if (score.falseAnswers.length) console.log(`  answered though it should not: ${score.falseAnswers.map((entry) => entry.q).join('; ')}`);
  console.log(`\nindex build (${buildTimes.length} rebuilds after a content event): median ${ms(quantile(buildTimes, 0.5))}`);
  console.log(`answers: ${(bytes / questions.length).toFixed(0)} bytes of NDJSON on average\n`);
  console.table([
    {
      server: 'assistant (/api/ai/v2/chat)',
      'first line p50': ms(quantile(own.firstLine, 0.5)),
      'first line p95': ms(quantile(own.firstLine, 0.95)),
      'whole p50': ms(quantile(own.whole, 0.5)),
      'whole p95': ms(quantile(own.whole, 0.95)),
    },
    {
      server: 'bare Node, same bytes',
      'first line p50': ms(quantile(bare.firstLine, 0.5)),
      'first line p95': ms(quantile(bare.firstLine, 0.95)),
      'whole p50': ms(quantile(bare.whole, 0.5)),
      'whole p95': ms(quantile(bare.whole, 0.95)),
    },
  ]);
  console.log(
    `ratio assistant / bare Node: first line ×${(quantile(own.firstLine, 0.5) / quantile(bare.firstLine, 0.5)).toFixed(1)} (median), whole answer ×${(quantile(own.whole, 0.5) / quantile(bare.whole, 0.5)).toFixed(1)} (median)`,
  );
} finally {
  await new Promise((resolve) => baselineServer.close(resolve));
  await new Promise((resolve) => server.close(resolve));
  await platform.close();
  rmSync(dataDir, { recursive: true, force: true });
}
