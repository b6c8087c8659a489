import { useEffect, useState } from 'react';
import { PAYOUT_BANKS } from '~/contract/payments';
import type { ApiClient } from '~/lib/api/client';
import { payoutBanks } from '~/lib/api/payments';

export interface Bank {
  code: string;
  name: string;
}

/**
 * The banks a payout can go to (GET v2/payout/banks). Until it answers, or when it cannot, the
 * contract's own list stands in: it is the list the server checks requests against.
 */
export function useBanks(client: ApiClient): Bank[] {
  const [banks, setBanks] = useState<Bank[]>(() => PAYOUT_BANKS.map(({ code, name }) => ({ code, name })));
  useEffect(() => {
    let live = true;
    payoutBanks(client, { progress: false })
      .then((list) => live && list.length > 0 && setBanks(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client]);
  return banks;
}
