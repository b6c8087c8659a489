import { type ReactNode, useEffect, useState } from 'react';

/** From this width the filters are always shown (class-browser.css uses the same). */
const WIDE = '(min-width: 48rem)';

interface Props {
  /** Filters in force (class-query.ts `activeClassFilterCount`), said on the button. */
  active: number;
  children?: ReactNode;
}

/**
 * The class filters folded behind one "Filter" button on phones, so the first results show on the
 * first screen: a `<details>` (its summary is a button with its expanded state for screen readers,
 * Enter and Space open it, and it works before and without JavaScript). From 48rem the summary
 * is hidden and the form shown open: by CSS where browsers style `::details-content`, else once the
 * island runs (it opens the fold on a wide screen).
 */
export function FilterFold({ active, children }: Props) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const wide = matchMedia(WIDE);
    if (wide.matches) setOpen(true);
    const follow = (event: MediaQueryListEvent) => event.matches && setOpen(true);
    wide.addEventListener('change', follow);
    return () => wide.removeEventListener('change', follow);
  }, []);
  return (
    <details className="class-filters-fold" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="class-filters-fold__toggle">
        Filter
        {active > 0 && <span className="class-filters-fold__count"> ({active} aktif)</span>}
      </summary>
      {children}
    </details>
  );
}
