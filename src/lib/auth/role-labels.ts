import type { Role } from '~/contract/roles';

/** Each role of SPEC §6 as the account page names it to Indonesian visitors. */
export const ROLE_LABELS: Record<Role, string> = {
  superadmin: 'Super Admin',
  admin: 'Admin',
  mentor: 'Mentor',
  teacher: 'Guru',
  student: 'Siswa',
  industry: 'Mitra Industri',
  writer: 'Penulis',
  lead_program: 'Lead Program',
  partner: 'Partner',
  lead_region: 'Lead Regional',
};

/** The label of a role; an account without a known role (kind outside 0–9) reads 'Tanpa peran'. */
export function roleLabel(role: Role | null | undefined): string {
  return role ? ROLE_LABELS[role] : 'Tanpa peran';
}
