import type { AppScope, TokenPair, TokenValidation } from './authorizer';

/**
 * Checks of the few answers the script of every page reads (the app start of SPEC §4), without the
 * schema library: zod would be most of that script's size budget (src/islands/README.md). Each
 * mirrors a schema of `authorizer.ts` or `settings.ts` field for field, and
 * tests/unit/contract/wire-checks.test.ts holds both to the same answers.
 */

type Issue = { path: PropertyKey[]; message: string };
/** What `ApiClient.call` checks an answer with: zod's `safeParse` shape. */
export interface WireCheck<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

type FieldKind = 'string' | 'non-empty' | 'app-code' | 'true' | 'scopes' | 'datetime';
const FIELD_TESTS: Record<FieldKind, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  'non-empty': (value) => typeof value === 'string' && value.length > 0,
  true: (value) => value === true,
  // AppCodeSchema of common.ts.
  'app-code': (value) => typeof value === 'string' && /^[A-Z0-9_-]{2,32}$/.test(value),
  scopes: (value) => Array.isArray(value) && value.every((item) => item === 'read' || item === 'write'),
  // zod's iso datetime also refuses days, hours and minutes that do not exist: a real time survives a round trip.
  datetime: (value) =>
    typeof value === 'string' &&
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value) &&
    !Number.isNaN(Date.parse(value)) &&
    new Date(value).toISOString().slice(0, 19) === value.slice(0, 19),
};
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The success envelope `{statusCode, message, data}` whose `data` has the given fields (others are dropped). */
function envelopeCheck<T>(fields: Record<keyof T & string, FieldKind>): WireCheck<{ statusCode: number; message: string; data: T }> {
  return {
    safeParse(input) {
      const issues: Issue[] = [];
      const body = isRecord(input) ? input : {};
      if (!Number.isSafeInteger(body.statusCode)) issues.push({ path: ['statusCode'], message: 'harus bilangan bulat' });
      if (typeof body.message !== 'string') issues.push({ path: ['message'], message: 'harus teks' });
      const data = isRecord(body.data) ? body.data : undefined;
      if (!data) issues.push({ path: ['data'], message: 'harus objek' });
      const picked: Record<string, unknown> = {};
      for (const [name, kind] of Object.entries(fields) as [string, FieldKind][]) {
        if (data && FIELD_TESTS[kind](data[name])) picked[name] = data[name];
        else if (data) issues.push({ path: ['data', name], message: `tidak sesuai (${kind})` });
      }
      if (issues.length) return { success: false, error: { issues } };
      return { success: true, data: { statusCode: body.statusCode as number, message: body.message as string, data: picked as T } };
    },
  };
}

/** GET v1/authorizer/version (`VersionResponseSchema`). */
export const VersionAnswer = envelopeCheck<{ version: string }>({ version: 'non-empty' });

/** POST v1/authorizer/token/generate (`TokenGenerateResponseSchema`). */
export const TokenPairAnswer = envelopeCheck<TokenPair>({ token: 'non-empty', code: 'app-code', expiresAt: 'datetime' });

/** GET v1/authorizer/validate (`TokenValidationResponseSchema`). */
export const TokenValidationAnswer = envelopeCheck<Omit<TokenValidation, 'scopes'> & { scopes: AppScope[] }>({
  valid: 'true',
  lmsId: 'string',
  code: 'app-code',
  scopes: 'scopes',
  expiresAt: 'datetime',
});

/** GET {code}/cms/app/id (`AppIdResponseSchema`). */
export const AppIdAnswer = envelopeCheck<{ lmsId: string; code: string; title: string }>({
  lmsId: 'string',
  code: 'string',
  title: 'string',
});
