import type { LearnerHome } from '~/contract/learner';
import { formatRupiah } from '~/lib/format/money';
import { ClassFacts } from './ClassFacts';

type Teaching = NonNullable<LearnerHome['teaching']>;

/** 'Kelas yang saya ajar': the classes a mentor teaches, each with its next session and learner count. */
export function HomeTeaching({ teaching, now }: { teaching: Teaching | undefined; now: number }) {
  if (!teaching?.classes.length)
    return (
      <p>Belum ada kelas yang tercatat atas nama Anda sebagai mentor. Hubungi admin bila Anda mengajar kelas yang belum tampil di sini.</p>
    );
  return (
    <ul className="home-list">
      {teaching.classes.map((item) => (
        <li key={item.code}>
          <ClassFacts
            item={item}
            now={now}
            extra={
              <div>
                <dt>Peserta</dt>
                <dd>{item.learners === 0 ? 'Belum ada peserta' : `${item.learners} peserta`}</dd>
              </div>
            }
          />
        </li>
      ))}
    </ul>
  );
}

/** A mentor's balance (as /Akun/Pencairan shows it) and the way there (`href`: the console's own payouts page there). */
export function HomePayouts({ teaching, href = '/Akun/Pencairan' }: { teaching: Teaching | undefined; href?: string }) {
  const balance = teaching?.balance;
  return (
    <>
      {balance ? (
        <dl className="home-card__facts home-balance">
          <div>
            <dt>Saldo tersedia</dt>
            <dd>
              <strong>{formatRupiah(balance.available)}</strong>
            </dd>
          </div>
          <div>
            <dt>Menunggu persetujuan</dt>
            <dd>{formatRupiah(balance.held)}</dd>
          </div>
          <div>
            <dt>Sudah dicairkan</dt>
            <dd>{formatRupiah(balance.paidOut)}</dd>
          </div>
        </dl>
      ) : (
        teaching && <p>Akun Anda belum terhubung dengan profil mentor, jadi belum ada saldo. Hubungi admin untuk menghubungkannya.</p>
      )}
      <p>
        Ajukan pencairan ke rekening bank dan lihat riwayatnya: <a href={href}>Buka Pencairan dana</a>.
      </p>
    </>
  );
}
