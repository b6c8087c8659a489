import { useCallback, useEffect, useState } from 'react';
import type { Paged } from '~/contract/paged';
import type { Person, PersonStatus } from '~/contract/people';
import type { Role } from '~/contract/roles';
import type { ApiClient } from '~/lib/api/client';
import { listPeople } from '~/lib/api/people';
import { problemText, useDebounced } from '../kit';

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
  const [result, setResult] = useState<Paged<Person>>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const search = useDebounced(filters.search.trim());
  const { role, status } = filters;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how 'Coba lagi' asks again.
  useEffect(() => {
    let live = true;
    setLoading(true);
    const query = { search: search || undefined, role: role || undefined, status: status || undefined, page };
    listPeople(client, query).then(
      (answer) => {
        if (!live) return;
        setResult(answer);
        setError('');
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(problemText(failure));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [client, search, role, status, page, attempt]);

  const filter = useCallback((changes: Partial<PeopleFilters>) => {
    setFilters((current) => ({ ...current, ...changes }));
    setPage(1);
  }, []);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const replace = useCallback(
    (person: Person) =>
      setResult((current) => current && { ...current, items: current.items.map((item) => (item.id === person.id ? person : item)) }),
    [],
  );
  return { filters, filter, page, setPage, result, loading, error, reload, replace };
}
