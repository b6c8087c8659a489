import { and, eq, sql } from 'drizzle-orm';
import type { EnrolmentComplete, EnrolmentCompleted } from '~/contract/certificates';
import type { Db } from '../db/client';
import { classes, enrolments, users } from '../db/schema';
import { failOn } from '../platform/errors';
import { type CertificateTenant, findCertificate } from './certificates';
import { issueClassCertificate } from './issue';

/**
 * Marks a learner passed in a class and issues the class certificate, in one transaction: the
 * enrolment becomes `completed` (its completion time kept from the first time, the score replaced
 * when one is given) and the learner holds exactly one certificate of the class, however often this
 * is repeated. The learner is an account of the tenant; the class is one of the catalogue the tenant
 * shows (its own, or the one it shares by setting), so a sharing tenant's admins pass their own
 * learners. A cancelled enrolment (refunded) is never passed.
 */
export async function completeEnrolment(db: Db, tenant: CertificateTenant, input: EnrolmentComplete): Promise<EnrolmentCompleted> {
  const [found] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.lmsId, tenant.catalogueLmsId), eq(classes.code, input.classCode)));
  if (!found) throw failOn('classCode', 'classCodeNotFound', { code: input.classCode });
  const [learner] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.lmsId, tenant.lmsId), input.userId !== undefined ? eq(users.id, input.userId) : eq(users.email, input.email ?? '')),
    );
  if (!learner) throw failOn(input.userId !== undefined ? 'userId' : 'email', 'learnerNotFound');

  const certificateId = await db.transaction(async (tx) => {
    const [enrolment] = await tx
      .select({ id: enrolments.id, status: enrolments.status })
      .from(enrolments)
      .where(and(eq(enrolments.classId, found.id), eq(enrolments.userId, learner.id)))
      .for('update');
    if (!enrolment) throw failOn('classCode', 'enrolmentNotFound', { code: input.classCode });
    if (enrolment.status === 'cancelled') throw failOn('classCode', 'enrolmentCancelled', { code: input.classCode });
    await tx
      .update(enrolments)
      .set({
        status: 'completed',
        completedAt: sql`coalesce(${enrolments.completedAt}, now())`,
        ...(input.score !== undefined ? { score: input.score } : {}),
      })
      .where(eq(enrolments.id, enrolment.id));
    return issueClassCertificate(tx, { userId: learner.id, classId: found.id });
  });

  const [[enrolment], certificate] = await Promise.all([
    db
      .select({ score: enrolments.score, completedAt: enrolments.completedAt })
      .from(enrolments)
      .where(and(eq(enrolments.classId, found.id), eq(enrolments.userId, learner.id))),
    certificateId ? findCertificate(db, tenant, certificateId) : undefined,
  ]);
  if (!enrolment?.completedAt || !certificate) throw new Error(`kelulusan ${input.classCode} tidak tersimpan`);
  return {
    enrolment: {
      classCode: input.classCode,
      userId: learner.id,
      status: 'completed',
      score: enrolment.score,
      completedAt: enrolment.completedAt.toISOString(),
    },
    certificate,
  };
}
