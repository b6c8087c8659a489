import {
  type Career,
  type CareerJob,
  type CareerJobListQuerySchema,
  CareerJobListResponseSchema,
  CareerJobResponseSchema,
  type CareerListQuerySchema,
  CareerListResponseSchema,
  CareerResponseSchema,
} from '~/contract/careers';
import type { Paged } from '~/contract/paged';
import type { ApiClient, RequestOptions } from './client';
import { asQuery, type Parsed, type QueryOf } from './posts';

/** GET career/list query; 10 per page by default (SPEC §9). */
export type CareerListParams = Partial<Parsed<typeof CareerListQuerySchema>>;
/** GET career/job/list query: the career's id, and paging (10 per page by default). */
export type CareerJobListParams = QueryOf<typeof CareerJobListQuerySchema, 'page' | 'pageSize'>;
/** A job with the career it belongs to, as GET career/job/detail answers. */
export type CareerJobDetail = Parsed<typeof CareerJobResponseSchema>['data'];

/** GET career/list?page: a page of the tenant's career pages, each with its number of jobs. */
export async function listCareers(client: ApiClient, query?: CareerListParams, options?: RequestOptions): Promise<Paged<Career>> {
  return (await client.call('main', 'career/list', CareerListResponseSchema, { ...options, query: asQuery(query ?? {}) })).data;
}

/** GET career/job/list (careerId, page): a page of one career's jobs; 404 for a career that is not the tenant's. */
export async function listCareerJobs(client: ApiClient, query: CareerJobListParams, options?: RequestOptions): Promise<Paged<CareerJob>> {
  return (await client.call('main', 'career/job/list', CareerJobListResponseSchema, { ...options, query: asQuery(query) })).data;
}

/** GET career/detail?slug: one career page. */
export async function getCareer(client: ApiClient, slug: string, options?: RequestOptions): Promise<Career> {
  return (await client.call('main', 'career/detail', CareerResponseSchema, { ...options, query: { slug } })).data;
}

/** GET career/job/detail?id: one job with its career. */
export async function getCareerJob(client: ApiClient, id: number, options?: RequestOptions): Promise<CareerJobDetail> {
  return (await client.call('main', 'career/job/detail', CareerJobResponseSchema, { ...options, query: { id } })).data;
}
