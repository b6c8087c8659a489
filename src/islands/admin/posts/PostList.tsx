import { useCallback, useEffect, useRef, useState } from 'react';
import type { PostAuthor, PostKind } from '~/contract/posts';
import type { AdminViewer } from '~/lib/admin/viewer';
import { listManagedPosts, listPostAuthors } from '~/lib/api/posts';
import { Field } from '../../shared/Field';
import { IslandBoundary } from '../../shared/IslandBoundary';
import { problemText, useStaffClient } from '../kit';
import { usePostCategories } from './post-categories';
import { PICKER_KINDS, POST_KIND_LABELS } from './post-kinds';
import { type ListLoad, PostListBody } from './post-list-body';
import { PostListFilters } from './post-list-filters';
import { DEFAULT_FILTERS, type ListFilters, listAddress, listQuery, readFilters } from './post-list-query';
import './post-editor.css';

/**
 * /Admin/Tulisan: a kind's posts of every status (issue 31), newest change first, 20 a page, with
 * search, status, category and author filters kept in the address (reload and back show the same
 * list), and 'Tulisan baru' for the kind shown.
 */
export default function PostList(_props: { viewer: AdminViewer }) {
  return (
    <IslandBoundary source="PostList">
      <List />
    </IslandBoundary>
  );
}

function List() {
  const client = useStaffClient();
  const [filters, setFilters] = useState<ListFilters>(DEFAULT_FILTERS);
  // The address is read once hydrated (the server renders the defaults), then on every back and forward.
  const [ready, setReady] = useState(false);
  const [typed, setTyped] = useState('');
  // The search applies 400 ms after the last key (or at once on Enter).
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const shown = useRef(filters);
  shown.current = filters;
  const [load, setLoad] = useState<ListLoad>({ state: 'loading' });
  const [authors, setAuthors] = useState<PostAuthor[]>([]);
  const categories = usePostCategories(client, ready ? filters.kind : undefined);

  useEffect(() => {
    const read = () => {
      clearTimeout(typing.current);
      const next = readFilters(location.search);
      setFilters(next);
      setTyped(next.search);
      setReady(true);
    };
    read();
    addEventListener('popstate', read);
    return () => {
      removeEventListener('popstate', read);
      clearTimeout(typing.current);
    };
  }, []);

  /** A filter changed: back to page 1 unless a page is asked for, and a history entry of its own. */
  const change = (patch: Partial<ListFilters>) => {
    clearTimeout(typing.current);
    const next = { ...shown.current, page: 1, ...patch };
    if (next.search === shown.current.search && Object.keys(patch).join() === 'search') return;
    const address = listAddress(next);
    if (address !== location.pathname + location.search) history.pushState(null, '', address);
    setFilters(next);
  };

  const fetchPage = useCallback(
    async (signal?: AbortSignal) => {
      if (!client || !ready) return;
      setLoad({ state: 'loading' });
      try {
        const page = await listManagedPosts(client, listQuery(filters), signal ? { signal } : {});
        if (!signal?.aborted) setLoad({ state: 'ready', page });
      } catch (failure) {
        if (!signal?.aborted) setLoad({ state: 'failed', message: problemText(failure) });
      }
    },
    [client, ready, filters],
  );
  useEffect(() => {
    const stop = new AbortController();
    void fetchPage(stop.signal);
    return () => stop.abort();
  }, [fetchPage]);

  useEffect(() => {
    if (!client || !ready) return;
    const stop = new AbortController();
    listPostAuthors(client, filters.kind, { signal: stop.signal, progress: false }).then(
      (found) => !stop.signal.aborted && setAuthors(found),
      () => !stop.signal.aborted && setAuthors([]),
    );
    return () => stop.abort();
  }, [client, ready, filters.kind]);

  const label = POST_KIND_LABELS[filters.kind];
  return (
    <div className="post-list">
      <div className="post-list__head">
        <Field name="jenis" label="Jenis tulisan">
          {(control) => (
            <select
              {...control}
              value={filters.kind}
              onChange={(event) => change({ kind: event.target.value as PostKind, categoryId: '', author: '' })}
            >
              {PICKER_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {POST_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <a className="btn btn--primary" href={`/Admin/Tulisan/Baru?jenis=${filters.kind}`}>
          Tulisan baru
        </a>
      </div>

      <PostListFilters
        label={label}
        filters={filters}
        typed={typed}
        onType={(value) => {
          setTyped(value);
          clearTimeout(typing.current);
          typing.current = setTimeout(() => change({ search: value.trim() }), 400);
        }}
        change={change}
        categories={categories}
        authors={authors}
      />

      <PostListBody
        load={load}
        filters={filters}
        label={label}
        change={change}
        clear={() => {
          setTyped('');
          change({ search: '', status: '', categoryId: '', author: '' });
        }}
        retry={() => void fetchPage()}
      />
    </div>
  );
}
