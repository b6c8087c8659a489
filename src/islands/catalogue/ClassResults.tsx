import type { FormEvent, Ref } from 'react';
import { CLASS_LIST_PATH, type ClassQuery, classListHref, classQueryParams, hasClassFilters } from '~/lib/catalogue/class-query';
import { CLASS_FAILURE_TEXT, classResultsStatus, type ClassResults as Results } from '~/stores/class-browser';
import { ClassCardView } from './ClassCardView';
import { ClassPagination } from './ClassPagination';

interface Props {
  query: ClassQuery;
  results: Results;
  /** The results' heading, where the focus goes when the list changes under a button that goes away. */
  headingRef: Ref<HTMLHeadingElement>;
  /** Once the browser runs, the moment badges are shown for (ClassCardView). */
  now?: Date | undefined;
  onPage(page: number): void;
  onClear(): void;
  onRetry(): void;
}

/** Runs `action` instead of sending the form (the form is what works without JavaScript). */
const instead = (action: () => void) => (event: FormEvent) => {
  event.preventDefault();
  action();
};

/**
 * The list for the chosen filters: its count in a live region, the classes (the previous ones
 * dimmed while the next load), an empty or failed state with its way out, and the page links.
 */
export function ClassResults({ query, results, headingRef, now, onPage, onClear, onRetry }: Props) {
  const page = results.status === 'failed' ? null : results.page;
  const loading = results.status === 'loading';
  const beyond = !loading && page && page.items.length === 0 && query.page > 1;
  return (
    <section className="class-results" aria-labelledby="kelas-hasil">
      <h2 id="kelas-hasil" className="class-results__title" tabIndex={-1} ref={headingRef}>
        Daftar kelas
      </h2>
      {/* Always there, so that a change of its words is announced; failures speak through the alert. */}
      <p className="class-results__status" role="status">
        {results.status === 'failed' ? '' : classResultsStatus(results)}
      </p>
      {results.status === 'failed' && (
        <div className="class-results__note class-results__note--error" role="alert">
          <p>{CLASS_FAILURE_TEXT[results.reason]}</p>
          {/* Without JavaScript: the same address again, every filter kept. */}
          <form method="get" action={CLASS_LIST_PATH} onSubmit={instead(onRetry)}>
            {[...classQueryParams(query)].map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button className="btn btn--primary" type="submit">
              Coba lagi
            </button>
          </form>
        </div>
      )}
      {!loading && page && page.items.length === 0 && !beyond && (
        <div className="class-results__note">
          {hasClassFilters(query.filters) ? (
            <>
              <p>Tidak ada kelas yang cocok dengan filter Anda.</p>
              <form method="get" action={CLASS_LIST_PATH} onSubmit={instead(onClear)}>
                <button className="btn btn--primary" type="submit">
                  Hapus semua filter
                </button>
              </form>
            </>
          ) : (
            <p>Belum ada kelas yang dibuka. Kunjungi lagi halaman ini dalam waktu dekat.</p>
          )}
        </div>
      )}
      {beyond && (
        <p className="class-results__note">
          Halaman {query.page} tidak ada.{' '}
          <a
            href={classListHref({ ...query, page: 1 })}
            onClick={(event) => {
              event.preventDefault();
              onPage(1);
            }}
          >
            Kembali ke halaman pertama
          </a>
        </p>
      )}
      {page && page.items.length > 0 && (
        <ul className="class-results__list" aria-busy={loading}>
          {page.items.map((item) => (
            <li key={item.id}>
              <ClassCardView item={item} now={now} />
            </li>
          ))}
        </ul>
      )}
      {page && <ClassPagination query={query} totalPages={page.totalPages} onPage={onPage} />}
    </section>
  );
}
