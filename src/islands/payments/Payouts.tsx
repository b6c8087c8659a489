import { useCallback, useEffect, useState } from 'react';
import type { PayoutBalance } from '~/contract/payments';
import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { payoutBalance } from '~/lib/api/payments';
import { failureMessage } from '~/lib/auth/request-errors';
import { roleLabel } from '~/lib/auth/role-labels';
import type { SessionUser } from '~/stores/session';
import { IslandBoundary } from '../shared/IslandBoundary';
import { BalanceView } from './BalanceView';
import { PayoutForm } from './PayoutForm';
import { PayoutList } from './PayoutList';
import { SignInGate } from './SignInGate';
import { useBanks } from './use-banks';
import { usePayoutList } from './use-payout-list';
import '../shared/forms.css';
import './payments.css';

export const PAYOUTS_PATH = '/Akun/Pencairan';
export const APPROVALS_PATH = '/Akun/Pencairan/Persetujuan';

type Balance =
  | { state: 'loading' }
  | { state: 'ready'; balance: PayoutBalance }
  | { state: 'failed'; message: string; status?: number | undefined };

/** Why this page shows nothing of a signed-in account that is not a mentor's. */
function NotMentor({ user, message }: { user: SessionUser; message?: string | undefined }) {
  const admin = user.role === 'admin' || user.role === 'superadmin';
  return (
    <div className="form-note" role="status">
      <p>{message ?? `Halaman pencairan dana hanya untuk mentor. Akun Anda terdaftar sebagai ${roleLabel(user.role)}.`}</p>
      <p className="form__links">
        {admin ? (
          <>
            Menyetujui pencairan mentor? Buka <a href={APPROVALS_PATH}>Persetujuan pencairan</a>.
          </>
        ) : (
          <a href="/Akun">Kembali ke halaman Akun</a>
        )}
      </p>
    </div>
  );
}

/** The mentor's page once signed in: balance, request form, history. */
function MentorPayouts({ client, user }: { client: ApiClient; user: SessionUser }) {
  const [balance, setBalance] = useState<Balance>({ state: 'loading' });
  const banks = useBanks(client);
  const list = usePayoutList(client);
  const { reload } = list;

  const loadBalance = useCallback(
    async (quiet = false) => {
      if (!quiet) setBalance({ state: 'loading' });
      try {
        setBalance({ state: 'ready', balance: await payoutBalance(client) });
      } catch (error) {
        const status = error instanceof ApiRequestError ? error.statusCode : undefined;
        setBalance({ state: 'failed', message: failureMessage(error), status });
      }
    },
    [client],
  );
  useEffect(() => {
    void loadBalance();
  }, [loadBalance]);

  if (balance.state === 'failed' && balance.status === 403) return <NotMentor user={user} />;
  if (balance.state === 'failed' && balance.status === 404)
    return (
      <NotMentor
        user={user}
        message="Akun Anda belum terhubung ke profil mentor, jadi belum ada saldo yang bisa dicairkan. Hubungi admin untuk menghubungkannya."
      />
    );

  return (
    <div className="payouts">
      <section aria-labelledby="pencairan-saldo">
        <h2 id="pencairan-saldo">Saldo</h2>
        {balance.state === 'loading' && <p role="status">Memuat saldo…</p>}
        {balance.state === 'failed' && (
          <div className="form-alert" role="alert">
            <p>{balance.message}</p>
            <button className="btn btn--secondary" type="button" onClick={() => loadBalance()}>
              Coba lagi
            </button>
          </div>
        )}
        {balance.state === 'ready' && <BalanceView balance={balance.balance} />}
      </section>
      <section aria-labelledby="pencairan-ajukan">
        <h2 id="pencairan-ajukan">Ajukan pencairan</h2>
        <PayoutForm
          client={client}
          user={user}
          banks={banks}
          available={balance.state === 'ready' ? balance.balance.available : undefined}
          onRequested={() => {
            void loadBalance(true);
            reload();
          }}
        />
      </section>
      <section aria-labelledby="pencairan-riwayat">
        <h2 id="pencairan-riwayat">Riwayat pencairan</h2>
        <PayoutList list={list} banks={banks} label="Riwayat pencairan" empty="Belum ada permintaan pencairan." />
      </section>
    </div>
  );
}

/**
 * /Akun/Pencairan: a mentor's balance, payout request form and request history (GET v2/payout/balance,
 * banks, list; POST v2/payout/request). Signed out: a link to sign in and come back; another role:
 * a clear message (admins get the way to the approval queue).
 */
function Payouts() {
  return (
    <SignInGate
      returnTo={PAYOUTS_PATH}
      loading="Memuat data pencairan…"
      prompt="Masuk dengan akun mentor untuk melihat saldo dan mengajukan pencairan dana."
    >
      {(user, client) =>
        user.role !== 'mentor' ? <NotMentor user={user} /> : <MentorPayouts key={user.email} client={client} user={user} />
      }
    </SignInGate>
  );
}

/** The /Akun/Pencairan island (`client:load`). */
export default function PayoutsIsland() {
  return (
    <IslandBoundary source="Payouts">
      <Payouts />
    </IslandBoundary>
  );
}
