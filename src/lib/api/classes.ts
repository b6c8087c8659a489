import {
  ClassArrayResponseSchema,
  type ClassDetail,
  ClassDetailResponseSchema,
  type ClassFilters,
  ClassListResponseSchema,
  type ClassPage,
  type ClassSummary,
  ClassSyllabusResponseSchema,
  type SyllabusItem,
} from '~/contract/classes';
import type { ApiClient, RequestOptions } from './client';

/** A class list query as callers write it: `page`, `pageSize` and the filters of SPEC §7 v1/class/active. */
export type ClassActiveParams = { page?: number | undefined; pageSize?: number | undefined } & ClassFilters;

/**
 * The query string of v1/class/active: SPEC §7 sends the filters only when `page` is given, so a
 * call without a page asks for the plain first page (the server ignores filters without it too).
 */
export function classActiveQuery(params: ClassActiveParams): Record<string, string | number | undefined> {
  const { page, pageSize, ...filters } = params;
  if (page === undefined) return { pageSize };
  const list = (values: readonly (string | number)[] | undefined) => (values?.length ? values.join(',') : undefined);
  return {
    page,
    pageSize,
    state: filters.state,
    level: filters.level,
    programIds: list(filters.programIds),
    search: filters.search?.trim() || undefined,
    'filter.type': filters.type,
    registrarCityIds: list(filters.registrarCityIds),
    heldCityIds: list(filters.heldCityIds),
    categoryId: filters.categoryId,
    sort: filters.sort,
  };
}

/** GET v1/class/active: a page of active classes (6 by default), filtered only when `page` is given. */
export async function listActiveClasses(client: ApiClient, params: ClassActiveParams = {}, options?: RequestOptions): Promise<ClassPage> {
  return (await client.call('main', 'v1/class/active', ClassListResponseSchema, { ...options, query: classActiveQuery(params) })).data;
}

/** GET v1/class/active/elevate: the same for the Elevate track's classes. */
export async function listElevateClasses(client: ApiClient, params: ClassActiveParams = {}, options?: RequestOptions): Promise<ClassPage> {
  return (await client.call('main', 'v1/class/active/elevate', ClassListResponseSchema, { ...options, query: classActiveQuery(params) }))
    .data;
}

/** GET v1/class/overview?slug: a class by code, else by slug. */
export async function getClassOverview(client: ApiClient, codeOrSlug: string, options?: RequestOptions): Promise<ClassDetail> {
  return (await client.call('main', 'v1/class/overview', ClassDetailResponseSchema, { ...options, query: { slug: codeOrSlug } })).data;
}

/** GET v1/class/syllabus?classroomId. */
export async function getClassSyllabus(client: ApiClient, classroomId: number, options?: RequestOptions): Promise<SyllabusItem[]> {
  return (await client.call('main', 'v1/class/syllabus', ClassSyllabusResponseSchema, { ...options, query: { classroomId } })).data;
}

/** GET v1/class/webinar (page, perPage sent as pageSize, programIds). */
export async function listWebinars(
  client: ApiClient,
  params: { page?: number; perPage?: number; programIds?: number[] } = {},
  options?: RequestOptions,
): Promise<ClassPage> {
  const query = { page: params.page, pageSize: params.perPage, programIds: params.programIds?.join(',') || undefined };
  return (await client.call('main', 'v1/class/webinar', ClassListResponseSchema, { ...options, query })).data;
}

/** GET v1/class/recent: the 6 newest classes. */
export async function listRecentClasses(client: ApiClient, options?: RequestOptions): Promise<ClassSummary[]> {
  return (await client.call('main', 'v1/class/recent', ClassArrayResponseSchema, options ?? {})).data;
}

/** GET v1/class/list query. */
export interface ClassListParams {
  page?: number;
  pageSize?: number;
  state?: ClassFilters['state'];
  search?: string;
  sort?: ClassFilters['sort'];
  /** online or offline. */
  type?: 'online' | 'offline';
  filterType?: ClassFilters['type'];
  programId?: number;
  all?: boolean;
  preClass?: boolean;
}

/** GET v1/class/list: every class, finished ones included (filterType is sent as filter.type). */
export async function listClasses(client: ApiClient, params: ClassListParams = {}, options?: RequestOptions): Promise<ClassPage> {
  const { filterType, ...rest } = params;
  return (
    await client.call('main', 'v1/class/list', ClassListResponseSchema, { ...options, query: { ...rest, 'filter.type': filterType } })
  ).data;
}
