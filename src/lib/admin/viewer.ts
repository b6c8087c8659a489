import { z } from 'zod';
import { ROLES, type Role } from '~/contract/roles';

/**
 * Who the staff console (/Admin) is rendered for. The site server reads the visitor's `token` cookie,
 * looks the session up in the database, and hands the result to the render process in this header of
 * the request it renders (render-protocol.ts). A visitor's own request headers never reach a render
 * process, so the header cannot be forged from outside; the API still checks every call on its own.
 */
export const ADMIN_VIEWER_HEADER = 'x-lms-admin-viewer';

export const AdminViewerSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type AdminViewer = z.infer<typeof AdminViewerSchema>;

/** The roles that have a console at all (SPEC §6); anyone else gets the 403 page. */
export const STAFF_ROLES: readonly Role[] = ['superadmin', 'admin', 'writer', 'mentor'];

export const isStaffRole = (role: Role): boolean => STAFF_ROLES.includes(role);

export function encodeViewer(viewer: AdminViewer): string {
  return Buffer.from(JSON.stringify(viewer)).toString('base64url');
}

/** The viewer the server vouched for, or undefined (signed out, or a page rendered without one). */
export function readViewer(headers: Headers): AdminViewer | undefined {
  const value = headers.get(ADMIN_VIEWER_HEADER);
  if (!value) return undefined;
  try {
    const parsed = AdminViewerSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
