import { describe, expect, it } from 'vitest';
import { restKeyLmsId, tenantRestKey } from '~/server/platform/keys';
import { fromDatabaseError } from '~/server/rest/errors';
import { contentRange, MAX_ROWS, parsePrefer, preferenceApplied, requestedRange, wantsObject } from '~/server/rest/protocol';
import { parseQuery } from '~/server/rest/query';

const query = (search: string) => parseQuery(new URLSearchParams(search));
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string; status?: number }).code;
  }
  return undefined;
};

describe('the PostgREST query string', () => {
  it('reads select lists with aliases, filters with not, lists with quotes, orders, limit and offset', () => {
    expect(
      query(
        'select=id, total:amount&name=not.in.("a,b",c,"d\\"e")&amount=gte.10&or=(a.eq.1,not.and(b.is.null,c.like.*x*))&order=amount.desc.nullslast,id&limit=5&offset=10',
      ),
    ).toEqual({
      select: [{ column: 'id' }, { column: 'amount', alias: 'total' }],
      where: [
        { kind: 'filter', column: 'name', op: 'in', negate: true, value: ['a,b', 'c', 'd"e'] },
        { kind: 'filter', column: 'amount', op: 'gte', negate: false, value: '10' },
        {
          kind: 'logic',
          op: 'or',
          negate: false,
          children: [
            { kind: 'filter', column: 'a', op: 'eq', negate: false, value: '1' },
            {
              kind: 'logic',
              op: 'and',
              negate: true,
              children: [
                { kind: 'filter', column: 'b', op: 'is', negate: false, value: 'null' },
                { kind: 'filter', column: 'c', op: 'like', negate: false, value: '*x*' },
              ],
            },
          ],
        },
      ],
      order: [
        { column: 'amount', direction: 'desc', nulls: 'last' },
        { column: 'id', direction: 'asc' },
      ],
      limit: 5,
      offset: 10,
    });
    expect(query('').select).toEqual([{ column: '*' }]);
    expect(query('columns="name","rating"').columns).toEqual(['name', 'rating']);
    // A value is taken as it is after the operator: dots, commas and parentheses included.
    expect(query('comment=eq.a.b,(c)').where[0]).toMatchObject({ op: 'eq', value: 'a.b,(c)' });
  });

  it('refuses what does not parse (PGRST100) and what it does not implement (PGRST127)', () => {
    for (const search of ['a=1', 'a=equals.1', 'a=in.1,2', 'order=a.up', 'limit=x', 'or=(a.eq.1', 'or=(a.eq.1))', 'select=a b-c'])
      expect([search, codeOf(() => query(search))]).toEqual([search, 'PGRST100']);
    for (const search of ['select=a::text', 'select=b(*)', 'select=...b(c)', 'a->b=eq.1', 'a=cs.{1}', 'a=eq(any).{1}', 'b.a=eq.1'])
      expect([search, codeOf(() => query(search))]).toEqual([search, 'PGRST127']);
    expect(codeOf(() => query('limit=-1'))).toBe('PGRST103');
  });
});

describe('headers', () => {
  it('Prefer: known values kept, unknown ignored unless handling=strict (PGRST122); Preference-Applied in order', () => {
    const prefs = parsePrefer('count=exact, return=representation,missing=default, tx=rollback, foo=bar');
    expect(prefs).toEqual({ count: 'exact', return: 'representation', missing: 'default' });
    expect(preferenceApplied(prefs, ['return', 'count', 'missing'])).toBe('missing=default, return=representation, count=exact');
    expect(preferenceApplied({}, ['return'])).toBeUndefined();
    expect(codeOf(() => parsePrefer('handling=strict, foo=bar'))).toBe('PGRST122');
  });

  it('Accept: object for vnd.pgrst.object+json, array for JSON and */*, 406 PGRST107 for nothing acceptable', () => {
    expect(wantsObject('application/vnd.pgrst.object+json;nulls=stripped')).toBe(true);
    expect([undefined, '', 'application/json', '*/*', 'application/vnd.pgrst.array+json;nulls=stripped'].map(wantsObject)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(wantsObject('application/json;q=0.5, application/vnd.pgrst.object+json')).toBe(true);
    expect(codeOf(() => wantsObject('text/csv'))).toBe('PGRST107');
  });

  it('Range and limit/offset intersect, capped at MAX_ROWS; Content-Range and status as PostgREST', () => {
    expect(requestedRange(undefined, undefined, undefined)).toEqual({ lower: 0, upper: MAX_ROWS - 1 });
    expect(requestedRange('0-24', undefined, undefined)).toEqual({ lower: 0, upper: 24 });
    expect(codeOf(() => requestedRange('10-', 5, undefined))).toBe('PGRST103');
    expect(requestedRange('0-99', 10, 20)).toEqual({ lower: 20, upper: 29 });
    expect(requestedRange('nonsense', 0, undefined)).toEqual({ lower: 0, upper: -1 });
    expect(codeOf(() => requestedRange('5-2', undefined, undefined))).toBe('PGRST103');

    expect(contentRange(0, 25, 3573458)).toEqual({ status: 206, header: '0-24/3573458' });
    expect(contentRange(0, 15, undefined)).toEqual({ status: 200, header: '0-14/*' });
    expect(contentRange(0, 0, 0)).toEqual({ status: 200, header: '*/0' });
    expect(contentRange(0, 3, 3)).toEqual({ status: 200, header: '0-2/3' });
    expect(contentRange(10, 0, 3)).toEqual({ status: 416, header: '*/3' });
  });
});

describe('the REST key', () => {
  it("names its tenant, and no key is accepted that the master secret did not make for that tenant's id", () => {
    const keys = { master: Buffer.alloc(32, 7) };
    const key = tenantRestKey(keys, 'tenant-a');
    expect(key).toMatch(/^tenant-a\.[A-Za-z0-9_-]{43}$/);
    expect(restKeyLmsId(keys, key)).toBe('tenant-a');
    expect(restKeyLmsId({ master: Buffer.alloc(32, 8) }, key)).toBeUndefined();
    expect(restKeyLmsId(keys, key.replace('tenant-a', 'tenant-b'))).toBeUndefined();
    for (const wrong of ['', '.', 'tenant-a', `${key}x`, `.${key.split('.')[1]}`]) expect(restKeyLmsId(keys, wrong)).toBeUndefined();
  });
});

describe('database errors', () => {
  it("become PostgREST answers by SQLSTATE, through Drizzle's wrapper; an outage is PGRST000 503; a bug stays a 500", () => {
    const wrapped = (cause: Record<string, unknown>) => Object.assign(new Error('Failed query: insert …'), { cause });
    const answer = (error: unknown) => {
      const known = fromDatabaseError(error);
      return known && [known.status, known.code, known.message, known.details];
    };
    expect(
      answer(
        wrapped({
          code: '23505',
          message: 'duplicate key value violates unique constraint "x_pkey"',
          detail: 'Key (id)=(1) already exists.',
        }),
      ),
    ).toEqual([409, '23505', 'duplicate key value violates unique constraint "x_pkey"', 'Key (id)=(1) already exists.']);
    expect(answer(wrapped({ code: '23503', message: 'fk' }))?.[0]).toBe(409);
    expect(answer(wrapped({ code: '23514', message: 'check' }))?.slice(0, 2)).toEqual([400, '23514']);
    expect(answer(wrapped({ code: '22P02', message: 'invalid input syntax for type smallint: "x"' }))?.slice(0, 2)).toEqual([400, '22P02']);
    expect(answer(wrapped({ code: '42883', message: 'operator does not exist: smallint ~~ unknown' }))?.[0]).toBe(404);
    expect(answer(wrapped({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }))?.slice(0, 2)).toEqual([503, 'PGRST000']);
    expect(answer(new TypeError('x is not a function'))).toBeUndefined();
    expect(answer(wrapped({ code: 'XX000', message: 'internal' }))).toBeUndefined();
  });
});
