import type { ComponentType } from 'react';
import type { Role } from '~/contract/roles';
import type { UserProfile } from '~/contract/users';

/**
 * The account page's role sections (islands README "Account page"): what later issues add, each a
 * component given the profile, listed under the roles that see it. A learner's classes go under
 * `student`, a mentor's payouts under `mentor`, an admin's tools under `admin` and `superadmin`.
 */
export interface AccountSection {
  /** The section's heading (an `<h2>`), which also names it for assistive technology. */
  title: string;
  /** Stable id, used for the heading's id and `data-section`. */
  id: string;
  component: ComponentType<{ profile: UserProfile }>;
}

/** A mentor's way to their balance and payout requests (/Akun/Pencairan). */
function PayoutsLink() {
  return (
    <p>
      Lihat saldo pendapatan kelas Anda dan ajukan pencairan ke rekening bank: <a href="/Akun/Pencairan">Buka Pencairan dana</a>.
    </p>
  );
}

/** An admin's way to the payout approval queue (/Akun/Pencairan/Persetujuan). */
function ApprovalsLink() {
  return (
    <p>
      Setujui atau tolak permintaan pencairan dana mentor: <a href="/Akun/Pencairan/Persetujuan">Buka Persetujuan pencairan</a>.
    </p>
  );
}

const PAYOUTS: AccountSection = { id: 'pencairan', title: 'Pencairan dana', component: PayoutsLink };
const APPROVALS: AccountSection = { id: 'persetujuan-pencairan', title: 'Persetujuan pencairan', component: ApprovalsLink };

export const ROLE_SECTIONS: Partial<Record<Role, readonly AccountSection[]>> = {
  student: [],
  mentor: [PAYOUTS],
  admin: [APPROVALS],
  superadmin: [APPROVALS],
};

/** The sections the profile's role sees, each in its own labelled `<section>`. */
export function AccountSections({ profile }: { profile: UserProfile }) {
  const sections = (profile.role && ROLE_SECTIONS[profile.role]) || [];
  return (
    <>
      {sections.map(({ id, title, component: Section }) => (
        <section className="account__section" key={id} data-section={id} aria-labelledby={`akun-${id}`}>
          <h2 id={`akun-${id}`}>{title}</h2>
          <Section profile={profile} />
        </section>
      ))}
    </>
  );
}
