import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { CLASS_PAGE_SIZE, type ClassFilterOptions, type ClassSummary } from '~/contract/classes';
import type { Paged } from '~/contract/paged';
import { listActiveClasses } from '~/lib/api/classes';
import {
  activeClassFilterCount,
  type ClassQuery,
  canonicalClassRequest,
  classListHref,
  classQueryString,
} from '~/lib/catalogue/class-query';
import {
  $classFilters,
  $classResults,
  applyClassFilter,
  clearClassFilters,
  goToPage,
  type ClassResults as Results,
  restoreClassQuery,
  retryClassList,
  startClassBrowser,
} from '~/stores/class-browser';
import { appClient } from '../shared/app-client';
import { IslandBoundary } from '../shared/IslandBoundary';
import { ClassFilters } from './ClassFilters';
import { ClassResults } from './ClassResults';
import { classListTitle } from './class-title';
import { FilterFold } from './FilterFold';
import './class-browser.css';

interface Props {
  /** The filters and page the server rendered (class-query.ts, canonical). */
  query: ClassQuery;
  /** That page of classes; null when the page could not load it. */
  page: Paged<ClassSummary> | null;
  /** What the selects offer, from the build (no call of their own). */
  options: ClassFilterOptions;
}

/** Starts the store in the browser: loads through the page's client, mirrors the query in the address bar, follows back and forward. */
function useClassBrowser({ query, page }: Props): void {
  useEffect(() => {
    const stop = startClassBrowser(
      { query, page },
      {
        load: async (wanted, signal) =>
          listActiveClasses(await appClient(), { page: wanted.page, pageSize: CLASS_PAGE_SIZE, ...wanted.filters }, { signal }),
        pushAddress: (href) => history.pushState(null, '', href),
        online: () => navigator.onLine,
      },
    );
    // A form sent without JavaScript leaves `?search=&state=&…`: the address bar gets the list's own address.
    const asked = canonicalClassRequest(location.search);
    if (asked !== undefined && location.search !== classQueryString(query))
      history.replaceState(history.state, '', `${classListHref(query)}${location.hash}`);
    const back = () => void restoreClassQuery(location.search);
    addEventListener('popstate', back);
    return () => {
      removeEventListener('popstate', back);
      stop();
    };
  }, [query, page]);
}

/**
 * /Class: the class filters and the list. The server renders it whole with the page's
 * filters (a GET form and page links that work without JavaScript); once hydrated, filters and pages
 * load in place, with the address kept in step (shareable, reloadable, back and forward). On phones
 * the filters fold behind one "Filter" button with the count of those in force (FilterFold.tsx).
 */
function ClassBrowser(props: Props) {
  useClassBrowser(props);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const storedQuery = useStore($classFilters);
  const storedResults = useStore($classResults);
  const heading = useRef<HTMLHeadingElement>(null);

  // Until the store runs (on the server, and the first render in the browser) the page's own data.
  const initial: Results = props.page ? { status: 'ready', page: props.page } : { status: 'failed', reason: 'server', page: null };
  const query = live ? storedQuery : props.query;
  const results = live ? storedResults : initial;
  // The tab's title follows the page and filters ('Kelas – halaman 2 – Status: Pendaftaran Dibuka - Situs').
  const servedTitle = useRef<string>(undefined);
  useEffect(() => {
    if (!live) return;
    servedTitle.current ??= document.title;
    document.title = classListTitle(servedTitle.current, query, props.options);
  }, [live, query, props.options]);
  const thenFocus = (action: () => Promise<void>) => () => {
    void action();
    // The button pressed goes away with the list it belonged to: the focus waits at the results.
    heading.current?.focus();
  };

  return (
    <div className="class-browser">
      <FilterFold active={activeClassFilterCount(query.filters)}>
        <ClassFilters
          query={query}
          options={props.options}
          onApply={(patch) => void applyClassFilter(patch)}
          onClear={thenFocus(clearClassFilters)}
        />
      </FilterFold>
      <ClassResults
        query={query}
        results={results}
        headingRef={heading}
        now={live ? new Date() : undefined}
        onPage={(n) => thenFocus(() => goToPage(n))()}
        onClear={thenFocus(clearClassFilters)}
        onRetry={thenFocus(retryClassList)}
      />
    </div>
  );
}

export default function ClassBrowserIsland(props: Props) {
  return (
    <IslandBoundary source="ClassBrowser">
      <ClassBrowser {...props} />
    </IslandBoundary>
  );
}
