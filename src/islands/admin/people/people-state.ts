import { useCallback, useState } from 'react';
import type { Paged } from '~/contract/paged';
import type { Person, PersonStatus } from '~/contract/people';
import type { Role } from '~/contract/roles';
import type { ApiClient } from '~/lib/api/client';
import { listPeople } from '~/lib/api/people';
import { useDebounced, useLoaded } from '../kit';

export interface PeopleFilters {
  search: string;
  role: Role | '';
  status: PersonStatus | '';
}

export const NO_FILTERS: PeopleFilters = { search: '', role: '', status: '' };

export interface PeopleList {
  filters: PeopleFilters;
  /** Changes filters and goes back to the first page. */
  filter: (changes: Partial<PeopleFilters>) => void;
  page: number;
  setPage: (page: number) => void;
  /** The latest page that came; kept while the next one loads. */
  result: Paged<Person> | undefined;
  loading: boolean;
  error: string;
  reload: () => void;
  /** Puts a person as the server answered them in place of their row. */
  replace: (person: Person) => void;
}

/** The tenant's people (GET v1/people/list) by the filters, the typed search settling 300 ms after the last key. */
export function usePeople(client: ApiClient): PeopleList {
  const [filters, setFilters] = useState<PeopleFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const search = useDebounced(filters.search.trim());
  const { role, status } = filters;
  const query = { search: search || undefined, role: role || undefined, status: status || undefined, page };
  const { result, setResult, loading, error, reload } = useLoaded(() => listPeople(client, query), JSON.stringify(query));

  const filter = useCallback((changes: Partial<PeopleFilters>) => {
    setFilters((current) => ({ ...current, ...changes }));
    setPage(1);
  }, []);
  const replace = useCallback(
    (person: Person) =>
      setResult((current) => current && { ...current, items: current.items.map((item) => (item.id === person.id ? person : item)) }),
    [setResult],
  );
  return { filters, filter, page, setPage, result, loading, error, reload, replace };
}
