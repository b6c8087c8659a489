import type { MouseEvent } from 'react';
import { type ClassQuery, classListHref } from '~/lib/catalogue/class-query';
import { pageWindow } from '~/lib/content/paths';

interface Props {
  query: ClassQuery;
  totalPages: number;
  onPage(page: number): void;
}

/**
 * Numbered links to the other pages of the same filters: real addresses (they work without
 * JavaScript and open in a new tab); a plain click stays on the page and loads the page in place.
 */
export function ClassPagination({ query, totalPages, onPage }: Props) {
  if (totalPages <= 1) return null;
  const { page } = query;
  const link = (n: number, label: string, rel?: string) => (
    <a
      key={rel ?? n}
      href={classListHref({ ...query, page: n })}
      rel={rel}
      aria-label={rel ? undefined : `Halaman ${n}`}
      onClick={(event: MouseEvent) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        onPage(n);
      }}
    >
      {label}
    </a>
  );
  return (
    <nav className="class-pages" aria-label="Halaman daftar kelas">
      {page > 1 && page <= totalPages && link(page - 1, '‹ Sebelumnya', 'prev')}
      {pageWindow(Math.min(page, totalPages), totalPages).map((n, index) =>
        n === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place
          <span key={`gap-${index}`} className="class-pages__gap" aria-hidden="true">
            …
          </span>
        ) : n === page ? (
          <span key={n} aria-current="page">
            {n}
          </span>
        ) : (
          link(n, String(n))
        ),
      )}
      {page < totalPages && link(page + 1, 'Berikutnya ›', 'next')}
    </nav>
  );
}
