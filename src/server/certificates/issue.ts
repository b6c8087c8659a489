import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { certificates, classes, courses, users } from '../db/schema';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A new certificate id: 128 random bits as 26 characters of lower-case base32 (`CERTIFICATE_ID` of
 * contract/certificates.ts). The id is the only secret of the public page, so it comes from the
 * operating system's random source and says nothing about who holds it or when it was issued.
 */
export function newCertificateId(): string {
  let id = '';
  let value = 0;
  let bits = 0;
  for (const byte of randomBytes(16)) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      id += BASE32[(value >>> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  return bits > 0 ? id + BASE32[(value << (5 - bits)) & 31] : id;
}

/**
 * Inserts a certificate unless the learner holds one for the same course or class already (the
 * unique indexes decide, so two transactions issuing at once leave one row and no error); answers
 * the id of the one the learner holds.
 */
async function issueOnce(
  tx: Tx | Db,
  row: { lmsId: string; userId: string; holderName: string; title: string } & (
    | { kind: 'course'; courseId: number }
    | { kind: 'class'; classId: number }
  ),
): Promise<string> {
  await tx
    .insert(certificates)
    .values({ id: newCertificateId(), ...row })
    .onConflictDoNothing();
  const [held] = await tx
    .select({ id: certificates.id })
    .from(certificates)
    .where(
      and(
        eq(certificates.userId, row.userId),
        row.kind === 'course' ? eq(certificates.courseId, row.courseId) : eq(certificates.classId, row.classId),
      ),
    );
  if (!held) throw new Error(`sertifikat ${row.kind} pengguna ${row.userId} tidak tersimpan`);
  return held.id;
}

/**
 * Issues the certificate of a course a learner has completed, once: the caller (the catalogue, when a
 * chapter read completes the course) decides that every chapter was read, in the same transaction.
 * The holder's name and the course's title are copied as they are now, and the certificate belongs
 * to the tenant the learner is an account of. Answers the certificate's id; undefined when the
 * learner or the course is gone.
 */
export async function issueCourseCertificate(tx: Tx | Db, input: { userId: string; courseId: number }): Promise<string | undefined> {
  const [source] = await tx
    .select({ lmsId: users.lmsId, holderName: users.name, title: courses.title })
    .from(users)
    .innerJoin(courses, eq(courses.id, input.courseId))
    .where(eq(users.id, input.userId));
  if (!source) return undefined;
  return issueOnce(tx, { ...source, userId: input.userId, kind: 'course', courseId: input.courseId });
}

/** Issues the certificate of a class a learner was marked passed in, once (as `issueCourseCertificate`). */
export async function issueClassCertificate(tx: Tx | Db, input: { userId: string; classId: number }): Promise<string | undefined> {
  const [source] = await tx
    .select({ lmsId: users.lmsId, holderName: users.name, title: classes.name })
    .from(users)
    .innerJoin(classes, eq(classes.id, input.classId))
    .where(eq(users.id, input.userId));
  if (!source) return undefined;
  return issueOnce(tx, { ...source, userId: input.userId, kind: 'class', classId: input.classId });
}
