import { useCallback, useState } from 'react';
import type { AuditEntry } from '~/contract/audit';
import type { Paged } from '~/contract/paged';
import { type AuditListParams, listAudit } from '~/lib/api/audit';
import type { ApiClient } from '~/lib/api/client';
import { useLoaded } from '../kit';
import { type ActorLookup, useActorLookup } from './audit-actor';

/** The filters as typed: the action, the actor's name or e-mail (and the account chosen among several), and days. */
export interface AuditFilters {
  action: string;
  actor: string;
  /** The account picked when the typed actor matched several. */
  chosen: string;
  /** `YYYY-MM-DD` days in the tenant's zone, both included; '' for open. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { action: '', actor: '', chosen: '', from: '', to: '' };

const ZONE = '+07:00';
/** The day after a `YYYY-MM-DD` day. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Why the days cannot be asked for, or ''. */
export const daysProblem = ({ from, to }: AuditFilters): string =>
  from && to && from > to ? 'Tanggal akhir harus sama dengan atau sesudah tanggal awal.' : '';

/**
 * The query of the filters, or undefined while it cannot be asked yet (the actor still looked up,
 * not found, one of several not yet chosen; days the wrong way round). Days are read in WIB, the
 * last one whole.
 */
function queryOf(filters: AuditFilters, actor: ActorLookup, page: number): AuditListParams | undefined {
  if (daysProblem(filters)) return undefined;
  let id: string | undefined;
  if (actor.state === 'found') id = actor.id;
  else if (actor.state === 'several' && actor.people.some((person) => person.id === filters.chosen)) id = filters.chosen;
  else if (actor.state !== 'none') return undefined;
  return {
    action: filters.action || undefined,
    actor: id,
    from: filters.from ? `${filters.from}T00:00:00${ZONE}` : undefined,
    to: filters.to ? `${nextDay(filters.to)}T00:00:00${ZONE}` : undefined,
    page,
  };
}

export interface AuditLogState {
  filters: AuditFilters;
  /** Changes filters and goes back to the first page. */
  filter: (changes: Partial<AuditFilters>) => void;
  actor: ActorLookup;
  page: number;
  setPage: (page: number) => void;
  result: Paged<AuditEntry> | undefined;
  /** Whether the filters can be asked for now (see `queryOf`). */
  ready: boolean;
  loading: boolean;
  error: string;
  reload: () => void;
}

/** The tenant's audit log (GET v1/audit) by the filters, newest first, 20 a page. */
export function useAuditLog(client: ApiClient): AuditLogState {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const [page, setPage] = useState(1);
  const actor = useActorLookup(client, filters.actor);
  const query = queryOf(filters, actor, page);
  const { result, loading, error, reload } = useLoaded(query && (() => listAudit(client, query)), query ? JSON.stringify(query) : '');

  const filter = useCallback((changes: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...changes, ...('actor' in changes ? { chosen: '' } : {}) }));
    setPage(1);
  }, []);
  return { filters, filter, actor, page, setPage, result, ready: query !== undefined, loading, error, reload };
}
