import { phoneDigits, type RegisterRequest } from '~/contract/auth';
import { kindOfRole } from '~/contract/roles';
import type { Db, Tx } from '../db/client';
import { sqlState, UNIQUE_VIOLATION } from '../db/errors';
import { users } from '../db/schema';
import { checkArea } from '../platform/areas';
import { ERRORS, fail } from '../platform/errors';
import type { TenantRecord } from '../platform/tenants';
import { queueVerification } from './email-verification';

/** Every sign-up's verification mail (also the coder sign-up of `forms/`): `queueVerification(tx, user, site)`. */
export { queueVerification };

import { hashPassword } from './passwords';
import { type OpenedSession, openSession } from './sessions';

/** The answer to a sign-up with an e-mail the tenant already has (also when a parallel sign-up took it first). */
export const EMAIL_TAKEN = ERRORS.emailTaken.message;

/** A phone number as stored: digits only, `+62…` written as `0…`, so one number has one form. */
export function normalisePhone(phone: string): string {
  const digits = phoneDigits(phone);
  return digits.startsWith('+62') ? `0${digits.slice(3)}` : digits;
}

/**
 * Inserts a learner's account: the role is always student, nothing the visitor sends can choose it.
 * The unique (tenant, e-mail) index decides between parallel sign-ups with one e-mail: the loser
 * gets the same 409 as a later one. `passwordHash` is made before, outside any transaction (scrypt
 * is slow, and PGlite runs one transaction at a time).
 */
export async function insertLearner(db: Db | Tx, lmsId: string, form: RegisterRequest, passwordHash: string, now = new Date()) {
  const rows = await db
    .insert(users)
    .values({
      lmsId,
      email: form.email,
      name: form.name,
      kind: kindOfRole('student'),
      passwordHash,
      phone: normalisePhone(form.phone),
      birthDate: form.birthDate,
      gender: form.gender,
      provinceId: form.provinceId,
      cityId: form.cityId,
      newsletter: form.newsletter,
      termsAcceptedAt: now,
    })
    .returning()
    .catch((error: unknown) => {
      if (sqlState(error) === UNIQUE_VIOLATION) throw fail('emailTaken', { fields: [{ field: 'email', message: EMAIL_TAKEN }] });
      throw error;
    });
  const row = rows[0];
  if (!row) throw new Error('sign-up inserted no row');
  return row;
}

/**
 * Creates a learner's account on one tenant (/Register) and signs it in, and in the same transaction
 * queues the mail with its verification link (24 hours, to `origin`/Verifikasi-Email); the caller
 * wakes the mail worker after. The city must lie in the province (the schema checks the code
 * prefix; this checks both exist).
 */
export async function signUp(
  db: Db,
  tenant: Pick<TenantRecord, 'lmsId' | 'title'>,
  form: RegisterRequest,
  origin: string,
  now = new Date(),
): Promise<OpenedSession> {
  await checkArea(form.provinceId, form.cityId);
  const passwordHash = await hashPassword(form.password);
  return db.transaction(async (tx) => {
    const row = await insertLearner(tx, tenant.lmsId, form, passwordHash, now);
    await queueVerification(tx, row, { title: tenant.title, origin }, now);
    return openSession(tx, row, now);
  });
}
