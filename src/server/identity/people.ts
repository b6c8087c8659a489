import { and, asc, count, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Paged } from '~/contract/paged';
import type { PeopleListQuery, Person } from '~/contract/people';
import { kindOfRole, type Role, roleOfKind } from '~/contract/roles';
import type { Db, Tx } from '../db/client';
import { userSessions, users } from '../db/schema';
import { recordAudit } from '../platform/audit';
import { fail } from '../platform/errors';
import { pageOf } from '../platform/paging';
import { likePattern } from '../platform/slugs';
import { revokeUserSessions, type SessionUser } from './sessions';

/*
 * The people of a tenant as its admins manage them (people-routes.ts). The rules, checked on the
 * person's row locked for the write, so two admins cannot slip past them together:
 * - only a superadmin grants or takes away `superadmin`, and deactivates or reactivates a superadmin;
 * - nobody changes their own role or deactivates themselves (a tenant keeps a superadmin that way);
 * - deactivation ends every session of the account in the same transaction; sign-in, one-time codes
 *   and reset links refuse it (sign-in.ts, routes.ts, password-reset.ts), `userOfToken` ignores it.
 * Each write that changes something records `user.role`, `user.deactivate` or `user.reactivate`.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** When the account's latest session began, whichever way it signed in and whether it still lasts. */
const lastSignInAt =
  sql<Date | null>`(select max(${userSessions.createdAt}) from ${userSessions} where ${userSessions.userId} = ${users.id})`.mapWith(
    userSessions.createdAt,
  );

const personColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  kind: users.kind,
  emailVerifiedAt: users.emailVerifiedAt,
  deactivatedAt: users.deactivatedAt,
  createdAt: users.createdAt,
  lastSignInAt,
};

type PersonRow = {
  id: string;
  name: string;
  email: string;
  kind: number;
  emailVerifiedAt: Date | null;
  deactivatedAt: Date | null;
  createdAt: Date;
  lastSignInAt: Date | null;
};

const toPerson = (row: PersonRow): Person => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: roleOfKind(row.kind),
  verified: row.emailVerifiedAt !== null,
  deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
});

/** A page of the tenant's accounts by name (then id), filtered by a part of the name or e-mail, role and status. */
export async function listPeople(db: Db, lmsId: string, query: PeopleListQuery): Promise<Paged<Person>> {
  const conditions: (SQL | undefined)[] = [eq(users.lmsId, lmsId)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(sql`${users.name} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`));
  }
  if (query.role) conditions.push(eq(users.kind, kindOfRole(query.role)));
  if (query.status) conditions.push(query.status === 'active' ? isNull(users.deactivatedAt) : isNotNull(users.deactivatedAt));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(personColumns)
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.name})`, asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return pageOf(rows.map(toPerson), query.page, query.pageSize, total?.n ?? 0);
}

/** One account of the tenant; `personNotFound` for an unknown id or another tenant's. */
export async function getPerson(db: Db | Tx, lmsId: string, id: string): Promise<Person> {
  const [row] = UUID.test(id)
    ? await db
        .select(personColumns)
        .from(users)
        .where(and(eq(users.id, id), eq(users.lmsId, lmsId)))
        .limit(1)
    : [];
  if (!row) throw fail('personNotFound');
  return toPerson(row);
}

/** The account locked for a write, or `personNotFound`. */
async function lockPerson(tx: Tx, lmsId: string, id: string) {
  if (!UUID.test(id)) throw fail('personNotFound');
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.lmsId, lmsId)))
    .for('update')
    .limit(1);
  if (!row) throw fail('personNotFound');
  return row;
}

/** What a write did: the person as they are now, and whether anything changed (an unchanged write records nothing). */
export interface PersonWrite {
  person: Person;
  changed: boolean;
}

/**
 * Gives person `id` of tenant `lmsId` the role `role`, by `actor` (an admin or superadmin of the
 * tenant). Refused: one's own role (`ownRoleUnchangeable`), and granting or taking away superadmin
 * unless the actor is one (`superadminRoleOnly`). Sessions stay; the guards read the role per request.
 */
export async function changeRole(db: Db, lmsId: string, actor: SessionUser, id: string, role: Role): Promise<PersonWrite> {
  const changed = await db.transaction(async (tx) => {
    const row = await lockPerson(tx, lmsId, id);
    if (row.id === actor.id) throw fail('ownRoleUnchangeable');
    const before = roleOfKind(row.kind);
    if ((before === 'superadmin' || role === 'superadmin') && actor.role !== 'superadmin') throw fail('superadminRoleOnly');
    if (before === role) return false;
    await tx
      .update(users)
      .set({ kind: kindOfRole(role) })
      .where(eq(users.id, row.id));
    await recordAudit(tx, { lmsId, actor, action: 'user.role', target: `user:${row.id}`, before: { role: before }, after: { role } });
    return true;
  });
  return { person: await getPerson(db, lmsId, id), changed };
}

/** Whether `actor` may deactivate or reactivate `row`: not themselves, and a superadmin only by a superadmin. */
function assertMayToggle(actor: SessionUser, row: typeof users.$inferSelect) {
  if (row.id === actor.id) throw fail('ownAccountDeactivate');
  if (roleOfKind(row.kind) === 'superadmin' && actor.role !== 'superadmin') throw fail('superadminAccountOnly');
}

/**
 * Deactivates person `id`: sets `deactivated_at` and ends every live session of the account in one
 * transaction (`endedSessions`). Already deactivated: nothing changes and nothing is recorded.
 */
export async function deactivatePerson(
  db: Db,
  lmsId: string,
  actor: SessionUser,
  id: string,
  now = new Date(),
): Promise<PersonWrite & { endedSessions: number }> {
  const done = await db.transaction(async (tx) => {
    const row = await lockPerson(tx, lmsId, id);
    assertMayToggle(actor, row);
    if (row.deactivatedAt) return { changed: false, endedSessions: 0 };
    await tx.update(users).set({ deactivatedAt: now }).where(eq(users.id, row.id));
    const endedSessions = await revokeUserSessions(tx, row.id, undefined, now);
    await recordAudit(tx, {
      lmsId,
      actor,
      action: 'user.deactivate',
      target: `user:${row.id}`,
      before: { deactivatedAt: null },
      after: { deactivatedAt: now, endedSessions },
    });
    return { changed: true, endedSessions };
  });
  return { person: await getPerson(db, lmsId, id), ...done };
}

/** Reactivates person `id` (they sign in again; their ended sessions stay ended). Already active: nothing changes. */
export async function reactivatePerson(db: Db, lmsId: string, actor: SessionUser, id: string): Promise<PersonWrite> {
  const changed = await db.transaction(async (tx) => {
    const row = await lockPerson(tx, lmsId, id);
    assertMayToggle(actor, row);
    if (!row.deactivatedAt) return false;
    await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, row.id));
    await recordAudit(tx, {
      lmsId,
      actor,
      action: 'user.reactivate',
      target: `user:${row.id}`,
      before: { deactivatedAt: row.deactivatedAt },
      after: { deactivatedAt: null },
    });
    return true;
  });
  return { person: await getPerson(db, lmsId, id), changed };
}
