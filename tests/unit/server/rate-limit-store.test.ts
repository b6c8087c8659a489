import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '~/server/platform/rate-limit';

const DAY = 24 * 60 * 60 * 1000;

describe('in-memory rate limit store', () => {
  it('stays bounded by live keys: past its cap the oldest windows are forgotten, recent ones kept', async () => {
    const store = new MemoryRateLimitStore(15_000);
    await store.hit('pertama', DAY, 0);
    // A day of per-visitor windows, every one still live (a client changing its User-Agent on every view).
    for (let i = 0; i < 40_000; i++) await store.hit(`tamu-${i}`, DAY, 1);
    expect((await store.hit('pertama', DAY, 2)).count).toBe(1);
    expect((await store.hit('tamu-39999', DAY, 2)).count).toBe(2);
  });

  it('keeps every live window while under its cap', async () => {
    const store = new MemoryRateLimitStore(50_000);
    await store.hit('pertama', DAY, 0);
    for (let i = 0; i < 30_000; i++) await store.hit(`tamu-${i}`, DAY, 1);
    expect((await store.hit('pertama', DAY, 2)).count).toBe(2);
  });
});
