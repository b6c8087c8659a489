import type { AdminViewer } from '~/lib/admin/viewer';
import { useLearnerHome } from '../../account/use-learner-home';
import { useNow } from '../../payments/use-now';
import { IslandBoundary } from '../../shared/IslandBoundary';
import '../../account/account.css';
import '../console.css';

/**
 * /Admin/Kelas (mentors): the classes the mentor teaches (next session, learner count) and their
 * balance, from the same one call and the same parts as the account page's teaching sections
 * (GET v1/user/home `teaching`, `account/HomeTeaching.tsx`).
 */
function Teaching() {
  const { load, retry } = useLearnerHome();
  const now = useNow(false);
  if (load.kind === 'loading') return <p role="status">Memuat kelas yang Anda ajar…</p>;
  if (load.kind === 'failed')
    return (
      <div className="form-alert" role="alert">
        <p>Kelas Anda belum dapat dimuat. {load.message}</p>
        <button type="button" className="btn btn--secondary" onClick={retry}>
          Coba lagi
        </button>
      </div>
    );
  const { HomePayouts, HomeTeaching } = load.view;
  const { teaching } = load.home;
  return (
    <div className="admin-stack">
      <section aria-labelledby="kelas-ajar">
        <h2 id="kelas-ajar">Kelas yang saya ajar</h2>
        <HomeTeaching teaching={teaching} now={now} />
      </section>
      <section className="mentor-balance" aria-labelledby="kelas-saldo">
        <h2 id="kelas-saldo">Saldo pencairan</h2>
        <HomePayouts teaching={teaching} href="/Admin/Pencairan" />
      </section>
    </div>
  );
}

/** The /Admin/Kelas island (`client:load`). */
export default function MentorClasses(_props: { viewer: AdminViewer }) {
  return (
    <IslandBoundary source="MentorClasses">
      <Teaching />
    </IslandBoundary>
  );
}
