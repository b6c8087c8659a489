import { describe, expect, it } from 'vitest';
import { kindOfRole, ROLES, type Role, roleOfKind } from '~/contract/roles';

const EXPECTED: [number, Role][] = [
  [0, 'superadmin'],
  [1, 'admin'],
  [2, 'mentor'],
  [3, 'teacher'],
  [4, 'student'],
  [5, 'industry'],
  [6, 'writer'],
  [7, 'lead_program'],
  [8, 'partner'],
  [9, 'lead_region'],
];

describe('roles of SPEC §6', () => {
  it.each(EXPECTED)('kind %i is %s', (kind, role) => {
    expect(roleOfKind(kind)).toBe(role);
  });

  it('are exactly the ten roles, in kind order', () => {
    expect(ROLES).toEqual(EXPECTED.map(([, role]) => role));
  });

  it.each([
    ['-1', -1],
    ['10', 10],
    ['1.5', 1.5],
    ["the string '1'", '1'],
    ['null', null],
    ['undefined', undefined],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a boolean', true],
    ['an object', { kind: 1 }],
    ['a big integer', 1n],
    ['a role name', 'admin'],
  ])('gives no role for %s', (_what, kind) => {
    expect(roleOfKind(kind)).toBeNull();
  });

  it('kindOfRole is the inverse of roleOfKind', () => {
    for (const [kind, role] of EXPECTED) {
      expect(kindOfRole(role)).toBe(kind);
      expect(roleOfKind(kindOfRole(role))).toBe(role);
    }
  });
});
