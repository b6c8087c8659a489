import { useEffect, useState } from 'react';
import type { PostCategoryListItem, PostKind } from '~/contract/posts';
import type { ApiClient } from '~/lib/api/client';
import { listManagedCategories } from '~/lib/api/posts';
import { problemText } from '../kit';

/** A kind's categories for a picker: all of them on one page, by name; `failure` says why there are none to pick. */
export interface KindCategories {
  items: PostCategoryListItem[];
  loading: boolean;
  failure?: string | undefined;
}

/** The categories of `kind`, asked again when the kind changes (an answer for a kind no longer shown is dropped). */
export function usePostCategories(client: ApiClient | undefined, kind: PostKind | undefined): KindCategories {
  const [state, setState] = useState<KindCategories>({ items: [], loading: true });
  useEffect(() => {
    if (!client || !kind) return;
    const stop = new AbortController();
    setState({ items: [], loading: true });
    listManagedCategories(client, { kindSlug: kind, all: true, sort: 'name' }, { signal: stop.signal, progress: false }).then(
      (page) => !stop.signal.aborted && setState({ items: page.items, loading: false }),
      (failure) => !stop.signal.aborted && setState({ items: [], loading: false, failure: problemText(failure) }),
    );
    return () => stop.abort();
  }, [client, kind]);
  return kind ? state : { items: [], loading: false };
}
