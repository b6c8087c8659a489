import { type FormEvent, useEffect, useId, useState } from 'react';
import type { Person } from '~/contract/people';
import { ROLES, type Role } from '~/contract/roles';
import type { AdminViewer } from '~/lib/admin/viewer';
import type { ApiClient } from '~/lib/api/client';
import { changeRole, deactivatePerson, reactivatePerson } from '~/lib/api/people';
import { roleLabel } from '~/lib/auth/role-labels';
import { ConfirmButton, formatStamp, problemText } from '../kit';

export interface RowProps {
  person: Person;
  viewer: AdminViewer;
  client: ApiClient;
  /** The person as the server now has them, and what happened in words. */
  onChanged: (person: Person, message: string) => void;
  /** A refused or failed change, in the server's words. */
  onFailed: (message: string) => void;
}

/** Why the viewer cannot change this row, or undefined when they can. */
function lockOf(person: Person, viewer: AdminViewer): string | undefined {
  if (person.id === viewer.id) return 'Akun Anda sendiri: peran dan statusnya diubah oleh admin lain.';
  if (person.role === 'superadmin' && viewer.role !== 'superadmin') return 'Hanya Super Admin yang dapat mengubah akun Super Admin.';
  return undefined;
}

/** The role select and its 'Simpan'; only a superadmin viewer is offered superadmin. */
function RoleControl({ person, viewer, client, onChanged, onFailed }: RowProps) {
  const id = useId();
  const [role, setRole] = useState<Role | ''>(person.role ?? '');
  const [busy, setBusy] = useState(false);
  useEffect(() => setRole(person.role ?? ''), [person.role]);
  const choices = ROLES.filter((choice) => choice !== 'superadmin' || viewer.role === 'superadmin');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!role) return onFailed(`Pilih peran untuk ${person.name} terlebih dahulu.`);
    if (role === person.role) return onChanged(person, `Peran ${person.name} tidak berubah (${roleLabel(role)}).`);
    setBusy(true);
    try {
      const changed = await changeRole(client, person.id, role);
      onChanged(changed, `Peran ${changed.name} sekarang ${roleLabel(changed.role)}. Berlaku mulai permintaan berikutnya dari akun itu.`);
    } catch (failure) {
      onFailed(`Peran ${person.name} tidak diubah: ${problemText(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="people-role" onSubmit={save}>
      <div className="field">
        <label htmlFor={`${id}-role`} className="visually-hidden">
          Peran {person.name}
        </label>
        <select id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as Role | '')}>
          {person.role === null && <option value="">Tanpa peran</option>}
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {roleLabel(choice)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn--ghost" disabled={busy} aria-label={`Simpan peran ${person.name}`}>
        {busy ? 'Memproses…' : 'Simpan'}
      </button>
    </form>
  );
}

/**
 * 'Nonaktifkan' or 'Aktifkan kembali', both behind a confirmation. One ConfirmButton in one place
 * whichever it is, so the focus stays on the button when it turns into the other.
 */
function StatusControl({ person, client, onChanged }: RowProps) {
  const active = person.deactivatedAt === null;
  const run = async () => {
    if (active) {
      const done = await deactivatePerson(client, person.id);
      const { endedSessions, ...changed } = done;
      onChanged(changed, `Akun ${changed.name} dinonaktifkan; ${endedSessions} sesi diakhiri.`);
    } else {
      const changed = await reactivatePerson(client, person.id);
      onChanged(changed, `Akun ${changed.name} aktif kembali dan dapat masuk lagi.`);
    }
  };
  return (
    <ConfirmButton
      label={active ? 'Nonaktifkan' : 'Aktifkan kembali'}
      title={active ? `Nonaktifkan akun ${person.name}?` : `Aktifkan kembali akun ${person.name}?`}
      confirmLabel={active ? 'Ya, nonaktifkan' : 'Ya, aktifkan kembali'}
      tone={active ? 'danger' : 'primary'}
      onConfirm={run}
    >
      {active ? (
        <p>
          Setiap sesi akun {person.name} ({person.email}) <strong>langsung berakhir</strong>: ia keluar dari semua perangkat saat itu juga
          dan tidak dapat masuk lagi sampai akunnya diaktifkan kembali. Data dan riwayatnya tetap tersimpan.
        </p>
      ) : (
        <p>
          {person.name} ({person.email}) dapat masuk lagi seperti sebelumnya, dengan peran {roleLabel(person.role)}.
        </p>
      )}
    </ConfirmButton>
  );
}

/** One account: who, role, verified, status, last sign-in, and what the viewer may do with it. */
export function PersonRow(props: RowProps) {
  const { person, viewer } = props;
  const lock = lockOf(person, viewer);
  const active = person.deactivatedAt === null;
  return (
    <tr>
      <th scope="row">
        <span className="people-name">
          {person.name}
          {person.id === viewer.id && ' (Anda)'}
        </span>
        <span className="people-email">{person.email}</span>
      </th>
      <td>{lock ? roleLabel(person.role) : <RoleControl {...props} />}</td>
      <td>{person.verified ? 'Terverifikasi' : 'Belum'}</td>
      <td>
        <span className={`admin-badge admin-badge--${active ? 'success' : 'danger'}`}>{active ? 'Aktif' : 'Nonaktif'}</span>
        {person.deactivatedAt && <span className="admin-cell-note">sejak {formatStamp(person.deactivatedAt)}</span>}
      </td>
      <td>{person.lastSignInAt ? formatStamp(person.lastSignInAt) : 'Belum pernah'}</td>
      <td>{lock ? <span className="admin-cell-note">{lock}</span> : <StatusControl {...props} />}</td>
    </tr>
  );
}
