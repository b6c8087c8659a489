import { negativeLimit, PostgrestError } from './errors';

/**
 * The request and response headers of PostgREST that this API speaks: `Prefer` (and the
 * `Preference-Applied` answer), `Accept` (array or single object), `Range`/`Range-Unit` with
 * `limit`/`offset`, and `Content-Range` with the status it implies (its `RangeQuery.hs`).
 */

/** The rows one answer holds at most, as Supabase's `max_rows` (1000): `Content-Range` tells a client there are more. */
export const MAX_ROWS = 1000;

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  missing?: 'default' | 'null';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  handling?: 'strict' | 'lenient';
}

const KNOWN: Record<keyof Preferences, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  missing: ['default', 'null'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  handling: ['strict', 'lenient'],
};
// Understood and without effect here: one statement per request, no time zones in the output.
const IGNORED = new Set(['tx', 'timezone', 'max-affected', 'params']);

/**
 * The `Prefer` header (several headers arrive joined by commas). Unknown preferences are ignored,
 * as PostgREST does, unless `handling=strict`: then 400 PGRST122.
 */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {};
  const invalid: string[] = [];
  for (const raw of (header ?? '').split(',')) {
    const token = raw.trim();
    if (!token) continue;
    const [name = '', value = ''] = token.split('=').map((part) => part.trim());
    if (name in KNOWN && KNOWN[name as keyof Preferences].includes(value)) Object.assign(prefs, { [name]: value });
    else if (!IGNORED.has(name)) invalid.push(token);
  }
  if (prefs.handling === 'strict' && invalid.length)
    throw new PostgrestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  return prefs;
}

/** `Preference-Applied`: the preferences the request made and the answer honours, in PostgREST's order. */
export function preferenceApplied(prefs: Preferences, honoured: (keyof Preferences)[]): string | undefined {
  const order: (keyof Preferences)[] = ['resolution', 'missing', 'return', 'count', 'handling'];
  const applied = order.filter((name) => prefs[name] && honoured.includes(name)).map((name) => `${name}=${prefs[name]}`);
  return applied.length ? applied.join(', ') : undefined;
}

export const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';
const ARRAY_MEDIA = ['application/json', 'application/vnd.pgrst.array+json', 'application/*', '*/*'];

/**
 * Whether the client asked for one object (`single()`: `application/vnd.pgrst.object+json`) or an
 * array; media ranges by their `q`, parameters such as `nulls=stripped` aside (no public column is
 * ever null). Nothing acceptable: 406 PGRST107.
 */
export function wantsObject(accept: string | undefined): boolean {
  if (!accept?.trim()) return false;
  const ranges = accept
    .split(',')
    .map((part, index) => {
      const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
      const q = Number(params.find((param) => param.startsWith('q='))?.slice(2) ?? 1);
      return { type, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { type } of ranges) {
    if (type === OBJECT_MEDIA || type === 'application/vnd.pgrst.object') return true;
    if (ARRAY_MEDIA.includes(type)) return false;
  }
  throw new PostgrestError(406, 'PGRST107', `None of these media types are available: ${ranges.map((range) => range.type).join(', ')}`);
}

/** The rows a read returns: from `lower` to `upper`, both included (`upper < lower`: none). */
export interface RowRange {
  lower: number;
  upper: number;
}

/** `Range: 0-9` (items; no end: `0-`); anything that does not parse is no range, as PostgREST treats it. */
function headerRange(header: string | undefined): { lower: number; upper: number | undefined } {
  const match = /^\s*(\d{1,15})-(\d{0,15})\s*$/.exec(header ?? '');
  if (!match) return { lower: 0, upper: undefined };
  const lower = Number(match[1]);
  const upper = match[2] ? Number(match[2]) : undefined;
  if (upper !== undefined && upper < lower)
    throw new PostgrestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    );
  return { lower, upper };
}

/**
 * The range a read returns: the `Range` header's, narrowed by `offset`/`limit` (PostgREST intersects
 * them; when they do not overlap, 416 PGRST103), and never more than `MAX_ROWS` rows. `limit=0` is
 * the one empty range asked for (`upper < lower`: no rows).
 */
export function requestedRange(header: string | undefined, limit: number | undefined, offset: number | undefined): RowRange {
  if (limit === 0) return { lower: offset ?? 0, upper: (offset ?? 0) - 1 };
  const fromHeader = headerRange(header);
  const lower = Math.max(fromHeader.lower, offset ?? 0);
  const ends = [fromHeader.upper, limit === undefined ? undefined : (offset ?? 0) + limit - 1];
  const upper = Math.min(...ends.filter((end): end is number => end !== undefined));
  // A header and a limit that do not overlap leave no rows: PostgREST refuses that rather than answering nothing.
  if (upper < lower) throw negativeLimit();
  return { lower, upper: Math.min(upper, lower + MAX_ROWS - 1) };
}

/**
 * `Content-Range` and the status of a read of `rows` rows from `lower` (PostgREST's
 * `rangeStatusHeader`): `0-24/3573458` with a count, `0-14/*` without, `*` for no rows; 206 when the
 * count is known and larger than what was returned, 416 when the range starts past the end.
 */
export function contentRange(lower: number, rows: number, total: number | undefined): { status: 200 | 206 | 416; header: string } {
  const upper = lower + rows - 1;
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  const header = `${range}/${total ?? '*'}`;
  if (total === undefined) return { status: 200, header };
  if (lower > total) return { status: 416, header };
  return { status: 1 + upper - lower < total ? 206 : 200, header };
}
