import { miniEnvelope, queryInt, z } from './mini';
import { paged } from './paged';
import { ROLES } from './roles';

/*
 * The people of a tenant as its admins and superadmins manage them in the staff console (/Admin), at
 * `v1/people` on the main base: the list, a role change, deactivation and reactivation. zod/mini:
 * the console's islands validate with these very schemas.
 */

/** `active`: may sign in; `deactivated`: an admin deactivated the account (sessions ended, sign-in refused). */
export const PERSON_STATUSES = ['active', 'deactivated'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];

/** People a page unless `pageSize` says otherwise. */
export const PEOPLE_PAGE_SIZE = 20;

/**
 * GET v1/people/list: a page of the tenant's accounts by name. `search` matches a part of the name
 * or the e-mail, whatever the case; `role` and `status` narrow the list.
 */
export const PeopleListQuerySchema = z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'search maksimal 100 karakter'))),
  role: z.optional(z.enum(ROLES, `role harus salah satu dari: ${ROLES.join(', ')}`)),
  status: z.optional(z.enum(PERSON_STATUSES, `status harus ${PERSON_STATUSES.join(' atau ')}`)),
  page: z._default(queryInt('page'), 1),
  pageSize: z._default(queryInt('pageSize', 100), PEOPLE_PAGE_SIZE),
});
export type PeopleListQuery = z.output<typeof PeopleListQuerySchema>;

/** An account as the console lists it. Times are ISO 8601 in UTC. */
export const PersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The role of SPEC §6; null for a numeric kind outside it. */
  role: z.nullable(z.enum(ROLES)),
  /** Whether the owner opened a verification link (or reset the password through a mailed one). */
  verified: z.boolean(),
  /** When an admin deactivated the account; null while it is active. */
  deactivatedAt: z.nullable(z.iso.datetime()),
  createdAt: z.iso.datetime(),
  /** When the account's latest session began (any way in), or null when it never signed in. */
  lastSignInAt: z.nullable(z.iso.datetime()),
});
export type Person = z.infer<typeof PersonSchema>;

export const PeoplePageSchema = paged(PersonSchema);
export const PeopleListResponseSchema = miniEnvelope(PeoplePageSchema);

/**
 * POST v1/people/{id}/role. Only a superadmin grants or takes away `superadmin`, and nobody changes
 * their own role; the new role counts from the person's next request (their sessions stay).
 */
export const RoleChangeSchema = z.strictObject({
  role: z.enum(ROLES, `role harus salah satu dari: ${ROLES.join(', ')}`),
});
export type RoleChange = z.infer<typeof RoleChangeSchema>;

/** The answer of a role change and of a reactivation: the person as they are now. */
export const PersonResponseSchema = miniEnvelope(PersonSchema);

/** POST v1/people/{id}/deactivate: the person as they are now and how many live sessions of theirs ended. */
export const PersonDeactivatedSchema = z.extend(PersonSchema, {
  endedSessions: z.number().check(z.int(), z.nonnegative()),
});
export type PersonDeactivated = z.infer<typeof PersonDeactivatedSchema>;
export const PersonDeactivatedResponseSchema = miniEnvelope(PersonDeactivatedSchema);
