import type { SyllabusItem } from '~/contract/classes';
import { type Mentor, MentorListResponseSchema } from '~/contract/mentors';
import type { Paged } from '~/contract/paged';
import {
  BatchActiveResponseSchema,
  type BatchPage,
  type ProgramDetail,
  ProgramDetailResponseSchema,
  ProgramListResponseSchema,
  type ProgramSchool,
  ProgramSchoolsResponseSchema,
  type ProgramSummary,
  ProgramSyllabusResponseSchema,
} from '~/contract/programs';
import type { ApiClient, RequestOptions } from './client';

/** GET v1/program/active query. */
export interface ProgramListParams {
  page?: number;
  pageSize?: number;
  registrarCityIds?: string[];
  heldCityIds?: string[];
  categoryId?: number;
}

/** GET v1/program/active: a page of active programs (6 by default). */
export async function listPrograms(
  client: ApiClient,
  params: ProgramListParams = {},
  options?: RequestOptions,
): Promise<Paged<ProgramSummary>> {
  const query = {
    page: params.page,
    pageSize: params.pageSize,
    registrarCityIds: params.registrarCityIds?.join(',') || undefined,
    heldCityIds: params.heldCityIds?.join(',') || undefined,
    categoryId: params.categoryId,
  };
  return (await client.call('main', 'v1/program/active', ProgramListResponseSchema, { ...options, query })).data;
}

/** GET v1/program/active/detail?slug. */
export async function getProgram(client: ApiClient, slug: string, options?: RequestOptions): Promise<ProgramDetail> {
  return (await client.call('main', 'v1/program/active/detail', ProgramDetailResponseSchema, { ...options, query: { slug } })).data;
}

/** GET v1/program/schools (programId, page, pageSize 10). */
export async function listProgramSchools(
  client: ApiClient,
  params: { programId: number; page?: number; pageSize?: number },
  options?: RequestOptions,
): Promise<Paged<ProgramSchool>> {
  return (await client.call('main', 'v1/program/schools', ProgramSchoolsResponseSchema, { ...options, query: { ...params } })).data;
}

/** GET batch/active on the core API: active batches with current_page, last_page, per_page, total_data. */
export async function listActiveBatches(
  client: ApiClient,
  params: { page?: number; pageSize?: number } = {},
  options?: RequestOptions,
): Promise<BatchPage> {
  return (await client.call('core', 'batch/active', BatchActiveResponseSchema, { ...options, query: { ...params } })).data;
}

/** GET silabus/{programId} on the core API. */
export async function getProgramSyllabus(client: ApiClient, programId: number, options?: RequestOptions): Promise<SyllabusItem[]> {
  return (await client.call('core', `silabus/${programId}`, ProgramSyllabusResponseSchema, options ?? {})).data;
}

/** GET active/mentors on the core API. */
export async function listActiveMentors(client: ApiClient, options?: RequestOptions): Promise<Mentor[]> {
  return (await client.call('core', 'active/mentors', MentorListResponseSchema, options ?? {})).data;
}
