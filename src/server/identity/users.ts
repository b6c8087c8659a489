import { eq } from 'drizzle-orm';
import type { UserProfile } from '~/contract/users';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { listCities, listProvinces } from '../platform/areas';
import { type SessionUser, sessionDetail } from './sessions';

/**
 * The signed-in user's profile (GET v1/user/me): the sign-up fields with the province's and city's
 * names, and `detail_auth` of the session behind `accessToken`. Undefined when the session ended
 * between the token check and this read.
 */
export async function profileOf(db: Db, user: SessionUser, accessToken: string, now = new Date()): Promise<UserProfile | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
  const session = await sessionDetail(db, accessToken, now);
  if (!row || !session) return undefined;
  const province = row.provinceId ? (await listProvinces()).find((p) => p.id === row.provinceId) : undefined;
  const city = row.provinceId && row.cityId ? (await listCities(row.provinceId))?.find((c) => c.id === row.cityId) : undefined;
  return {
    ...user,
    phone: row.phone,
    birthDate: row.birthDate,
    gender: row.gender ?? null,
    province: province ? { id: province.id, name: province.name } : null,
    city: city ? { id: city.id, name: city.name } : null,
    newsletter: row.newsletter,
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerifiedAt !== null,
    detail_auth: {
      lmsId: row.lmsId,
      signedInAt: session.signedInAt.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
      activeSessions: session.activeSessions,
    },
  };
}
