import { describe, expect, it } from 'vitest';
import { TokenGenerateResponseSchema, TokenValidationResponseSchema, VersionResponseSchema } from '~/contract/authorizer';
import { AppIdResponseSchema } from '~/contract/settings';
import { AppIdAnswer, TokenPairAnswer, TokenValidationAnswer, VersionAnswer, type WireCheck } from '~/contract/wire-checks';

/**
 * The zod-free checks of the page script must answer exactly as the contract's zod schemas do: a body
 * one accepts and the other refuses means the page script and the server disagree about the contract.
 */

type Schema = { safeParse(input: unknown): { success: boolean; data?: unknown } };
type Fixture = [name: string, body: unknown];

const envelope = (data: unknown, extra: Record<string, unknown> = {}) => ({ statusCode: 200, message: 'OK', data, ...extra });
const without = (record: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));

/** Bodies every check meets: broken envelopes and non-objects, around one valid `data`. */
function envelopeFixtures(valid: Record<string, unknown>): Fixture[] {
  return [
    ['a valid body', envelope(valid)],
    ['a valid body with extra fields in data and envelope', envelope({ ...valid, extra: 'x', nested: { a: 1 } }, { traceId: 'abc' })],
    ['statusCode 201', envelope(valid, { statusCode: 201 })],
    ['statusCode 0', envelope(valid, { statusCode: 0 })],
    ['statusCode negative', envelope(valid, { statusCode: -1 })],
    ['statusCode as text', envelope(valid, { statusCode: '200' })],
    ['statusCode a fraction', envelope(valid, { statusCode: 200.5 })],
    ['statusCode beyond safe integers', envelope(valid, { statusCode: 2 ** 53 })],
    ['statusCode missing', without(envelope(valid), 'statusCode')],
    ['statusCode null', envelope(valid, { statusCode: null })],
    ['message missing', without(envelope(valid), 'message')],
    ['message a number', envelope(valid, { message: 1 })],
    ['message empty', envelope(valid, { message: '' })],
    ['data missing', without(envelope(valid), 'data')],
    ['data null', envelope(null)],
    ['data an array', envelope([valid])],
    ['data a string', envelope(JSON.stringify(valid))],
    ['data empty', envelope({})],
    ['the bare data without envelope', valid],
    ['null', null],
    ['undefined', undefined],
    ['a string', 'OK'],
    ['a number', 200],
    ['true', true],
    ['an empty array', []],
    ['an empty object', {}],
    ['an error body', { statusCode: 401, message: 'AppToken tidak valid atau sudah kedaluwarsa' }],
  ];
}

/** Field values that replace one field of a valid `data`. */
function fieldFixtures(valid: Record<string, unknown>, field: string, values: [string, unknown][]): Fixture[] {
  return [
    [`${field} missing`, envelope(without(valid, field))],
    ...values.map(([name, value]): Fixture => [`${field} ${name}`, envelope({ ...valid, [field]: value })]),
  ];
}

const TYPE_NOISE: [string, unknown][] = [
  ['null', null],
  ['a number', 1],
  ['a boolean', true],
  ['an array', ['x']],
  ['an object', { value: 'x' }],
];

const DATETIMES: [string, unknown][] = [
  ['with milliseconds', '2030-01-01T00:00:00.000Z'],
  ['without fraction', '2030-01-01T00:00:00Z'],
  ['with nine fraction digits', '2030-01-01T00:00:00.123456789Z'],
  ['with an offset', '2030-01-01T07:00:00+07:00'],
  ['without zone', '2030-01-01T00:00:00'],
  ['without seconds', '2030-01-01T00:00Z'],
  ['a date only', '2030-01-01'],
  ['with a space for T', '2030-01-01 00:00:00Z'],
  ['in lower case', '2030-01-01t00:00:00z'],
  ['month 13', '2030-13-01T00:00:00Z'],
  ['30 February', '2030-02-30T00:00:00Z'],
  ['29 February of a leap year', '2028-02-29T00:00:00Z'],
  ['hour 25', '2030-01-01T25:00:00Z'],
  ['minute 60', '2030-01-01T00:60:00Z'],
  ['empty', ''],
  ['a millisecond number', 1_893_456_000_000],
  ['words', 'besok'],
];

const PAIR = { token: 't'.repeat(43), code: 'DEMO', expiresAt: '2030-01-01T00:00:00.000Z' };
const VALIDATION = {
  valid: true,
  lmsId: '001ebf66-3734-4f3d-99ed-b5c512ff9bee',
  code: 'DEMO',
  scopes: ['read'],
  expiresAt: '2030-01-01T00:00:00.000Z',
};
const APP_ID = { lmsId: '001ebf66-3734-4f3d-99ed-b5c512ff9bee', code: 'DEMO', title: 'Demo Sekolah' };
const APP_CODES: [string, unknown][] = [
  ['with digits, dash and underscore', 'SMA_1-BDG'],
  ['empty', ''],
  ['in lower case', 'demo'],
  ['of one character', 'D'],
  ['with a symbol', 'DEMO!'],
  ['of 33 characters', 'A'.repeat(33)],
  ...TYPE_NOISE,
];

const CASES: [string, WireCheck<unknown>, Schema, Fixture[]][] = [
  [
    'VersionAnswer ≡ VersionResponseSchema',
    VersionAnswer,
    VersionResponseSchema,
    [
      ...envelopeFixtures({ version: '2' }),
      ...fieldFixtures({ version: '2' }, 'version', [
        ['empty', ''],
        ['a space', ' '],
        ['a long text', '2026.11.23-rc.1+build.42'],
        ...TYPE_NOISE,
      ]),
    ],
  ],
  [
    'TokenPairAnswer ≡ TokenGenerateResponseSchema',
    TokenPairAnswer,
    TokenGenerateResponseSchema,
    [
      ...envelopeFixtures(PAIR),
      ...fieldFixtures(PAIR, 'token', [['empty', ''], ...TYPE_NOISE]),
      ...fieldFixtures(PAIR, 'code', APP_CODES),
      ...fieldFixtures(PAIR, 'expiresAt', [...DATETIMES, ...TYPE_NOISE]),
    ],
  ],
  [
    'TokenValidationAnswer ≡ TokenValidationResponseSchema',
    TokenValidationAnswer,
    TokenValidationResponseSchema,
    [
      ...envelopeFixtures(VALIDATION),
      ...fieldFixtures(VALIDATION, 'valid', [
        ['false', false],
        ['as text', 'true'],
        ['1', 1],
      ]),
      ...fieldFixtures(VALIDATION, 'lmsId', [['empty', ''], ...TYPE_NOISE]),
      ...fieldFixtures(VALIDATION, 'code', APP_CODES),
      ...fieldFixtures(VALIDATION, 'scopes', [
        ['empty', []],
        ['read and write', ['read', 'write']],
        ['an unknown scope', ['admin']],
        ['a scope in upper case', ['READ']],
        ['a number inside', ['read', 1]],
        ['a bare string', 'read'],
        ['null', null],
      ]),
      ...fieldFixtures(VALIDATION, 'expiresAt', DATETIMES),
    ],
  ],
  [
    'AppIdAnswer ≡ AppIdResponseSchema',
    AppIdAnswer,
    AppIdResponseSchema,
    [
      ...envelopeFixtures(APP_ID),
      ...(['lmsId', 'code', 'title'] as const).flatMap((field) => fieldFixtures(APP_ID, field, [['empty', ''], ...TYPE_NOISE])),
    ],
  ],
];

describe.each(CASES)('%s', (_name, check, schema, fixtures) => {
  it.each(fixtures)('agrees on %s', (_fixture, body) => {
    const expected = schema.safeParse(body);
    const actual = check.safeParse(body);
    expect(actual.success).toBe(expected.success);
    if (actual.success && expected.success) expect(actual.data).toEqual(expected.data);
    // A refusal names what is wrong, as zod's does.
    if (!actual.success) expect(actual.error.issues.length).toBeGreaterThan(0);
  });

  it('accepts its valid body (the fixtures are not all refusals)', () => {
    const [, valid] = fixtures[0] as Fixture;
    expect(check.safeParse(valid).success).toBe(true);
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it('hands back only the contract’s fields, never what else the body carried', () => {
    const [, body] = fixtures[1] as Fixture;
    const parsed = check.safeParse(body);
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(Object.keys(parsed.data as object).sort()).toEqual(['data', 'message', 'statusCode']);
    expect((parsed.data as { data: object }).data).not.toHaveProperty('extra');
  });
});
