import { useEffect, useState } from 'react';
import type { Paged } from '~/contract/paged';
import type { Payout, PayoutState } from '~/contract/payments';
import type { ApiClient } from '~/lib/api/client';
import { listPayouts } from '~/lib/api/payments';
import { failureMessage } from '~/lib/auth/request-errors';

/** The list's filters as the controls hold them ('' filters nothing). */
export interface PayoutFilters {
  status: PayoutState | '';
  bank: string;
  search: string;
  page: number;
}

export type PayoutListLoad = { state: 'loading' } | { state: 'ready'; result: Paged<Payout> } | { state: 'failed'; message: string };

/**
 * A paged payout list (GET v2/payout/list, 10 a page) under filters: a changed filter starts at page
 * 1; `replace` puts an updated payout in its place (an approval, a rejection) without a reload.
 */
export function usePayoutList(client: ApiClient, initial: Partial<PayoutFilters> = {}) {
  const [filters, setFilters] = useState<PayoutFilters>({ status: '', bank: '', search: '', page: 1, ...initial });
  const [load, setLoad] = useState<PayoutListLoad>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the way to load the same page again.
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    listPayouts(client, filters)
      .then((result) => live && setLoad({ state: 'ready', result }))
      .catch((error) => live && setLoad({ state: 'failed', message: failureMessage(error) }));
    return () => {
      live = false;
    };
  }, [client, filters, attempt]);

  return {
    filters,
    load,
    /** Changes filters; the page goes back to 1 unless one is given. */
    filter: (changes: Partial<PayoutFilters>) => setFilters((current) => ({ ...current, page: 1, ...changes })),
    reload: () => setAttempt((n) => n + 1),
    replace: (payout: Payout) =>
      setLoad((current) =>
        current.state === 'ready'
          ? {
              ...current,
              result: { ...current.result, items: current.result.items.map((item) => (item.id === payout.id ? payout : item)) },
            }
          : current,
      ),
  };
}
export type PayoutList = ReturnType<typeof usePayoutList>;
