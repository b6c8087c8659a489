import { useId } from 'react';
import { PERSON_STATUSES, type PersonStatus } from '~/contract/people';
import { ROLES, type Role } from '~/contract/roles';
import { roleLabel } from '~/lib/auth/role-labels';
import type { PeopleList } from './people-state';

/** Each person status as the console names it. */
export const STATUS_LABELS: Record<PersonStatus, string> = { active: 'Aktif', deactivated: 'Nonaktif' };

/** Search (name or e-mail, as typed), role and status; every change applies at once. */
export function PeopleFilters({ list }: { list: PeopleList }) {
  const id = useId();
  const { filters, filter } = list;
  return (
    <search className="admin-toolbar" aria-label="Saring pengguna">
      <div className="field">
        <label htmlFor={`${id}-search`}>Cari nama atau email</label>
        <input
          id={`${id}-search`}
          type="search"
          value={filters.search}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => filter({ search: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-role`}>Peran</label>
        <select id={`${id}-role`} value={filters.role} onChange={(event) => filter({ role: event.target.value as Role | '' })}>
          <option value="">Semua peran</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          value={filters.status}
          onChange={(event) => filter({ status: event.target.value as PersonStatus | '' })}
        >
          <option value="">Semua status</option>
          {PERSON_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}
