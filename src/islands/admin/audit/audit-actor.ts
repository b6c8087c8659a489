import { useEffect, useState } from 'react';
import type { Person } from '~/contract/people';
import type { ApiClient } from '~/lib/api/client';
import { listPeople } from '~/lib/api/people';
import { problemText, useDebounced } from '../kit';

/** Accounts offered when a typed name matches several. */
const MATCHES = 10;
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who the typed actor is: nobody typed (`none`), a lookup under way, one account (`found`), several
 * to choose from, none, or a failed lookup. The log filters by an account's id only (GET v1/audit
 * `actor`), so a name or e-mail is looked up among the tenant's people first.
 */
export type ActorLookup =
  | { state: 'none' }
  | { state: 'searching' }
  | { state: 'found'; id: string; person?: Person | undefined }
  | { state: 'several'; people: Person[] }
  | { state: 'missing' }
  | { state: 'failed'; message: string };

/** The actor filter's lookup of `text` (settling 300 ms after the last key); a pasted user id is taken as it is. */
export function useActorLookup(client: ApiClient, text: string): ActorLookup {
  const typed = text.trim();
  const settled = useDebounced(typed);
  const [lookup, setLookup] = useState<ActorLookup>({ state: 'none' });

  useEffect(() => {
    if (!settled) return setLookup({ state: 'none' });
    if (USER_ID.test(settled)) return setLookup({ state: 'found', id: settled.toLowerCase() });
    let live = true;
    setLookup({ state: 'searching' });
    listPeople(client, { search: settled, pageSize: MATCHES }, { progress: false }).then(
      ({ items }) => {
        if (!live) return;
        const exact = items.find((person) => person.email.toLowerCase() === settled.toLowerCase());
        const only = exact ?? (items.length === 1 ? items[0] : undefined);
        if (only) setLookup({ state: 'found', id: only.id, person: only });
        else setLookup(items.length === 0 ? { state: 'missing' } : { state: 'several', people: items });
      },
      (failure: unknown) => live && setLookup({ state: 'failed', message: problemText(failure) }),
    );
    return () => {
      live = false;
    };
  }, [client, settled]);

  // Between a key and the settled lookup, the typed text is not what was looked up.
  if (!typed) return { state: 'none' };
  return typed !== settled ? { state: 'searching' } : lookup;
}
