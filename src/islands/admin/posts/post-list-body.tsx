import type { Paged } from '~/contract/paged';
import type { ManagedPostSummary } from '~/contract/posts';
import { Notice, Pager } from '../kit';
import { isFiltered, type ListFilters } from './post-list-query';
import { PostListTable } from './post-list-table';

/** The list's answer as it stands. */
export type ListLoad = { state: 'loading' } | { state: 'ready'; page: Paged<ManagedPostSummary> } | { state: 'failed'; message: string };

interface Props {
  load: ListLoad;
  filters: ListFilters;
  label: string;
  change(patch: Partial<ListFilters>): void;
  clear(): void;
  retry(): void;
}

/** The list's answer: loading, failed, empty (with the way on), or the table and its pager. */
export function PostListBody({ load, filters, label, change, clear, retry }: Props) {
  if (load.state === 'loading')
    return (
      <p className="admin-notice" role="status">
        Memuat tulisan…
      </p>
    );
  if (load.state === 'failed')
    return (
      <div>
        <Notice tone="error">Daftar tulisan tidak dapat dimuat: {load.message}</Notice>
        <button type="button" className="btn btn--secondary" onClick={retry}>
          Coba lagi
        </button>
      </div>
    );
  const { page } = load;
  if (page.items.length === 0) {
    if (page.totalItems > 0)
      return (
        <p className="admin-notice" role="status">
          Halaman {filters.page} kosong.{' '}
          <button type="button" className="link-button" onClick={() => change({ page: 1 })}>
            Ke halaman 1
          </button>
        </p>
      );
    return isFiltered(filters) ? (
      <p className="admin-notice" role="status">
        Tidak ada tulisan {label} yang cocok dengan filter ini.{' '}
        <button type="button" className="link-button" onClick={clear}>
          Hapus semua filter
        </button>
      </p>
    ) : (
      <p className="admin-notice" role="status">
        Belum ada tulisan {label}. <a href={`/Admin/Tulisan/Baru?jenis=${filters.kind}`}>Tulis yang pertama</a>
      </p>
    );
  }
  return (
    <>
      <p className="post-list__summary" role="status">
        {page.totalItems} tulisan {label}
        {isFiltered(filters) ? ' cocok dengan filter' : ''}, diurutkan dari yang terakhir diubah.
      </p>
      <PostListTable kind={filters.kind} posts={page.items} page={page.page} pages={page.totalPages} total={page.totalItems} />
      <Pager page={page.page} pages={page.totalPages} onPage={(next) => change({ page: next })} label={`Halaman tulisan ${label}`} />
    </>
  );
}
