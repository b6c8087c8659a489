import { describe, expect, it } from 'vitest';
import { ROLES, roleOfKind } from '~/contract/roles';
import { ROLE_LABELS, roleLabel } from '~/lib/auth/role-labels';

describe('roleLabel', () => {
  it('names every numeric user kind 0–9 in Indonesian', () => {
    const byKind = Array.from({ length: 10 }, (_, kind) => roleLabel(roleOfKind(kind)));
    expect(byKind).toEqual([
      'Super Admin',
      'Admin',
      'Mentor',
      'Guru',
      'Siswa',
      'Mitra Industri',
      'Penulis',
      'Lead Program',
      'Partner',
      'Lead Regional',
    ]);
  });

  it('has a label for each role and no other', () => {
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLES].sort());
  });

  it('says an account has no role when the kind is unknown', () => {
    expect(roleLabel(roleOfKind(10))).toBe('Tanpa peran');
    expect(roleLabel(null)).toBe('Tanpa peran');
  });
});
