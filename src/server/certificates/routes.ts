import { Hono } from 'hono';
import { CertificateRevokeSchema, certificatePath, EnrolmentCompleteSchema } from '~/contract/certificates';
import type { ApiDeps, ApiEnv } from '../context';
import { requestHost } from '../http/proxy';
import { rateLimit } from '../http/rate-limit';
import { ok } from '../http/respond';
import { publicSiteUrl } from '../http/site-origin';
import { readJson } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from '../identity';
import { recordAudit } from '../platform/audit';
import { fail } from '../platform/errors';
import { readSettings } from '../tenants';
import { certificateOwner, findCertificate, listCertificates, revokeCertificate, revokedOn } from './certificates';
import { completeEnrolment } from './class-completion';
import { certificatePdf } from './pdf';

/**
 * Certificates (mounted at `/api/v1`): the signed-in learner's own list, the public PDF (the id is
 * the secret; refused on another tenant's host), an admin's revocation (the certificate's page,
 * rendered for every request, says so at once) and an admin marking a learner passed in a class
 * (which issues the class certificate).
 */
export function certificatesRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);
  const user = requireUser(deps);
  const admins = [token, user, requireRole('admin', 'superadmin')] as const;

  app.get('/certificate/mine', token, user, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return ok(c, await listCertificates(deps.db, c.get('tenant'), c.get('user').id));
  });

  // Drawing a PDF costs more than a page read: a budget per address, well above what a person downloads.
  const pdfLimit = rateLimit(deps, { name: 'certificate-pdf', limit: 30, windowMs: 60_000 });
  app.get('/certificate/:file{[a-z2-7]{26}\\.pdf}', pdfLimit, async (c) => {
    const id = c.req.param('file').slice(0, -'.pdf'.length);
    const lmsId = await certificateOwner(deps.db, id);
    const tenant = lmsId ? await deps.tenants.byLmsId(lmsId) : undefined;
    // Another tenant's host learns nothing, not even that the id exists. The tenant's own hosts and
    // hosts no tenant serves (the API's own, PUBLIC_API_BASE) are answered.
    const host = requestHost(c.req.header('X-Forwarded-Host'), c.req.header('Host') ?? new URL(c.req.url).host, deps.trustProxyHops);
    const hostTenant = host ? await deps.tenants.byHost(host) : undefined;
    if (!tenant || (hostTenant && hostTenant.lmsId !== tenant.lmsId)) throw fail('certificateNotFound');
    const certificate = await findCertificate(deps.db, tenant, id);
    if (!certificate) throw fail('certificateNotFound');
    if (certificate.revokedAt)
      throw fail('certificateRevoked', { revokedOn: revokedOn(certificate), reason: certificate.revokedReason ?? '' });
    const settings = await readSettings(deps.db, tenant.lmsId);
    const pdf = await certificatePdf(certificate, `${publicSiteUrl(tenant, settings?.meta.url)}${certificatePath(id)}`);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="sertifikat-${id}.pdf"`,
      'X-Robots-Tag': 'noindex',
    });
  });

  app.post('/certificate/:id/revoke', ...admins, async (c) => {
    const { reason } = await readJson(c, CertificateRevokeSchema);
    const tenant = c.get('tenant');
    const certificate = await revokeCertificate(deps.db, tenant, c.req.param('id'), reason);
    await recordAudit(deps.db, {
      lmsId: tenant.lmsId,
      actor: c.get('user'),
      action: 'certificate.revoke',
      target: `certificate:${certificate.id}`,
      before: { revokedAt: null },
      after: { revokedAt: certificate.revokedAt, reason },
    });
    // The certificate's page is never cached (lib/content/routes.ts `rendersUncached`): it says so on
    // the next request whatever happens here. The event still drops the tenant's cached pages and
    // reads on every server (no build: none is built); failing to announce it does not undo the revocation.
    await deps.siteEvents.publish({ tenant: tenant.code, reason: 'content' }).catch((error: unknown) => {
      console.error(`[api] pencabutan sertifikat tenant ${tenant.code} tidak dapat diumumkan:`, error);
    });
    return ok(c, certificate, 'Sertifikat dicabut');
  });

  app.post('/class/enrolment/complete', ...admins, async (c) => {
    const input = await readJson(c, EnrolmentCompleteSchema);
    const completed = await completeEnrolment(deps.db, c.get('tenant'), input);
    const { enrolment } = completed;
    await recordAudit(deps.db, {
      lmsId: c.get('tenant').lmsId,
      actor: c.get('user'),
      action: 'class.complete',
      target: `enrolment:${enrolment.classCode}:${enrolment.userId}`,
      after: { status: enrolment.status, score: enrolment.score, certificate: completed.certificate.id },
    });
    return ok(c, completed, 'Peserta dinyatakan lulus');
  });

  return app;
}
