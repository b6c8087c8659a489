import { Hono } from 'hono';
import { InboxQuerySchema, type NOTIFY_KINDS, type NotifyRequest, NotifyRequestSchema, OutboxQuerySchema } from '~/contract/mailer';
import type { ApiDeps, ApiEnv } from '../context';
import { enforceLimit, rateLimit } from '../http/rate-limit';
import { created, ok, page } from '../http/respond';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireRole, requireUser } from '../identity';
import { fail } from '../platform/errors';
import type { TenantRecord } from '../platform/tenants';
import { findCaughtMail, listInbox, listOutbox, retryOutbox } from './mailbox';
import { enqueueMail, staffRecipients } from './outbox';

/** Messages per client address: a visitor sends a few; a script is cut off early. */
const NOTIFY_PER_ADDRESS = { name: 'notify-address', limit: 5, windowMs: 10 * 60_000 };
/** Messages naming one visitor e-mail, whatever the address they come from. */
const NOTIFY_PER_EMAIL = { name: 'notify-email', limit: 5, windowMs: 60 * 60_000 };
/** Messages into one tenant's staff mailbox: many addresses together cannot flood it. */
const NOTIFY_PER_TENANT = { name: 'notify-tenant', limit: 200, windowMs: 60 * 60_000 };

const KIND_LABELS: Record<(typeof NOTIFY_KINDS)[number], string> = {
  'request-demo': 'Permintaan demo',
  appointment: 'Permintaan janji temu',
  contact: 'Pesan kontak',
};

/**
 * The mailer service (SPEC §7, mounted at `/api/mailer`): `v1/notify` for a site's e-mail requests,
 * and for the tenant's admins the outbox (`v1/outbox`, `v1/outbox/{id}/retry`) and the embedded
 * catcher's inbox (`v1/inbox`, `v1/inbox/{id}`).
 */
export function mailerRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const admins = [requireAppToken(deps), requireUser(deps), requireRole('admin', 'superadmin')] as const;

  app.post('/v1/notify', rateLimit(deps, NOTIFY_PER_ADDRESS), requireAppToken(deps), async (c) => {
    const tenant = c.get('tenant');
    const request = await readJson(c, NotifyRequestSchema);
    await enforceLimit(deps, NOTIFY_PER_EMAIL, `${tenant.lmsId}:${request.email}`);
    await enforceLimit(deps, NOTIFY_PER_TENANT, tenant.lmsId);
    const to = await staffRecipients(deps.db, tenant.lmsId);
    if (!to.length) throw fail('staffAddressMissing');
    const queued = await enqueueMail(deps.db, tenant.lmsId, { kind: request.kind, to, ...notifyMail(tenant, request) });
    deps.mail?.kick();
    return created(c, { id: queued.id }, 'Pesan terkirim');
  });

  app.get('/v1/outbox', ...admins, async (c) => {
    const query = readQuery(c, OutboxQuerySchema);
    return page(c, await listOutbox(deps.db, c.get('user').lmsId, query));
  });

  app.post('/v1/outbox/:id/retry', ...admins, async (c) => {
    const item = await retryOutbox(deps.db, c.get('user').lmsId, idOf(c.req.param('id')));
    deps.mail?.kick();
    return ok(c, item, 'Surat dijadwalkan ulang');
  });

  app.get('/v1/inbox', ...admins, async (c) => {
    const query = readQuery(c, InboxQuerySchema);
    return page(c, await listInbox(deps.db, c.get('user').lmsId, query.page));
  });

  app.get('/v1/inbox/:id', ...admins, async (c) => {
    const id = idOf(c.req.param('id'));
    const mail = await findCaughtMail(deps.db, c.get('user').lmsId, id);
    if (!mail) throw fail('mailNotFound', { id });
    return ok(c, mail);
  });

  return app;
}

function idOf(param: string): number {
  if (!/^[1-9]\d{0,14}$/.test(param)) throw fail('invalid', { fields: [{ field: 'id', message: 'harus bilangan bulat lebih dari 0' }] });
  return Number(param);
}

/** The staff's copy of a visitor's message: who wrote, how to answer (Reply-To), and what they wrote. */
function notifyMail(tenant: TenantRecord, request: NotifyRequest) {
  const label = KIND_LABELS[request.kind];
  const who = request.name ? `${request.name} <${request.email}>` : request.email;
  const lines = [
    `${label} dari situs ${tenant.title}.`,
    '',
    `Nama: ${request.name ?? '-'}`,
    `Email: ${request.email}`,
    ...(request.phone ? [`Telepon: ${request.phone}`] : []),
    ...(request.subject ? [`Subjek: ${request.subject}`] : []),
    '',
    request.message,
    '',
    '—',
    'Balas email ini untuk menjawab pengirim langsung.',
  ];
  return {
    subject: `[${label}] ${request.subject || who}`,
    text: lines.join('\n'),
    // The bare address, never a display name the visitor typed: a name cannot smuggle in another recipient.
    replyTo: request.email,
  };
}
