/** Roles of SPEC §6, indexed by the numeric user kind. */
export const ROLES = [
  'superadmin',
  'admin',
  'mentor',
  'teacher',
  'student',
  'industry',
  'writer',
  'lead_program',
  'partner',
  'lead_region',
] as const;
export type Role = (typeof ROLES)[number];

/** The role of a numeric user kind (0 superadmin … 9 lead_region); any other value gives null (SPEC §6). */
export function roleOfKind(kind: unknown): Role | null {
  return typeof kind === 'number' && Number.isInteger(kind) && kind >= 0 && kind < ROLES.length ? (ROLES[kind] ?? null) : null;
}

/** The numeric kind of a role, the inverse of `roleOfKind`. */
export function kindOfRole(role: Role): number {
  return ROLES.indexOf(role);
}
