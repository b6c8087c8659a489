import { describe, expect, it } from 'vitest';
import { pageOf } from '~/server/platform/paging';
import { PollLoop } from '~/server/platform/poll-loop';

/** A queue of numbered rows handed out `size` at a time, recording what was delivered and released. */
function queueOf(rows: number[], size: number, onDeliver: (row: number) => void = () => {}) {
  const waiting = [...rows];
  const delivered: number[] = [];
  const released: number[][] = [];
  return {
    delivered,
    released,
    claim: async () => waiting.splice(0, size),
    deliver: async (row: number) => {
      delivered.push(row);
      onDeliver(row);
      return row % 3 === 0 ? ('failed' as const) : ('sent' as const);
    },
    release: async (rows: number[]) => {
      released.push(rows);
    },
  };
}

const loopOf = () => new PollLoop({ pass: async () => undefined, pollMs: 1000, onError: () => {} });

describe('PollLoop.drain', () => {
  it('claims batch after batch until none is due, and counts each outcome', async () => {
    const queue = queueOf([1, 2, 3, 4, 5, 6, 7], 3);
    expect(await loopOf().drain({ sent: 0, failed: 0 }, queue)).toEqual({ sent: 5, failed: 2 });
    expect(queue.delivered).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(queue.released).toEqual([]);
  });

  it('once stopped, finishes the row in hand and releases the rest of its batch', async () => {
    const loop = loopOf();
    const queue = queueOf([1, 2, 3, 4, 5, 6], 4, (row) => {
      if (row === 2) void loop.stop();
    });
    expect(await loop.drain({ sent: 0, failed: 0 }, queue)).toEqual({ sent: 2, failed: 0 });
    expect(queue.delivered).toEqual([1, 2]);
    expect(queue.released).toEqual([[3, 4]]);
  });
});

describe('pageOf', () => {
  it('is the paged result of SPEC §3, totalPages rounded up (0 for an empty list)', () => {
    expect(pageOf(['a', 'b'], 2, 2, 5)).toEqual({ items: ['a', 'b'], page: 2, perPage: 2, totalItems: 5, totalPages: 3 });
    expect(pageOf([], 1, 10, 0)).toEqual({ items: [], page: 1, perPage: 10, totalItems: 0, totalPages: 0 });
    expect(Object.keys(pageOf([], 1, 10, 0))).toEqual(['items', 'page', 'perPage', 'totalItems', 'totalPages']);
  });
});
