import { describe, expect, it, vi } from 'vitest';
import type { Career } from '~/contract/careers';
import type { Certificate } from '~/contract/certificates';
import type { ContentSource } from '~/lib/content/source';
import type { ContentSection } from '~/lib/tenant/variants';
import { ContentReads, ContentReadsBusy } from '~/server/sites/content-reads';
import { fakeSource } from '../../lib/content/fake-source';

const FRESH = 1000;
const career = (tenant: string, slug: string) => ({ slug, title: `${tenant}: ${slug}` }) as Career;

/** A source per tenant whose answers name the tenant, and a clock the test moves. */
function setup(maxEntries?: number) {
  const sources = new Map<string, ReturnType<typeof fakeSource>>();
  const clock = { now: 0 };
  const sourceOf = async (tenant: string): Promise<ContentSource> => {
    let fake = sources.get(tenant);
    if (!fake) {
      fake = fakeSource({
        getCareer: async (slug) => (slug === 'tidak-ada' ? undefined : career(tenant, slug)),
        sections: async () => ['news'],
      });
      sources.set(tenant, fake);
    }
    return fake.source;
  };
  const reads = new ContentReads(sourceOf, FRESH, { active: 4, waiting: 64 }, maxEntries, () => clock.now);
  /** How many calls reached the tenant's source. */
  const count = (tenant: string) => sources.get(tenant)?.calls.length ?? 0;
  return { reads, clock, count };
}

describe('ContentReads: the content source as render workers of live builds read it', () => {
  it('keeps each tenant’s answer to each call while it is fresh', async () => {
    const { reads, count } = setup();
    expect(await reads.read('kabar', 'getCareer', ['magang'])).toEqual(career('kabar', 'magang'));
    expect(await reads.read('kabar', 'getCareer', ['magang'])).toEqual(career('kabar', 'magang'));
    expect(count('kabar')).toBe(1);
    // Another call, or the same call of another tenant, is a read of its own.
    expect(await reads.read('kabar', 'getCareer', ['mentor'])).toEqual(career('kabar', 'mentor'));
    expect(await reads.read('lain', 'getCareer', ['magang'])).toEqual(career('lain', 'magang'));
    expect([count('kabar'), count('lain')]).toEqual([2, 1]);
  });

  it('keeps an item that is not there as not there', async () => {
    const { reads, count } = setup();
    expect(await reads.read('kabar', 'getCareer', ['tidak-ada'])).toBeUndefined();
    expect(await reads.read('kabar', 'getCareer', ['tidak-ada'])).toBeUndefined();
    expect(count('kabar')).toBe(1);
  });

  it('reads again once the answer is older than a fresh page', async () => {
    const { reads, clock, count } = setup();
    await reads.read('kabar', 'sections', []);
    clock.now = FRESH;
    await reads.read('kabar', 'sections', []);
    expect(count('kabar')).toBe(1);
    clock.now = FRESH + 1;
    await reads.read('kabar', 'sections', []);
    expect(count('kabar')).toBe(2);
  });

  it('shares one call among identical reads made at once', async () => {
    const { reads, count } = setup();
    const answers = await Promise.all(Array.from({ length: 10 }, () => reads.read('kabar', 'getCareer', ['magang'])));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(count('kabar')).toBe(1);
  });

  it('keeps no failure: the next read asks the source again', async () => {
    let down = true;
    let calls = 0;
    const reads = new ContentReads(
      async () =>
        fakeSource({
          sections: async () => {
            calls++;
            if (down) throw Object.assign(new Error('Basis data tidak tersedia'), { code: 'ECONNREFUSED' });
            return ['news'];
          },
        }).source,
      FRESH,
    );
    await expect(reads.read('kabar', 'sections', [])).rejects.toThrow('Basis data tidak tersedia');
    // Readiness names the failure while it lasts…
    expect(reads.problems()).toEqual([expect.stringContaining('unavailable: connection refused')]);
    down = false;
    expect(await reads.read('kabar', 'sections', [])).toEqual(['news']);
    expect(calls).toBe(2);
    // …and forgets it once a read works again.
    expect(reads.problems()).toEqual([]);
  });

  it('reports an outage to readiness for 30 s after its last failure only, and never a bug of one query or its text', async () => {
    const clock = { now: 0 };
    let failure: Error = new Error('Failed query: select … params: %rahasia%');
    const reads = new ContentReads(
      async () =>
        fakeSource({
          sections: async () => {
            throw failure;
          },
        }).source,
      FRESH,
      { active: 4, waiting: 64 },
      5000,
      () => clock.now,
    );
    await expect(reads.read('kabar', 'sections', [])).rejects.toThrow();
    expect(reads.problems()).toEqual([]);
    failure = Object.assign(new Error('connect ETIMEDOUT 10.0.0.5:5432'), { code: 'ETIMEDOUT' });
    await expect(reads.read('kabar', 'sections', [])).rejects.toThrow();
    expect(reads.problems()).toEqual([expect.stringContaining('unavailable: connection timed out')]);
    expect(reads.problems().join()).not.toContain('10.0.0.5');
    // Out of the load balancer no read comes to clear it: it lapses on its own.
    clock.now += 30_001;
    expect(reads.problems()).toEqual([]);
  });

  it('runs at most `active` reads at once, queues `waiting` more, and refuses the rest at once', async () => {
    const pending: (() => void)[] = [];
    let running = 0;
    let most = 0;
    const reads = new ContentReads(
      async () =>
        fakeSource({
          getPost: () => {
            running++;
            most = Math.max(most, running);
            return new Promise((resolve) =>
              pending.push(() => {
                running--;
                resolve(undefined);
              }),
            );
          },
        }).source,
      FRESH,
      { active: 2, waiting: 3 },
    );
    // Distinct calls (a search each): nothing is shared.
    const asked = Array.from({ length: 8 }, (_, i) =>
      reads.read('kabar', 'getPost', [{ kindSlug: 'news', slug: `cari-${i}` }]).then(
        () => 'ok',
        (error: unknown) => (error instanceof ContentReadsBusy ? 'busy' : 'error'),
      ),
    );
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    // Settle the reads one by one as they reach the source.
    for (let settled = 0; settled < 5; settled++) {
      await vi.waitFor(() => expect(pending.length).toBeGreaterThan(settled));
      pending[settled]?.();
    }
    expect((await Promise.all(asked)).sort()).toEqual(['busy', 'busy', 'busy', 'ok', 'ok', 'ok', 'ok', 'ok']);
    expect(most).toBe(2);
    // Being busy is load, not a fault: readiness stays green.
    expect(reads.problems()).toEqual([]);
  });

  it('purges one tenant’s answers only', async () => {
    const { reads, count } = setup();
    await Promise.all([reads.read('kabar', 'sections', []), reads.read('lain', 'sections', [])]);
    reads.purge('kabar');
    await Promise.all([reads.read('kabar', 'sections', []), reads.read('lain', 'sections', [])]);
    expect([count('kabar'), count('lain')]).toEqual([2, 1]);
  });

  it('neither keeps nor shares a read that was under way when the tenant was purged', async () => {
    /** The answers under way, in the order the source was asked; the test settles them. */
    const pending: ((sections: ContentSection[]) => void)[] = [];
    const reads = new ContentReads(
      async () => fakeSource({ sections: () => new Promise((resolve) => pending.push(resolve)) }).source,
      FRESH,
    );
    const before = reads.read('kabar', 'sections', []);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    reads.purge('kabar');
    // Asked after the purge: the content may have changed, so not the answer already under way.
    const after = reads.read('kabar', 'sections', []);
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[1]?.(['news', 'blog']);
    pending[0]?.(['news']);
    expect(await before).toEqual(['news']);
    expect(await after).toEqual(['news', 'blog']);
    // The answer from before the purge, though it came last, is not the one kept.
    expect(await reads.read('kabar', 'sections', [])).toEqual(['news', 'blog']);
    expect(pending).toHaveLength(2);
  });

  it('keeps at most maxEntries answers, dropping the oldest first', async () => {
    const { reads, count } = setup(2);
    for (const slug of ['a', 'b', 'c']) await reads.read('kabar', 'getCareer', [slug]);
    expect(count('kabar')).toBe(3);
    await reads.read('kabar', 'getCareer', ['c']);
    await reads.read('kabar', 'getCareer', ['b']);
    expect(count('kabar')).toBe(3);
    await reads.read('kabar', 'getCareer', ['a']);
    expect(count('kabar')).toBe(4);
  });

  it('reads a certificate afresh for every page, never kept nor shared: a revocation shows on the next read', async () => {
    let revokedAt: string | null = null;
    const { source, calls } = fakeSource({ certificate: async (id) => ({ id, revokedAt }) as Certificate });
    const reads = new ContentReads(
      async () => source,
      FRESH,
      { active: 4, waiting: 64 },
      undefined,
      () => 0,
    );
    expect(await reads.read('kabar', 'certificate', ['abc'])).toMatchObject({ revokedAt: null });
    revokedAt = '2026-03-05T03:00:00.000Z';
    // Still within a fresh page's time, and no purge came.
    expect(await reads.read('kabar', 'certificate', ['abc'])).toMatchObject({ revokedAt });
    await Promise.all([reads.read('kabar', 'certificate', ['abc']), reads.read('kabar', 'certificate', ['abc'])]);
    expect(calls).toHaveLength(4);
  });
});
