import { useId } from 'react';
import { roleLabel } from '~/lib/auth/role-labels';
import type { ActorLookup } from './audit-actor';
import { ACTION_LABELS } from './audit-labels';
import { type AuditLogState, daysProblem, NO_AUDIT_FILTERS } from './audit-state';

/** What the actor field says under it: who it filters by, that it looks, or why it cannot. */
function actorMessage(actor: ActorLookup): { text: string; error: boolean } | undefined {
  switch (actor.state) {
    case 'found':
      return {
        text: actor.person ? `Menampilkan tindakan ${actor.person.name} (${actor.person.email}).` : 'Menyaring menurut id akun.',
        error: false,
      };
    case 'searching':
      return { text: 'Mencari akun…', error: false };
    case 'several':
      return { text: `${actor.people.length} akun cocok: pilih satu di Akun pelaku.`, error: false };
    case 'missing':
      return { text: 'Tidak ada akun dengan nama atau email itu.', error: true };
    case 'failed':
      return { text: `Akun belum dapat dicari. ${actor.message}`, error: true };
    default:
      return undefined;
  }
}

/** Action, actor (name or e-mail, looked up), and days; every change applies at once. */
export function AuditFilters({ log }: { log: AuditLogState }) {
  const id = useId();
  const { filters, filter, actor } = log;
  const said = actorMessage(actor);
  const days = daysProblem(filters);
  const any = Object.values(filters).some(Boolean);
  return (
    <search className="admin-toolbar audit-filters" aria-label="Saring log audit">
      <div className="field">
        <label htmlFor={`${id}-action`}>Tindakan</label>
        <select id={`${id}-action`} value={filters.action} onChange={(event) => filter({ action: event.target.value })}>
          <option value="">Semua tindakan</option>
          {Object.entries(ACTION_LABELS).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field" data-invalid={said?.error ? '' : undefined}>
        <label htmlFor={`${id}-actor`}>Pelaku (nama atau email)</label>
        <input
          id={`${id}-actor`}
          type="search"
          value={filters.actor}
          maxLength={100}
          autoComplete="off"
          aria-invalid={said?.error || undefined}
          aria-describedby={said ? `${id}-actor-said` : undefined}
          onChange={(event) => filter({ actor: event.target.value })}
        />
        {said && (
          <p id={`${id}-actor-said`} className={said.error ? 'field__error' : 'field__hint'}>
            {said.text}
          </p>
        )}
      </div>
      {actor.state === 'several' && (
        <div className="field">
          <label htmlFor={`${id}-chosen`}>Akun pelaku</label>
          <select id={`${id}-chosen`} value={filters.chosen} onChange={(event) => filter({ chosen: event.target.value })}>
            <option value="">Pilih akun…</option>
            {actor.people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name} ({person.email}, {roleLabel(person.role)})
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-from`}>Dari tanggal</label>
        <input id={`${id}-from`} type="date" value={filters.from} onChange={(event) => filter({ from: event.target.value })} />
      </div>
      <div className="field" data-invalid={days ? '' : undefined}>
        <label htmlFor={`${id}-to`}>Sampai tanggal</label>
        <input
          id={`${id}-to`}
          type="date"
          value={filters.to}
          aria-invalid={days ? true : undefined}
          aria-describedby={days ? `${id}-to-error` : undefined}
          onChange={(event) => filter({ to: event.target.value })}
        />
        {days && (
          <p id={`${id}-to-error`} className="field__error">
            {days}
          </p>
        )}
      </div>
      {any && (
        <div>
          <button type="button" className="btn btn--ghost" onClick={() => filter(NO_AUDIT_FILTERS)}>
            Hapus saringan
          </button>
        </div>
      )}
    </search>
  );
}
