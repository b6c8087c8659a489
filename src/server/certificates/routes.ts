import { type Context, Hono } from 'hono';
import { CertificateRevokeSchema, certificatePath, EnrolmentCompleteSchema } from '~/contract/certificates';
import type { ApiDeps, ApiEnv } from '../context';
import { forwardedFor } from '../http/proxy';
import { rateLimit } from '../http/rate-limit';
import { ok } from '../http/respond';
import { readJson } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from '../identity';
import { fail } from '../platform/errors';
import { servesHost } from '../platform/tenants';
import { readSettings } from '../tenants';
import { certificateOwner, findCertificate, listCertificates, revokeCertificate, revokedOn } from './certificates';
import { completeEnrolment } from './class-completion';
import { certificatePdf } from './pdf';

/**
 * Certificates (mounted at `/api/v1`): the signed-in learner's own list, the public PDF (the id is
 * the secret; answered only on a host of the certificate's tenant), an admin's revocation (which
 * purges the tenant's cached pages, so the certificate's page says so at once) and an admin marking
 * a learner passed in a class (which issues the class certificate).
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
    // Another tenant's host learns nothing, not even that the id exists.
    if (!tenant || !servesHost(tenant, requestHost(c, deps.trustProxyHops))) throw fail('certificateNotFound');
    const certificate = await findCertificate(deps.db, tenant, id);
    if (!certificate) throw fail('certificateNotFound');
    if (certificate.revokedAt)
      throw fail('certificateRevoked', { revokedOn: revokedOn(certificate), reason: certificate.revokedReason ?? '' });
    const settings = await readSettings(deps.db, tenant.lmsId);
    const origin = siteOrigin(settings?.meta.url, tenant.hosts);
    const pdf = await certificatePdf(certificate, `${origin}${certificatePath(id)}`);
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
    // The certificate's page is rendered on demand and cached: drop the tenant's cached pages (no build: none is built).
    await deps.siteEvents.publish({ tenant: tenant.code, reason: 'content' }).catch((error: unknown) => {
      console.error(`[api] pencabutan sertifikat tenant ${tenant.code} tidak dapat diumumkan:`, error);
    });
    return ok(c, certificate, 'Sertifikat dicabut');
  });

  app.post('/class/enrolment/complete', ...admins, async (c) => {
    const input = await readJson(c, EnrolmentCompleteSchema);
    return ok(c, await completeEnrolment(deps.db, c.get('tenant'), input), 'Peserta dinyatakan lulus');
  });

  return app;
}

/** The host the visitor asked for: the outermost trusted proxy's X-Forwarded-Host, else Host (else the URL's, in process). */
function requestHost(c: Context, trustProxyHops: number): string {
  const forwarded = forwardedFor(c.req.header('X-Forwarded-Host'), trustProxyHops);
  return (forwarded ?? c.req.header('Host') ?? new URL(c.req.url).host).toLowerCase();
}

/** The site's public origin, as its pages name themselves (builds/site-context.ts `siteUrl`): the `meta.url` setting, else its first host. */
function siteOrigin(metaUrl: string | undefined, hosts: string[]): string {
  try {
    if (metaUrl) return new URL(metaUrl).origin;
  } catch {
    // An unreadable setting: the first host below.
  }
  return `https://${hosts[0] ?? 'localhost'}`;
}
