import type { ReactNode } from 'react';
import type { RemoteList } from './use-remote-list';

/** A remote list's loading, failure (with a retry) and empty states around its rows. */
export function ListState<T>({
  list,
  retry,
  empty,
  children,
}: {
  list: RemoteList<T>;
  retry(): void;
  empty: string;
  children(items: T[]): ReactNode;
}) {
  if (list.state === 'loading') return <p role="status">Memuat…</p>;
  if (list.state === 'failed')
    return (
      <div className="form-alert" role="alert">
        <p>{list.message}</p>
        <button type="button" className="btn btn--secondary" onClick={retry}>
          Coba lagi
        </button>
      </div>
    );
  if (list.items.length === 0) return <p className="form__counter">{empty}</p>;
  return <>{children(list.items)}</>;
}
