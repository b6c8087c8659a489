import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ApiClient } from '~/lib/api/client';
import { $session, type SessionUser } from '~/stores/session';
import { appClient } from '../shared/app-client';

/** Before the app start has run: the island shows its server-rendered (signed-out) markup. */
export type SignIn = { state: 'starting' } | { state: 'signed-out' } | { state: 'signed-in'; user: SessionUser; client: ApiClient };

/**
 * Who is signed in, once the page's app start has run (`appClient()` reads the stored sign-in), then
 * following `$session` (a sign-out in another tab or the header ends it here too).
 */
export function useSignedIn(): SignIn {
  const user = useStore($session);
  const [client, setClient] = useState<ApiClient>();
  useEffect(() => {
    let live = true;
    appClient().then((started) => live && setClient(started));
    return () => {
      live = false;
    };
  }, []);
  if (!client) return { state: 'starting' };
  return user ? { state: 'signed-in', user, client } : { state: 'signed-out' };
}
