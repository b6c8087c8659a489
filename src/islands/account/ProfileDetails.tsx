import type { ReactNode } from 'react';
import type { UserProfile } from '~/contract/users';
import { roleLabel } from '~/lib/auth/role-labels';
import { formatClock, formatDate, formatDay } from '~/lib/format/dates';

const NONE = '—';
const GENDERS = { L: 'Laki-laki', P: 'Perempuan' } as const;
/** A moment in Jakarta time: `Senin, 4 Mei 2026, 14.31 WIB`. */
const moment = (iso: string) => `${formatDay(iso, 'WIB')}, ${formatClock(iso, 'WIB')} WIB`;

/** The signed-in user's profile and session (GET v1/user/me with `detail_auth`) as a description list. */
export function ProfileDetails({ profile }: { profile: UserProfile }) {
  const session = profile.detail_auth;
  const rows: [string, ReactNode][] = [
    ['Nama', profile.name],
    ['Email', profile.email],
    [
      'Peran',
      <span data-role={profile.role ?? ''} key="role">
        {roleLabel(profile.role)}
      </span>,
    ],
    ['Nomor HP', profile.phone ?? NONE],
    ['Tanggal lahir', profile.birthDate ? formatDate(profile.birthDate, 'WIB') : NONE],
    ['Jenis kelamin', profile.gender ? GENDERS[profile.gender] : NONE],
    ['Provinsi', profile.province?.name ?? NONE],
    ['Kota/kabupaten', profile.city?.name ?? NONE],
    ['Kabar lewat email', profile.newsletter ? 'Ya, berlangganan' : 'Tidak berlangganan'],
    ['Anggota sejak', formatDate(profile.createdAt, 'WIB')],
    ['Sesi ini dimulai', moment(session.signedInAt)],
    ['Sesi ini berakhir', moment(session.expiresAt)],
    ['Perangkat yang sedang masuk', `${session.activeSessions} (termasuk perangkat ini)`],
  ];
  return (
    <dl className="account__details">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
