import type { Paged } from '~/contract/paged';
import {
  PeopleListResponseSchema,
  type Person,
  type PersonDeactivated,
  PersonDeactivatedResponseSchema,
  PersonResponseSchema,
  type PersonStatus,
} from '~/contract/people';
import type { Role } from '~/contract/roles';
import type { ApiClient, RequestOptions } from './client';

/*
 * The people of a tenant in the staff console (admins and superadmins; others get 403): the list, a
 * role change, deactivation and reactivation, at `v1/people` on the main base. Another tenant's id is
 * 404; the refusals of the rules (superadmin only, not oneself) are 403 with the reason as message.
 */

/** GET v1/people/list query; 20 a page unless said otherwise. */
export interface PeopleListParams {
  /** A part of the name or the e-mail, any case. */
  search?: string | undefined;
  role?: Role | undefined;
  status?: PersonStatus | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

const post = (options?: RequestOptions, body?: unknown) => ({
  ...options,
  method: 'POST' as const,
  ...(body === undefined ? {} : { body }),
});
const personPath = (id: string, action: string) => `v1/people/${encodeURIComponent(id)}/${action}`;

/** GET v1/people/list: a page of the tenant's accounts by name, filtered by search, role and status. */
export async function listPeople(client: ApiClient, query: PeopleListParams = {}, options?: RequestOptions): Promise<Paged<Person>> {
  return (await client.call('main', 'v1/people/list', PeopleListResponseSchema, { ...options, query: { ...query } })).data;
}

/**
 * POST v1/people/{id}/role: gives the person `role` (counts from their next request; their sessions
 * stay). Only a superadmin grants or takes away superadmin; nobody changes their own role.
 */
export async function changeRole(client: ApiClient, id: string, role: Role, options?: RequestOptions): Promise<Person> {
  return (await client.call('main', personPath(id, 'role'), PersonResponseSchema, post(options, { role }))).data;
}

/**
 * POST v1/people/{id}/deactivate: the account can no longer sign in and every session of it ends
 * (`endedSessions`). Not oneself; a superadmin only by a superadmin. Already deactivated: unchanged.
 */
export async function deactivatePerson(client: ApiClient, id: string, options?: RequestOptions): Promise<PersonDeactivated> {
  return (await client.call('main', personPath(id, 'deactivate'), PersonDeactivatedResponseSchema, post(options))).data;
}

/** POST v1/people/{id}/reactivate: the account signs in again. A superadmin only by a superadmin. Already active: unchanged. */
export async function reactivatePerson(client: ApiClient, id: string, options?: RequestOptions): Promise<Person> {
  return (await client.call('main', personPath(id, 'reactivate'), PersonResponseSchema, post(options))).data;
}
