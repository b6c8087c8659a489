import type { ReactNode } from 'react';
import type { LearnerHome } from '~/contract/learner';
import type { Role } from '~/contract/roles';
import type { UserProfile } from '~/contract/users';
import type { HomeLoad, HomeView } from './use-learner-home';

/**
 * The account page's sections after the profile (islands README "Account page"), each a component
 * given the profile and the home's load (GET v1/user/home, one call for all of them), listed under
 * the roles that see it. Every account may hold seats in classes, so every role sees the learner's
 * sections; a mentor also sees what they teach and their payouts, an admin the staff tools.
 */
export interface SectionProps {
  profile: UserProfile;
  load: HomeLoad;
  /** The moment badges and sessions are read at (ms). */
  now: number;
}

export interface AccountSection {
  /** The section's heading (an `<h2>`), which also names it for assistive technology. */
  title: string;
  /** Stable id, used for the heading's id and `data-section`. */
  id: string;
  /** The section's content. */
  render: (props: SectionProps) => ReactNode;
}

/**
 * The home's data once loaded, shown with the sections' content that came with it (home-view.ts);
 * while loading or after a failure, a plain line (the one status or alert is above the sections).
 */
function withHome(render: (view: HomeView, home: LearnerHome, now: number) => ReactNode): AccountSection['render'] {
  return ({ load, now }) => {
    if (load.kind === 'loading') return <p className="home-pending">Sedang dimuat…</p>;
    if (load.kind === 'failed') return <p className="home-pending">Bagian ini belum dapat dimuat.</p>;
    return render(load.view, load.home, now);
  };
}

/** The way into the staff console (/Admin) for the roles that have one, and an admin's payout approvals. */
function StaffTools({ admin }: { admin: boolean }) {
  return (
    <>
      <p>Alat staf yang tersedia untuk akun Anda:</p>
      <ul className="home-links">
        <li>
          <a href="/Admin">Buka konsol</a>:{' '}
          {admin ? 'tulisan, tampilan situs, build, pengguna, dan log audit.' : 'bagian konsol untuk peran Anda.'}
        </li>
        {admin && (
          <li>
            <a href="/Akun/Pencairan/Persetujuan">Persetujuan pencairan</a>: setujui atau tolak permintaan pencairan dana mentor.
          </li>
        )}
      </ul>
    </>
  );
}

const CLASSES: AccountSection = {
  id: 'kelas-saya',
  title: 'Kelas saya',
  render: withHome(({ HomeClasses }, home, now) => <HomeClasses classes={home.classes} now={now} />),
};
const COURSES: AccountSection = {
  id: 'kursus-saya',
  title: 'Kursus saya',
  render: withHome(({ HomeCourses }, home) => <HomeCourses courses={home.courses} />),
};
const INVOICES: AccountSection = {
  id: 'tagihan',
  title: 'Tagihan',
  render: withHome(({ HomeInvoices }, home, now) => <HomeInvoices invoices={home.invoices} now={now} />),
};
const TEACHING: AccountSection = {
  id: 'kelas-ajar',
  title: 'Kelas yang saya ajar',
  render: withHome(({ HomeTeaching }, home, now) => <HomeTeaching teaching={home.teaching} now={now} />),
};
const PAYOUTS: AccountSection = {
  id: 'pencairan',
  title: 'Pencairan dana',
  render: withHome(({ HomePayouts }, home) => <HomePayouts teaching={home.teaching} />),
};
const STAFF: AccountSection = { id: 'konsol-staf', title: 'Konsol staf', render: () => <StaffTools admin /> };
const CONSOLE: AccountSection = { id: 'konsol-staf', title: 'Konsol staf', render: () => <StaffTools admin={false} /> };

/** The learner's sections, which every account sees. */
export const LEARNER_SECTIONS: readonly AccountSection[] = [CLASSES, COURSES, INVOICES];

/** What each role sees besides the learner's sections, first. */
export const ROLE_SECTIONS: Partial<Record<Role, readonly AccountSection[]>> = {
  mentor: [TEACHING, PAYOUTS, CONSOLE],
  writer: [CONSOLE],
  admin: [STAFF],
  superadmin: [STAFF],
};

/** The sections the profile's role sees, each in its own labelled `<section>`. */
export function AccountSections(props: SectionProps) {
  const sections = [...((props.profile.role && ROLE_SECTIONS[props.profile.role]) || []), ...LEARNER_SECTIONS];
  return (
    <>
      {sections.map(({ id, title, render }) => (
        <section className="account__section" key={id} data-section={id} aria-labelledby={`akun-${id}`}>
          <h2 id={`akun-${id}`}>{title}</h2>
          {render(props)}
        </section>
      ))}
    </>
  );
}
