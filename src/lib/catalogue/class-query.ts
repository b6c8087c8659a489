import {
  CLASS_LEVELS,
  CLASS_SORTS,
  CLASS_STATES,
  CLASS_TYPES,
  type ClassFilters,
  type ClassLevel,
  type ClassSort,
  type ClassState,
  type ClassType,
} from '~/contract/classes';

/**
 * The address of a filtered /Class list (SPEC §3 "Class" filters): `?search=…&state=…&page=2`. The
 * static page, the class browser island and the site server all read and write it here, so one
 * list has one address: the parameters in one order, lists sorted, defaults (page 1, soonest
 * start) left out. Reading is lenient, as a shared or hand-edited address deserves: a value that
 * names nothing is dropped, never an error.
 */

/** The list's address. */
export const CLASS_LIST_PATH = '/Class';

/** A page of the class list with its filters. */
export interface ClassQuery {
  page: number;
  filters: ClassFilters;
}

/** Query parameters in their canonical order; any of them makes /Class a list rendered on demand. */
export const CLASS_QUERY_PARAMS = [
  'search',
  'state',
  'type',
  'level',
  'program',
  'category',
  'heldCity',
  'registrarCity',
  'sort',
  'page',
] as const;
export type ClassQueryParam = (typeof CLASS_QUERY_PARAMS)[number];

/** The default order (SPEC has none; soonest start first is what a learner looks for). */
export const DEFAULT_CLASS_SORT: ClassSort = 'start';
/** As the contract allows: at most 50 ids in one list, searches of 100 characters. */
const MAX_LIST = 50;
const MAX_SEARCH = 100;
const MAX_PAGE = 100_000;

const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (value: string | null): T | undefined =>
    (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
const readState = oneOf<ClassState>(CLASS_STATES);
const readType = oneOf<ClassType>(CLASS_TYPES);
const readLevel = oneOf<ClassLevel>(CLASS_LEVELS);
const readSort = oneOf<ClassSort>(CLASS_SORTS);

/** Every value of a repeated or comma-separated parameter (`program=1&program=2`, `program=1,2`) that matches. */
function listOf(params: URLSearchParams, name: ClassQueryParam, pattern: RegExp): string[] {
  const values = params.getAll(name).flatMap((value) => value.split(','));
  return [...new Set(values.map((value) => value.trim()).filter((value) => pattern.test(value)))].slice(0, MAX_LIST);
}

const byNumber = (a: number, b: number) => a - b;
const ID = /^[1-9]\d{0,8}$/;
/** A Kemendagri regency or city code (`32.73`). */
const CITY = /^\d{2}\.\d{2}$/;

/** Search text as the list uses it: trimmed, runs of spaces as one, at most 100 characters. */
export function normalizeSearch(value: string | null | undefined): string | undefined {
  return value?.replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH).trim() || undefined;
}

/** The filters and page an address asks for; what names nothing is left out. */
export function readClassQuery(params: URLSearchParams): ClassQuery {
  const filters: ClassFilters = {};
  const search = normalizeSearch(params.get('search'));
  if (search) filters.search = search;
  const state = readState(params.get('state'));
  if (state) filters.state = state;
  const type = readType(params.get('type'));
  if (type) filters.type = type;
  const level = readLevel(params.get('level'));
  if (level) filters.level = level;
  const programIds = listOf(params, 'program', ID).map(Number).sort(byNumber);
  if (programIds.length) filters.programIds = programIds;
  const category = params.get('category') ?? '';
  if (ID.test(category)) filters.categoryId = Number(category);
  const heldCityIds = listOf(params, 'heldCity', CITY).sort();
  if (heldCityIds.length) filters.heldCityIds = heldCityIds;
  const registrarCityIds = listOf(params, 'registrarCity', CITY).sort();
  if (registrarCityIds.length) filters.registrarCityIds = registrarCityIds;
  const sort = readSort(params.get('sort'));
  if (sort && sort !== DEFAULT_CLASS_SORT) filters.sort = sort;
  const page = Number(params.get('page'));
  return { page: Number.isInteger(page) && page > 0 && page < MAX_PAGE ? page : 1, filters };
}

/** The canonical parameters of a query: the order of CLASS_QUERY_PARAMS, lists sorted and comma-joined, defaults left out. */
export function classQueryParams(query: ClassQuery): URLSearchParams {
  const { filters, page } = query;
  const values: Record<ClassQueryParam, string | undefined> = {
    search: normalizeSearch(filters.search),
    state: filters.state,
    type: filters.type,
    level: filters.level,
    program: filters.programIds?.length ? [...new Set(filters.programIds)].sort(byNumber).join(',') : undefined,
    category: filters.categoryId ? String(filters.categoryId) : undefined,
    heldCity: filters.heldCityIds?.length ? [...new Set(filters.heldCityIds)].sort().join(',') : undefined,
    registrarCity: filters.registrarCityIds?.length ? [...new Set(filters.registrarCityIds)].sort().join(',') : undefined,
    sort: filters.sort && filters.sort !== DEFAULT_CLASS_SORT ? filters.sort : undefined,
    page: page > 1 ? String(page) : undefined,
  };
  const params = new URLSearchParams();
  for (const name of CLASS_QUERY_PARAMS) {
    const value = values[name];
    if (value) params.set(name, value);
  }
  return params;
}

/** `?state=registration&page=2`, or '' for the first page without filters (the static page). */
export function classQueryString(query: ClassQuery): string {
  const text = classQueryParams(query).toString();
  return text ? `?${text}` : '';
}

/** The address of a page of the list: `/Class?…`. */
export function classListHref(query: ClassQuery): string {
  return `${CLASS_LIST_PATH}${classQueryString(query)}`;
}

/** Whether any filter narrows or reorders the list (the page number aside). */
export function hasClassFilters(filters: ClassFilters): boolean {
  return classQueryParams({ page: 1, filters }).size > 0;
}

/**
 * The canonical query of a request for /Class (`?…` as the site server renders and caches it), or
 * undefined when the request names none of the list's parameters; '' when it asks for the first
 * page without filters after all (`?page=1`, `?state=nonsense`), which is the static page.
 */
export function canonicalClassRequest(query: string): string | undefined {
  const params = new URLSearchParams(query);
  if (!CLASS_QUERY_PARAMS.some((name) => params.has(name))) return undefined;
  return classQueryString(readClassQuery(params));
}

/**
 * How many filters narrow the list: each parameter but the order and the page (several programs or
 * cities in one parameter count once). The class browser's "Filter" button shows it on phones,
 * where the form is folded away.
 */
export function activeClassFilterCount(filters: ClassFilters): number {
  const params = classQueryParams({ page: 1, filters });
  params.delete('sort');
  return params.size;
}
