import {
  type Certificate,
  CertificateListResponseSchema,
  CertificateResponseSchema,
  type CertificateRevoke,
  certificatePdfCall,
  type EnrolmentComplete,
  type EnrolmentCompleted,
  EnrolmentCompletedResponseSchema,
} from '~/contract/certificates';
import type { ApiClient, RequestOptions } from './client';
import { type DownloadedFile, downloadFile } from './download';

/** GET v1/certificate/mine: the signed-in learner's certificates, revoked ones included, newest first. */
export async function listMyCertificates(client: ApiClient, options?: RequestOptions): Promise<Certificate[]> {
  return (await client.call('main', 'v1/certificate/mine', CertificateListResponseSchema, options)).data;
}

/**
 * GET v1/certificate/{id}.pdf: the certificate as a PDF file, named `sertifikat-{id}.pdf`. A revoked
 * certificate's is refused (410, the message says when and why), as is one of another site (404);
 * both throw `ApiRequestError`.
 */
export function downloadCertificatePdf(client: ApiClient, id: string, options?: RequestOptions): Promise<DownloadedFile> {
  return downloadFile(client, certificatePdfCall(id), `sertifikat-${id}.pdf`, {
    ...options,
    headers: { Accept: 'application/pdf, application/json;q=0.5' },
  });
}

/** POST v1/certificate/{id}/revoke (admins of the certificate's tenant): revokes it with the reason its page shows. */
export async function revokeCertificate(
  client: ApiClient,
  id: string,
  body: CertificateRevoke,
  options?: RequestOptions,
): Promise<Certificate> {
  return (await client.call('main', `v1/certificate/${id}/revoke`, CertificateResponseSchema, { ...options, method: 'POST', body })).data;
}

/** POST v1/class/enrolment/complete (admins): marks a learner passed in a class, which issues the class certificate. */
export async function completeEnrolment(client: ApiClient, body: EnrolmentComplete, options?: RequestOptions): Promise<EnrolmentCompleted> {
  return (await client.call('main', 'v1/class/enrolment/complete', EnrolmentCompletedResponseSchema, { ...options, method: 'POST', body }))
    .data;
}
