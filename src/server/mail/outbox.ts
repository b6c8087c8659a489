import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { readCopyKey } from '../tenants';

export { enqueueMail, type MailMessage } from '../platform/outbox';

/** Most admin or superadmin addresses one notification goes to. */
const MAX_STAFF_RECIPIENTS = 10;

/**
 * Where the tenant's form notifications go: the contact e-mail of its site copy (`site.contact.email`,
 * the address its footer shows), else its admins' e-mails, else its superadmins'. Empty only for a
 * tenant with none of them. Never another tenant's people: leads stay with their brand.
 */
export async function staffRecipients(db: Db | Tx, lmsId: string): Promise<string[]> {
  const site = (await readCopyKey(db, lmsId, 'site')) as { contact?: { email?: unknown } } | undefined;
  const contact = site?.contact?.email;
  if (typeof contact === 'string' && /^[^\s@<>",]+@[^\s@<>",]+$/.test(contact.trim())) return [contact.trim()];
  for (const kind of [1, 0]) {
    const rows = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.lmsId, lmsId), eq(users.kind, kind)))
      .orderBy(asc(users.createdAt), asc(users.email))
      .limit(MAX_STAFF_RECIPIENTS);
    if (rows.length) return rows.map((row) => row.email);
  }
  return [];
}
