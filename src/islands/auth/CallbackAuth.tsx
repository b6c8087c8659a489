import { useEffect, useRef, useState } from 'react';
import { exchangeCode } from '~/lib/api/auth';
import { type PendingSignIn, takeState } from '~/lib/auth/redirect-login';
import { failureMessage } from '~/lib/auth/request-errors';
import { browserEnvironment } from '~/stores/app';
import { keepSession } from '~/stores/session';
import { appClient } from '../shared/app-client';
import { IslandBoundary } from '../shared/IslandBoundary';
import { RedirectRefused, returnTarget } from '../shared/return-to';
import '../shared/forms.css';

/** The message of a return that no sign-in of this tab started, or that came too late or twice. */
export const INVALID_REQUEST = 'Permintaan masuk tidak valid atau sudah kedaluwarsa. Silakan masuk kembali.';

type Outcome = { kind: 'working' } | { kind: 'failed'; message: string } | { kind: 'refused' };

/** The pending sign-in this return names, once; undefined when session storage is blocked. */
function pendingOf(state: string | null): PendingSignIn | undefined {
  try {
    return takeState(sessionStorage, state);
  } catch {
    return undefined;
  }
}

/**
 * /CallbackAuth: the account service's return (redirect-login mode). The one-time code leaves the
 * address bar before anything else happens (no history entry, referrer or screenshot keeps it); the
 * state must be the one this tab stored; then the code is traded for a sign-in and the visitor goes
 * back to the stored path, same-origin only. The code is never logged or shown.
 */
function CallbackAuth() {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(location.search);
    const code = params.get('code');
    const state = params.get('state');
    history.replaceState(history.state, '', location.pathname);
    const pending = pendingOf(state);
    if (!code || !pending) {
      setOutcome({ kind: 'failed', message: INVALID_REQUEST });
      return;
    }
    (async () => {
      try {
        const client = await appClient();
        keepSession(await exchangeCode(client, code), browserEnvironment(), client);
      } catch (error) {
        setOutcome({ kind: 'failed', message: failureMessage(error) });
        return;
      }
      const target = returnTarget(pending.returnPath);
      if (target) location.replace(target);
      else setOutcome({ kind: 'refused' });
    })();
  }, []);

  if (outcome.kind === 'refused') return <RedirectRefused />;
  if (outcome.kind === 'failed') {
    return (
      <div className="form-alert" role="alert">
        <p>{outcome.message}</p>
        <p>
          <a href="/Login">Kembali ke halaman Masuk</a>
        </p>
      </div>
    );
  }
  return <p role="status">Memproses masuk…</p>;
}

/** The /CallbackAuth island (`client:load`: the page exists only to run it). */
export default function CallbackAuthIsland() {
  return (
    <IslandBoundary source="CallbackAuth">
      <CallbackAuth />
    </IslandBoundary>
  );
}
