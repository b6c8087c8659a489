import { describe, expect, it } from 'vitest';
import {
  activeClassFilterCount,
  CLASS_QUERY_PARAMS,
  canonicalClassRequest,
  classListHref,
  classQueryString,
  hasClassFilters,
  readClassQuery,
} from '~/lib/catalogue/class-query';

const read = (query: string) => readClassQuery(new URLSearchParams(query));

describe('readClassQuery: what a /Class address asks for', () => {
  it('reads every filter of SPEC §3 "Class" and the page', () => {
    expect(
      read(
        'state=registration&type=bootcamp&level=pemula&program=3&category=2&heldCity=32.73&registrarCity=31.71&search=data&sort=price-asc&page=2',
      ),
    ).toEqual({
      page: 2,
      filters: {
        state: 'registration',
        type: 'bootcamp',
        level: 'pemula',
        programIds: [3],
        categoryId: 2,
        heldCityIds: ['32.73'],
        registrarCityIds: ['31.71'],
        search: 'data',
        sort: 'price-asc',
      },
    });
  });

  it('is the first page of every class when the address has no query', () => {
    expect(read('')).toEqual({ page: 1, filters: {} });
  });

  it('drops values that name nothing instead of failing', () => {
    expect(
      read('state=open&type=kursus&level=expert&program=abc&category=-1&heldCity=bandung&registrarCity=3273&sort=random&page=zero'),
    ).toEqual({ page: 1, filters: {} });
    expect(read('page=0').page).toBe(1);
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=999999999').page).toBe(1);
    expect(read('category=0').filters.categoryId).toBeUndefined();
  });

  it('takes lists repeated or comma-separated, keeps the valid values, sorted and once each', () => {
    expect(read('program=5&program=2,x,5&heldCity=33.74,32.73,bad&registrarCity=31.71&registrarCity=31.71').filters).toEqual({
      programIds: [2, 5],
      heldCityIds: ['32.73', '33.74'],
      registrarCityIds: ['31.71'],
    });
  });

  it('tidies the search: trimmed, one space between words, at most 100 characters; blank is none', () => {
    expect(read('search=%20%20kelas%20%20%20data%20').filters.search).toBe('kelas data');
    expect(read(`search=${'a'.repeat(150)}`).filters.search).toHaveLength(100);
    expect(read('search=%20%20').filters.search).toBeUndefined();
  });

  it('treats the default order (soonest start) as no order at all', () => {
    expect(read('sort=start').filters).toEqual({});
  });
});

describe('classQueryString: one address per list', () => {
  it('writes the parameters in one order whatever order they came in', () => {
    const a = classQueryString(read('page=2&sort=name&type=webinar&state=registration&search=ai'));
    const b = classQueryString(read('search=ai&state=registration&page=2&type=webinar&sort=name'));
    expect(a).toBe('?search=ai&state=registration&type=webinar&sort=name&page=2');
    expect(b).toBe(a);
  });

  it('is empty for page 1 without filters (the built page) and leaves out the defaults', () => {
    expect(classQueryString({ page: 1, filters: {} })).toBe('');
    expect(classQueryString({ page: 1, filters: { sort: 'start', search: '  ' } })).toBe('');
    expect(classListHref({ page: 3, filters: {} })).toBe('/Class?page=3');
  });

  it('writes lists sorted, comma-joined and once each, and reads them back the same', () => {
    const query = { page: 1, filters: { programIds: [4, 1, 4], heldCityIds: ['35.78', '32.73'] } };
    const text = classQueryString(query);
    expect(text).toBe('?program=1%2C4&heldCity=32.73%2C35.78');
    expect(read(text.slice(1))).toEqual({ page: 1, filters: { programIds: [1, 4], heldCityIds: ['32.73', '35.78'] } });
  });

  it('round-trips every parameter it knows', () => {
    const text =
      '?search=web+dasar&state=running&type=workshop&level=mahir&program=2&category=7&heldCity=32.73&registrarCity=31.71&sort=newest&page=4';
    expect(classQueryString(read(text.slice(1)))).toBe(text);
    const names = [...new URLSearchParams(text).keys()];
    expect(names).toEqual([...CLASS_QUERY_PARAMS]);
  });
});

describe('hasClassFilters', () => {
  it('is true for any filter or order, false for none or only the defaults', () => {
    expect(hasClassFilters({})).toBe(false);
    expect(hasClassFilters({ sort: 'start' })).toBe(false);
    expect(hasClassFilters({ sort: 'name' })).toBe(true);
    expect(hasClassFilters({ heldCityIds: ['32.73'] })).toBe(true);
  });
});

describe('canonicalClassRequest: the page the site server renders for a request', () => {
  it('is undefined when the request names none of the list parameters (the built page answers)', () => {
    expect(canonicalClassRequest('?utm_source=wa')).toBeUndefined();
    expect(canonicalClassRequest('')).toBeUndefined();
  });

  it("is '' when the parameters ask for the built page after all", () => {
    expect(canonicalClassRequest('?page=1')).toBe('');
    expect(canonicalClassRequest('?state=nonsense&sort=start')).toBe('');
  });

  it('is the canonical query otherwise, other parameters dropped', () => {
    expect(canonicalClassRequest('?page=2&utm_source=wa&state=registration&state=running')).toBe('?state=registration&page=2');
    expect(canonicalClassRequest('?type=bootcamp&search=%20Web%20%20Dasar')).toBe('?search=Web+Dasar&type=bootcamp');
  });
});

describe('activeClassFilterCount: the number on the phone’s "Filter" button', () => {
  it('counts each filter in force once, never the order or the page', () => {
    expect(activeClassFilterCount({})).toBe(0);
    expect(activeClassFilterCount({ sort: 'name' })).toBe(0);
    expect(activeClassFilterCount(read('state=registration&program=1,4&heldCity=32.73&sort=price-asc&page=3').filters)).toBe(3);
    expect(
      activeClassFilterCount({ search: '  data ', level: 'pemula', categoryId: 2, type: 'bootcamp', registrarCityIds: ['31.71'] }),
    ).toBe(5);
  });

  it('does not count a filter that is empty', () => {
    expect(activeClassFilterCount({ search: '   ', programIds: [], heldCityIds: [] })).toBe(0);
  });
});
