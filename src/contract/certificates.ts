import { EMAIL_MESSAGE, miniEnvelope, z } from './mini';

/**
 * Certificates of completion: of a course (every chapter read) or of a class (the learner marked
 * passed by an admin). Anyone holding a certificate's id may see it at /Sertifikat/{id} and fetch its
 * PDF; the id is the secret (128 random bits), so it is never listed anywhere. zod/mini: the account
 * page's island imports these.
 */

/** A certificate id: 26 characters of lower-case base32 (128 random bits), easy to type off a printed CV. */
export const CERTIFICATE_ID = /^[a-z2-7]{26}$/;

/** The public verification page of a certificate. */
export const certificatePath = (id: string) => `/Sertifikat/${id}`;

/** The API path of a certificate's PDF, below the main base (`/api/`). */
export const certificatePdfCall = (id: string) => `v1/certificate/${id}.pdf`;

export const CERTIFICATE_KINDS = ['course', 'class'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

/** A certificate as its page, its PDF and the holder's list show it. */
export const CertificateSchema = z.object({
  id: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  /** The holder's name and the course's or class's title, as they were when it was issued. */
  holderName: z.string(),
  title: z.string(),
  issuedAt: z.string(),
  revokedAt: z.nullable(z.string()),
  revokedReason: z.nullable(z.string()),
  /** The issuing brand: the name of the tenant the holder is a learner of. */
  brand: z.string(),
  /** The course, while it is still published in the tenant's catalogue (its page to link to). */
  course: z.nullable(z.object({ slug: z.string(), isPremium: z.boolean() })),
  /** The class, while it is still published in the tenant's catalogue. */
  class: z.nullable(z.object({ code: z.string() })),
});
export type Certificate = z.infer<typeof CertificateSchema>;

/** POST v1/certificate/{id}/revoke: why (shown on the certificate's page). */
export const CertificateRevokeSchema = z.object({
  reason: z
    .string('Alasan wajib diisi')
    .check(z.trim(), z.minLength(3, 'Alasan minimal 3 karakter'), z.maxLength(500, 'Alasan maksimal 500 karakter')),
});
export type CertificateRevoke = z.infer<typeof CertificateRevokeSchema>;

/**
 * POST v1/class/enrolment/complete: an admin marks a learner of the tenant passed in a class of its
 * catalogue (by the learner's id or e-mail), with the final score when there is one.
 */
export const EnrolmentCompleteSchema = z
  .object({
    classCode: z.string('classCode wajib diisi').check(z.trim(), z.minLength(1, 'classCode wajib diisi'), z.maxLength(64)),
    userId: z.optional(z.string().check(z.trim(), z.uuid('userId tidak valid'))),
    email: z.optional(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email(EMAIL_MESSAGE))),
    score: z.optional(z.number().check(z.int('score harus bilangan bulat'), z.gte(0, 'score minimal 0'), z.lte(100, 'score maksimal 100'))),
  })
  .check(
    z.refine((body) => (body.userId === undefined) !== (body.email === undefined), {
      message: 'Isi salah satu: userId atau email peserta',
      path: ['userId'],
    }),
  );
export type EnrolmentComplete = z.infer<typeof EnrolmentCompleteSchema>;

/** The learner's enrolment after it was marked completed, and the class certificate it carries. */
export const EnrolmentCompletedSchema = z.object({
  enrolment: z.object({
    classCode: z.string(),
    userId: z.string(),
    status: z.literal('completed'),
    score: z.nullable(z.number()),
    completedAt: z.string(),
  }),
  certificate: CertificateSchema,
});
export type EnrolmentCompleted = z.infer<typeof EnrolmentCompletedSchema>;

export const CertificateResponseSchema = miniEnvelope(CertificateSchema);
export const CertificateListResponseSchema = miniEnvelope(z.array(CertificateSchema));
export const EnrolmentCompletedResponseSchema = miniEnvelope(EnrolmentCompletedSchema);
