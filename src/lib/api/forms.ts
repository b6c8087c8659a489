import { LoginResponseSchema, type LoginResult } from '~/contract/auth';
import {
  type AppointmentCreate,
  AppointmentResponseSchema,
  type CoderSignup,
  IDEMPOTENCY_HEADER,
  type RequestDemoQuery,
  RequestDemoResponseSchema,
  type School,
  SchoolListResponseSchema,
  type SchoolRegister,
  SchoolRegisterResponseSchema,
  type SubmissionForm,
  SubmissionListResponseSchema,
  type Team,
  type TeamRegister,
  TeamRegisterResponseSchema,
} from '~/contract/forms';
import type { Paged } from '~/contract/paged';
import type { ApiClient, RequestOptions } from './client';

/*
 * The visitors' forms (SPEC §7 "Users, teams, schools", request-demo, appointment). Writes take an
 * idempotency key: the island makes one per filled-in form and sends it again on a retry, so a
 * double click or a retry after a lost answer stores one submission.
 */

/** Options of a form write: the call's options plus the submission's idempotency key. */
export type SubmitOptions = RequestOptions & { idempotencyKey?: string };

const post = (body: unknown, { idempotencyKey, ...options }: SubmitOptions = {}) => ({
  ...options,
  method: 'POST' as const,
  body,
  ...(idempotencyKey && { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
});

/** GET v0/cms/app/request-demo?email: asks for a demo; the answer's message is 'Berhasil mengirim request'. */
export async function requestDemo(client: ApiClient, request: RequestDemoQuery, options?: RequestOptions) {
  const query = {
    email: request.email,
    name: request.name || undefined,
    organization: request.organization || undefined,
    website: request.website,
  };
  return client.call('main', 'v0/cms/app/request-demo', RequestDemoResponseSchema, { ...options, query });
}

/** POST v1/post/appointment/create: a visitor's request for a meeting, optionally about a post (`postId`). */
export async function createAppointment(client: ApiClient, appointment: AppointmentCreate, options?: SubmitOptions) {
  return (await client.call('main', 'v1/post/appointment/create', AppointmentResponseSchema, post(appointment, options))).data;
}

/** POST v1/auth/signup/coder: a coder's account (the /Register fields plus what they code with), signed in. */
export async function signUpCoder(client: ApiClient, request: CoderSignup, options?: SubmitOptions): Promise<LoginResult> {
  return (await client.call('main', 'v1/auth/signup/coder', LoginResponseSchema, post(request, options))).data;
}

/** POST v1/school/register: adds a school to the tenant's list. */
export async function registerSchool(client: ApiClient, request: SchoolRegister, options?: SubmitOptions): Promise<School> {
  return (await client.call('main', 'v1/school/register', SchoolRegisterResponseSchema, post(request, options))).data;
}

/** GET v1/school/list query. */
export interface SchoolListParams {
  page?: number;
  perPage?: number;
  provinceId?: string;
  cityId?: string;
  search?: string;
}

/** GET v1/school/list: the tenant's schools by name (10 a page), by province, city and name. */
export async function listSchools(client: ApiClient, query: SchoolListParams = {}, options?: RequestOptions): Promise<Paged<School>> {
  return (await client.call('main', 'v1/school/list', SchoolListResponseSchema, { ...options, query: { ...query } })).data;
}

/**
 * POST v1/team/register, or with `signedIn` POST v1/auth/team/register (the held access token's
 * account registers the team): a coding-league team.
 */
export async function registerTeam(
  client: ApiClient,
  request: TeamRegister,
  options: SubmitOptions & { signedIn?: boolean } = {},
): Promise<Team> {
  const { signedIn, ...rest } = options;
  const path = signedIn ? 'v1/auth/team/register' : 'v1/team/register';
  return (await client.call('main', path, TeamRegisterResponseSchema, post(request, rest))).data;
}

/** GET v1/submissions (admins): the tenant's submissions of one form, newest first, 10 a page. */
export async function listSubmissions(client: ApiClient, form: SubmissionForm, page = 1, options?: RequestOptions) {
  return (await client.call('main', 'v1/submissions', SubmissionListResponseSchema, { ...options, query: { form, page } })).data;
}
