import { setLive } from '~/server/sites/build-layout';
import { ask, rendererSource, siteFiles, startSites, tenantRecord, writeBuild } from './fake-sites';

/**
 * Run in a child process (`node --expose-gc <bundle> <dist> <render-worker.mjs> <swaps>`) by
 * site-builds.test.ts: swaps one tenant through builds whose renderers each keep ~20 MB, rendering a
 * page after every swap (so every build starts its own render worker), and prints the resident memory
 * after the first swap and after the last one as one JSON line.
 */
const [distRoot = '', workerScript = '', swapsText = '50'] = process.argv.slice(2);
const swaps = Number(swapsText);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('jalankan dengan --expose-gc');

const code = 'berat';
const id = (n: number) => `b${String(n).padStart(3, '0')}`;
for (let n = 0; n <= swaps; n++)
  writeBuild(distRoot, code, { id: id(n), files: siteFiles(`${code} ${n}`), renderer: rendererSource(`${code}-${n}`, 20), live: n === 0 });

const sites = await startSites({ distRoot, workerScript, records: [tenantRecord(code)] });
const render = async (n: number) => {
  const res = await ask(sites.port, '/News/kabar', { host: `${code}.localhost` });
  if (res.status !== 200 || !res.text.includes(`${code}-${n} `)) throw new Error(`build ${n}: ${res.status} ${res.text.slice(0, 200)}`);
};
const swapTo = async (n: number) => {
  setLive(distRoot, code, id(n));
  await sites.registry.activate(code);
  await render(n);
};
/** Lets replaced workers end and collects what they left. */
const settle = async () => {
  for (let round = 0; round < 3; round++) {
    gc();
    await new Promise((done) => setTimeout(done, 200));
  }
  return process.memoryUsage();
};

await render(0);
await swapTo(1);
const warm = await settle();
for (let n = 2; n <= swaps; n++) await swapTo(n);
const after = await settle();
console.log(JSON.stringify({ warm, after, workers: sites.renderers.running, swaps }));
await sites.close();
process.exit(0);
