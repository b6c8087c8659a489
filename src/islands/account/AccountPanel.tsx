import { useEffect, useState } from 'react';
import type { UserProfile } from '~/contract/users';
import { ApiRequestError } from '~/lib/api/errors';
import { getMe } from '~/lib/api/users';
import { failureMessage } from '~/lib/auth/request-errors';
import { browserEnvironment } from '~/stores/app';
import { $session, dropSession } from '~/stores/session';
import { appClient } from '../shared/app-client';
import { IslandBoundary } from '../shared/IslandBoundary';
import { signOutHere } from '../shared/sign-out';
import { Certificates, loadCertificateList } from './Certificates';
import { Deferred, preload } from './Deferred';
import { EmailVerificationBanner } from './EmailVerificationBanner';
import { ProfileDetails } from './ProfileDetails';
import { AccountSections } from './sections';
import { loadHomeView, useLearnerHome } from './use-learner-home';
import '../shared/forms.css';
import './account.css';

/** Where a signed-out visitor is sent: sign in, then back here. */
export const SIGN_IN_FIRST = '/Login?redirect=%2FAkun';

/** The password form (below the fold, used on action only), a chunk of its own. */
const loadPasswordChange = () => import('./PasswordChange');

type View = { kind: 'loading' } | { kind: 'ready'; profile: UserProfile } | { kind: 'failed'; message: string };

/**
 * The home's sections (sections.tsx) from one call (GET v1/user/home), loaded once the profile is
 * known: one status while it loads, one alert with 'Coba lagi' when it fails, each section saying
 * plainly that it is not there yet. The status is a standing live region whose text changes (screen
 * readers often miss a region inserted together with its text, as on 'Coba lagi').
 */
function HomeSections({ profile }: { profile: UserProfile }) {
  const { load, retry } = useLearnerHome();
  return (
    <>
      <p className="home-status" role="status">
        {load.kind === 'loading' ? 'Memuat kelas, kursus, dan tagihan Anda…' : ''}
      </p>
      {load.kind === 'failed' && (
        <div className="form-alert home-status" role="alert">
          <p>Kelas, kursus, dan tagihan Anda belum dapat dimuat. {load.message}</p>
          <button className="btn btn--primary" type="button" onClick={retry}>
            Coba lagi
          </button>
        </div>
      )}
      <AccountSections profile={profile} load={load} now={Date.now()} />
    </>
  );
}

/**
 * /Akun, the signed-in user's home in this tenant: their classes, courses and invoices (and a
 * mentor's teaching and payouts, an admin's staff tools), their profile and role (GET v1/user/me),
 * sign-out here or everywhere. Signed out, or a token the server no longer accepts (401), sends the
 * visitor to /Login and back.
 */
function AccountPanel() {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<'here' | 'everywhere'>();
  const [alert, setAlert] = useState<string>();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to run the load again.
  useEffect(() => {
    let live = true;
    (async () => {
      const client = await appClient();
      if (!$session.get()) return location.replace(SIGN_IN_FIRST);
      // The sections' code outside the first chunk comes while the profile call runs.
      for (const load of [loadHomeView, loadCertificateList, loadPasswordChange]) preload(load);
      try {
        const profile = await getMe(client);
        if (live) setView({ kind: 'ready', profile });
      } catch (error) {
        // A 401 is about the user's token only when the call carried an app token; without one (the
        // API was down at the app start) the sign-in may be fine, so it is kept and the visitor may retry.
        if (error instanceof ApiRequestError && error.statusCode === 401 && client.credentials().appToken) {
          dropSession(browserEnvironment(), client);
          return location.replace(SIGN_IN_FIRST);
        }
        if (live) setView({ kind: 'failed', message: failureMessage(error) });
      }
    })();
    return () => {
      live = false;
    };
  }, [attempt]);

  // Signed out elsewhere (another tab, or this page shown again from the back/forward cache after
  // leaving): the profile goes from the page at once, so the next person at this computer sees none of it.
  useEffect(
    () =>
      $session.listen((user) => {
        if (user) return;
        setView({ kind: 'loading' });
        location.replace(SIGN_IN_FIRST);
      }),
    [],
  );

  const leave = async (everywhere: boolean) => {
    setBusy(everywhere ? 'everywhere' : 'here');
    const message = await signOutHere(everywhere);
    if (!message) {
      setView({ kind: 'loading' });
      return location.assign('/');
    }
    // Signed out in this browser whatever happened; say that the server did not confirm it.
    setAlert(`Anda sudah keluar di perangkat ini, tetapi server belum mengonfirmasi: ${message}`);
    setBusy(undefined);
  };

  // Also the server-rendered markup: before the island runs, the page says where to sign in.
  if (view.kind === 'loading') {
    return (
      <p role="status">
        Memuat data akun… Belum masuk? <a href={SIGN_IN_FIRST}>Masuk ke akun Anda</a>.
      </p>
    );
  }
  if (view.kind === 'failed') {
    return (
      <div className="form-alert" role="alert">
        <p>{view.message}</p>
        <button className="btn btn--primary" type="button" onClick={() => setAttempt(attempt + 1)}>
          Coba lagi
        </button>
      </div>
    );
  }
  const { profile } = view;
  return (
    <div className="account">
      <EmailVerificationBanner profile={profile} />
      <HomeSections profile={profile} />
      <Certificates />
      <section className="account__section" aria-labelledby="akun-profil">
        <h2 id="akun-profil">Profil</h2>
        <ProfileDetails profile={profile} />
      </section>
      <section className="account__section password-change" aria-labelledby="akun-password">
        <h2 id="akun-password">Ganti password</h2>
        <Deferred load={loadPasswordChange} loading="Memuat formulir ganti password…" failure="Formulir ganti password belum dapat dimuat.">
          {({ PasswordChange }) => <PasswordChange />}
        </Deferred>
      </section>
      <section className="account__section" aria-labelledby="akun-keluar">
        <h2 id="akun-keluar">Keluar</h2>
        {alert && (
          <div className="form-alert" role="alert">
            <p>{alert}</p>
          </div>
        )}
        <p>Keluar dari akun setelah memakai perangkat bersama, seperti komputer sekolah atau warnet.</p>
        <div className="account__actions">
          <button className="btn btn--primary" type="button" disabled={busy !== undefined} onClick={() => leave(false)}>
            {busy === 'here' ? 'Memproses…' : 'Keluar'}
          </button>
          <button className="btn btn--ghost" type="button" disabled={busy !== undefined} onClick={() => leave(true)}>
            {busy === 'everywhere' ? 'Memproses…' : 'Keluar dari semua perangkat'}
          </button>
        </div>
      </section>
    </div>
  );
}

/** The /Akun island (`client:load`: the page's content is the signed-in user's). */
export default function AccountIsland() {
  return (
    <IslandBoundary source="AccountPanel">
      <AccountPanel />
    </IslandBoundary>
  );
}
