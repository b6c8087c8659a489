import { and, desc, eq, isNull } from 'drizzle-orm';
import { CERTIFICATE_ID, type Certificate } from '~/contract/certificates';
import { formatDate } from '~/lib/format/dates';
import type { Db } from '../db/client';
import { certificates, classes, courses, tenants } from '../db/schema';
import { fail } from '../platform/errors';
import type { TenantRecord } from '../platform/tenants';

/**
 * Reading and revoking certificates. Every read is of one tenant's certificates (those of its
 * learners): a certificate is never shown on, nor revoked from, another tenant's site. Its course or
 * class is named for a link only while it is published in the catalogue the tenant shows.
 */

/** The tenant a read is for: its own learners' certificates, the catalogue it shows for links. */
export type CertificateTenant = Pick<TenantRecord, 'lmsId' | 'catalogueLmsId'>;

const columns = {
  id: certificates.id,
  kind: certificates.kind,
  holderName: certificates.holderName,
  title: certificates.title,
  issuedAt: certificates.issuedAt,
  revokedAt: certificates.revokedAt,
  revokedReason: certificates.revokedReason,
  brand: tenants.title,
  courseSlug: courses.slug,
  coursePremium: courses.isPremium,
  classCode: classes.code,
};

const fromCertificates = (db: Db, tenant: CertificateTenant) =>
  db
    .select(columns)
    .from(certificates)
    .innerJoin(tenants, eq(tenants.lmsId, certificates.lmsId))
    .leftJoin(courses, and(eq(courses.id, certificates.courseId), eq(courses.lmsId, tenant.catalogueLmsId), eq(courses.isPublished, true)))
    .leftJoin(classes, and(eq(classes.id, certificates.classId), eq(classes.lmsId, tenant.catalogueLmsId), eq(classes.isPublished, true)));

type Row = Awaited<ReturnType<typeof fromCertificates>>[number];

const toCertificate = (row: Row): Certificate => ({
  id: row.id,
  kind: row.kind,
  holderName: row.holderName,
  title: row.title,
  issuedAt: row.issuedAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  revokedReason: row.revokedAt ? (row.revokedReason ?? '') : null,
  brand: row.brand,
  course: row.courseSlug !== null ? { slug: row.courseSlug, isPremium: row.coursePremium ?? false } : null,
  class: row.classCode !== null ? { code: row.classCode } : null,
});

/** A certificate of one of the tenant's learners by id; undefined when there is none (or the id cannot be one). */
export async function findCertificate(db: Db, tenant: CertificateTenant, id: string): Promise<Certificate | undefined> {
  if (!CERTIFICATE_ID.test(id)) return undefined;
  const [row] = await fromCertificates(db, tenant).where(and(eq(certificates.id, id), eq(certificates.lmsId, tenant.lmsId)));
  return row && toCertificate(row);
}

/** Every certificate a learner of the tenant holds, revoked ones included, newest first. */
export async function listCertificates(db: Db, tenant: CertificateTenant, userId: string): Promise<Certificate[]> {
  const rows = await fromCertificates(db, tenant)
    .where(and(eq(certificates.lmsId, tenant.lmsId), eq(certificates.userId, userId)))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return rows.map(toCertificate);
}

/** The tenant a certificate belongs to (the PDF is answered only on that tenant's hosts); undefined when there is none. */
export async function certificateOwner(db: Db, id: string): Promise<string | undefined> {
  if (!CERTIFICATE_ID.test(id)) return undefined;
  const [row] = await db.select({ lmsId: certificates.lmsId }).from(certificates).where(eq(certificates.id, id));
  return row?.lmsId;
}

/** A revocation's date as people read it (`14 Agustus 2026`, WIB). */
export const revokedOn = (certificate: Pick<Certificate, 'revokedAt'>) =>
  certificate.revokedAt ? formatDate(certificate.revokedAt, 'WIB') : '';

/**
 * Revokes one of the tenant's certificates, with the reason its page will show. Once: a revoked
 * certificate stays revoked (409 `certificateAlreadyRevoked`, the first reason kept), and the
 * learner cannot be issued another for the same course or class.
 */
export async function revokeCertificate(db: Db, tenant: CertificateTenant, id: string, reason: string): Promise<Certificate> {
  const found = await findCertificate(db, tenant, id);
  if (!found) throw fail('certificateNotFound');
  const revoked = await db
    .update(certificates)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(certificates.id, id), eq(certificates.lmsId, tenant.lmsId), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  const now = await findCertificate(db, tenant, id);
  if (!now) throw fail('certificateNotFound');
  if (revoked.length === 0) throw fail('certificateAlreadyRevoked', { revokedOn: revokedOn(now) });
  return now;
}
