import { useState } from 'react';
import { PAYOUT_STATE_LABELS, type Payout } from '~/contract/payments';
import type { ApiClient } from '~/lib/api/client';
import { roleLabel } from '~/lib/auth/role-labels';
import { formatRupiah } from '~/lib/format/money';
import type { SessionUser } from '~/stores/session';
import { IslandBoundary } from '../shared/IslandBoundary';
import { PayoutDecision } from './PayoutDecision';
import { PayoutList } from './PayoutList';
import { SignInGate } from './SignInGate';
import { useBanks } from './use-banks';
import { usePayoutList } from './use-payout-list';
import '../shared/forms.css';
import './payments.css';

/** The approval queue: requested payouts first (the status filter starts at 'requested'), each decided in place. */
function Queue({ client }: { client: ApiClient }) {
  const banks = useBanks(client);
  const list = usePayoutList(client, { status: 'requested' });
  // The decided row stays where it was with its new state; this line says what happened.
  const [notice, setNotice] = useState('');
  const decided = (payout: Payout) => {
    list.replace(payout);
    setNotice(`Pencairan ${formatRupiah(payout.amount)} untuk ${payout.mentorName}: ${PAYOUT_STATE_LABELS[payout.status]}.`);
  };
  return (
    <section className="payout-approvals" aria-labelledby="persetujuan-daftar">
      <div>
        <h2 id="persetujuan-daftar">Permintaan pencairan mentor</h2>
        <p className="form__counter" role="status">
          {notice}
        </p>
        <PayoutList
          list={list}
          banks={banks}
          label="Permintaan pencairan"
          showMentor
          empty="Tidak ada permintaan pencairan dengan saringan ini."
          actions={(payout) =>
            payout.status === 'requested' ? <PayoutDecision client={client} payout={payout} onDecided={decided} /> : null
          }
        />
      </div>
    </section>
  );
}

/**
 * /Akun/Pencairan/Persetujuan: admins and superadmins of the tenant approve or reject mentors'
 * payout requests (GET v2/payout/list, POST v2/payout/approve and reject). The server is the judge
 * of who may decide; other roles get a clear message here.
 */
function PayoutApprovals() {
  return (
    <SignInGate
      returnTo="/Akun/Pencairan/Persetujuan"
      loading="Memuat permintaan pencairan…"
      prompt="Masuk dengan akun admin untuk menyetujui pencairan dana mentor."
    >
      {(user, client) => <Approvals user={user} client={client} />}
    </SignInGate>
  );
}

/** The queue for admins; other roles are told where to go instead. */
function Approvals({ user, client }: { user: SessionUser; client: ApiClient }) {
  const { role } = user;
  if (role !== 'admin' && role !== 'superadmin') {
    return (
      <div className="form-note" role="status">
        <p>Persetujuan pencairan hanya untuk admin. Akun Anda terdaftar sebagai {roleLabel(role)}.</p>
        <p className="form__links">
          {role === 'mentor' ? (
            <>
              Lihat saldo dan permintaan Anda di <a href="/Akun/Pencairan">Pencairan dana</a>.
            </>
          ) : (
            <a href="/Akun">Kembali ke halaman Akun</a>
          )}
        </p>
      </div>
    );
  }
  return <Queue key={user.email} client={client} />;
}

/** The /Akun/Pencairan/Persetujuan island (`client:load`). */
export default function PayoutApprovalsIsland() {
  return (
    <IslandBoundary source="PayoutApprovals">
      <PayoutApprovals />
    </IslandBoundary>
  );
}
