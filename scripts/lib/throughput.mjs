// Load generator shared by the bench scripts: N GETs, C at a time, over Node's fetch.

/** Fires `total` GETs at `url`, `concurrency` at a time; returns requests, non-2xx count, req/s and p50/p95 latency. */
export async function throughput(url, { headers = {}, total = 3000, concurrency = 32 } = {}) {
  const latencies = [];
  let sent = 0;
  let non2xx = 0;
  const started = performance.now();
  const worker = async () => {
    while (sent < total) {
      sent += 1;
      const begin = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      latencies.push(performance.now() - begin);
      if (!response.ok) non2xx += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  return { requests: total, 'non-2xx': non2xx, 'req/s': Math.round(total / seconds), 'p50 ms': at(0.5), 'p95 ms': at(0.95) };
}
