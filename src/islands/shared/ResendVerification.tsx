import { useState } from 'react';
import { linkLifetime } from '~/contract/account';
import { resendVerification } from '~/lib/api/account';
import { ApiRequestError } from '~/lib/api/errors';
import { failureMessage, retryAtText } from '~/lib/auth/request-errors';
import { appClient } from './app-client';
import './account-links.css';

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; email: string }
  | { kind: 'verified'; message: string }
  | { kind: 'limited'; message: string }
  | { kind: 'failed'; message: string };

/** What a refused resend says: the wait for a limit (with the clock time), the server's words for a verified account. */
function stateOf(error: unknown): State {
  if (error instanceof ApiRequestError && error.statusCode === 409) return { kind: 'verified', message: error.message };
  if (error instanceof ApiRequestError && error.statusCode === 429) {
    const when = error.retryAfterSeconds === undefined ? '' : ` ${retryAtText(error.retryAfterSeconds)}.`;
    return { kind: 'limited', message: `${error.message}${when}` };
  }
  return { kind: 'failed', message: failureMessage(error) };
}

/**
 * 'Kirim ulang email verifikasi' for the signed-in account (POST email/resend): sending, sent (to
 * which address, for how long), rate limited (with the time to ask again), already verified, or
 * failed. Progress and success are announced by a standing `role="status"`, refusals as alerts.
 */
export function ResendVerification() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const send = async () => {
    setState({ kind: 'sending' });
    try {
      const client = await appClient();
      setState({ kind: 'sent', email: (await resendVerification(client)).email });
    } catch (error) {
      setState(stateOf(error));
    }
  };
  const status =
    state.kind === 'sending'
      ? 'Mengirim email verifikasi…'
      : state.kind === 'sent'
        ? `Email verifikasi baru sudah dikirim ke ${state.email}. Tautannya berlaku ${linkLifetime('verify-email')}; periksa juga folder spam.`
        : state.kind === 'verified'
          ? state.message
          : '';
  return (
    <div className="resend-verification">
      <button
        className="btn btn--primary"
        type="button"
        onClick={send}
        disabled={state.kind === 'sending'}
        aria-busy={state.kind === 'sending' || undefined}
      >
        {state.kind === 'sending' ? 'Mengirim…' : 'Kirim ulang email verifikasi'}
      </button>
      <p role="status">{status}</p>
      {(state.kind === 'limited' || state.kind === 'failed') && (
        <div className="form-alert" role="alert">
          <p>{state.message}</p>
        </div>
      )}
    </div>
  );
}
