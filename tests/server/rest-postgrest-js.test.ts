import type { PostgrestClient } from '@supabase/postgrest-js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantRecord } from '~/server/platform/tenants';
import { dbKinds, platformFor } from './support/platform';
import { postgrestOf } from './support/rest';

/*
 * A port of postgrest-js's own tests (supabase/supabase-js, packages/core/postgrest-js/test:
 * basic.test.ts, filters.test.ts, transforms.test.ts, maybe-single.test.ts) to our tables. Upstream
 * runs them against a PostgREST server seeded with `users` (username, status, age_range, …); here
 * one tenant's book_reviews hold the same five people: username → name, status → book
 * ('ONLINE'/'OFFLINE'), the lower bound of age_range → rating (1, 5, 5, 4, 4), catchphrase → comment.
 * Expectations are upstream's inline snapshots with those names; each case names its upstream test.
 * Inserts go to aspirations and donations, so the five rows stay five.
 */

const USERS = [
  { name: 'supabot', book: 'ONLINE', rating: 1, comment: "'cat' 'fat'" },
  { name: 'kiwicopple', book: 'OFFLINE', rating: 5, comment: "'bat' 'cat'" },
  { name: 'awailas', book: 'ONLINE', rating: 5, comment: "'bat' 'rat'" },
  { name: 'dragarcia', book: 'ONLINE', rating: 4, comment: "'fat' 'rat'" },
  { name: 'jsonuser', book: 'ONLINE', rating: 4, comment: "'json' 'test'" },
];
const row = (user: (typeof USERS)[number]) => ({ id: expect.any(Number), ...user, created_at: expect.any(String) });
const ok = (data: unknown, extra: Record<string, unknown> = {}) => ({
  count: null,
  data,
  error: null,
  status: 200,
  statusText: 'OK',
  success: true,
  ...extra,
});
const created = (data: unknown, extra: Record<string, unknown> = {}) => ok(data, { status: 201, statusText: 'Created', ...extra });
const names = (...list: string[]) => ok(list.map((name) => ({ name })));

describe.each(await dbKinds())("postgrest-js's own test cases against our REST API on %s", (kind) => {
  const platform = platformFor(kind);
  let postgrest: PostgrestClient;

  beforeAll(async () => {
    // A tenant no other test writes to: its five rows are the upstream seed.
    const tenant = (await platform.deps.tenants.all()).find((t) => t.code === 'alpha') as TenantRecord;
    postgrest = postgrestOf(platform, tenant);
    const seeded = await postgrest.from('book_reviews').insert(USERS);
    if (seeded.status !== 201) throw new Error(`seed failed: ${JSON.stringify(seeded.error)}`);
  }, 60_000);

  describe('basic.test.ts', () => {
    it("'basic select table'", async () => {
      expect(await postgrest.from('book_reviews').select()).toEqual(ok(USERS.map(row)));
    });

    it("'basic select with maybeSingle yielding more than one result'", async () => {
      expect(await postgrest.from('book_reviews').select().maybeSingle()).toEqual({
        count: null,
        data: null,
        error: {
          code: 'PGRST116',
          details: 'Results contain 5 rows, application/vnd.pgrst.object+json requires 1 row',
          hint: null,
          message: 'JSON object requested, multiple (or no) rows returned',
        },
        status: 406,
        statusText: 'Not Acceptable',
        success: false,
      });
    });

    it("'basic select with single yielding more than one result'", async () => {
      expect(await postgrest.from('book_reviews').select().single()).toEqual({
        count: null,
        data: null,
        error: {
          code: 'PGRST116',
          details: 'The result contains 5 rows',
          hint: null,
          message: 'Cannot coerce the result to a single JSON object',
        },
        status: 406,
        statusText: 'Not Acceptable',
        success: false,
      });
    });

    it("'basic insert, update, delete' > 'basic insert'", async () => {
      const aspiration = { name: 'supabot', city: 'Jakarta', message: 'foo foo foo' };
      const res = await postgrest.from('aspirations').insert(aspiration).select();
      expect(res).toEqual(created([{ id: expect.any(Number), ...aspiration, created_at: expect.any(String) }]));
      const all = await postgrest.from('aspirations').select('name,city,message');
      expect(all).toEqual(ok([aspiration]));
    });

    it("'basic insert, update, delete' > 'bulk insert'", async () => {
      const rows = [
        { name: 'supabot', city: 'Bandung', message: 'bulk one' },
        { name: 'kiwicopple', city: 'Medan', message: 'bulk two' },
      ];
      const res = await postgrest.from('aspirations').insert(rows).select('name,city,message');
      expect(res).toEqual(created(rows));
    });

    it("'Prefer: return=minimal'", async () => {
      const { data, status } = await postgrest.from('aspirations').insert({ name: 'bar', city: 'Solo', message: 'minimal please' });
      expect([data, status]).toEqual([null, 201]);
    });

    it("'select with head:true'", async () => {
      expect(await postgrest.from('book_reviews').select('*', { head: true })).toEqual(ok(null));
    });

    it("'select with head:true, count:exact'", async () => {
      expect(await postgrest.from('book_reviews').select('*', { head: true, count: 'exact' })).toEqual(ok(null, { count: 5 }));
    });

    it("'select with head:true, count:estimated' (estimates are exact here)", async () => {
      expect(await postgrest.from('book_reviews').select('*', { head: true, count: 'estimated' })).toEqual(ok(null, { count: 5 }));
    });

    it("'select with count:exact'", async () => {
      expect(await postgrest.from('book_reviews').select('*', { count: 'exact' })).toEqual(ok(USERS.map(row), { count: 5 }));
    });

    it("'insert, update, delete with count: exact' > 'insert with count: exact'", async () => {
      const aspiration = { name: 'supabot', city: 'Depok', message: 'counted insert' };
      const res = await postgrest.from('aspirations').insert(aspiration, { count: 'exact' }).select('name,city,message');
      expect(res).toEqual(created([aspiration], { count: 1 }));
    });

    it("'insert, update, delete with count: exact' > 'bulk insert with count: exact'", async () => {
      const rows = [
        { name: 'supabot', city: 'Depok', message: 'counted bulk' },
        { name: 'supabot', city: 'Bogor', message: 'counted bulk' },
      ];
      const res = await postgrest.from('aspirations').insert(rows, { count: 'exact' }).select('name,city,message');
      expect(res).toEqual(created(rows, { count: 2 }));
    });

    it("'insert, update, delete with count: exact' > 'bulk insert with column defaults'", async () => {
      // `columns="name","amount","message"` is sent; the first row lacks message: its default ('') under missing=default…
      const pledges = [
        { name: 'supabot', amount: 10_000 },
        { name: 'kiwicopple', amount: 20_000, message: 'test-slug' },
      ];
      const res = await postgrest.from('donations').insert(pledges, { defaultToNull: false }).select('name,amount,message,anonymous');
      expect(res).toEqual(
        created([
          { name: 'supabot', amount: 10_000, message: '', anonymous: false },
          { name: 'kiwicopple', amount: 20_000, message: 'test-slug', anonymous: false },
        ]),
      );
      // …and null otherwise, which the NOT NULL column refuses.
      const nulls = await postgrest.from('donations').insert(pledges);
      expect([nulls.status, nulls.error?.code, nulls.error?.details]).toEqual([400, '23502', '0.message']);
    });

    it("'select with no match'", async () => {
      expect(await postgrest.from('book_reviews').select().eq('name', 'missing')).toEqual(ok([]));
    });

    it("'maybeSingle returns null for zero rows (GET)'", async () => {
      expect(await postgrest.from('book_reviews').select().eq('name', 'does_not_exist').maybeSingle()).toEqual(ok(null));
    });

    it("'throwOnError throws errors instead of returning them'", async () => {
      await expect(postgrest.from('missing_table').select().throwOnError()).rejects.toThrow(
        "Could not find the table 'public.missing_table' in the schema cache",
      );
    });
  });

  describe('filters.test.ts', () => {
    it("'not'", async () => {
      const res = await postgrest.from('book_reviews').select('book').not('book', 'eq', 'OFFLINE');
      expect(res).toEqual(ok(Array.from({ length: 4 }, () => ({ book: 'ONLINE' }))));
    });

    it("'or'", async () => {
      const res = await postgrest.from('book_reviews').select('book, name').or('book.eq.OFFLINE,name.eq.supabot');
      expect(res).toEqual(
        ok([
          { book: 'ONLINE', name: 'supabot' },
          { book: 'OFFLINE', name: 'kiwicopple' },
        ]),
      );
    });

    it("'eq'", async () => {
      expect(await postgrest.from('book_reviews').select('name').eq('name', 'supabot')).toEqual(names('supabot'));
    });

    it("'neq'", async () => {
      expect(await postgrest.from('book_reviews').select('name').neq('name', 'supabot')).toEqual(
        names('kiwicopple', 'awailas', 'dragarcia', 'jsonuser'),
      );
    });

    it("'gt', 'gte', 'lt', 'lte' (on rating rather than messages.id)", async () => {
      expect(await postgrest.from('book_reviews').select('name').gt('rating', 4)).toEqual(names('kiwicopple', 'awailas'));
      expect(await postgrest.from('book_reviews').select('name').gte('rating', 4)).toEqual(
        names('kiwicopple', 'awailas', 'dragarcia', 'jsonuser'),
      );
      expect(await postgrest.from('book_reviews').select('name').lt('rating', 4)).toEqual(names('supabot'));
      expect(await postgrest.from('book_reviews').select('name').lte('rating', 4)).toEqual(names('supabot', 'dragarcia', 'jsonuser'));
    });

    it("'like' and 'ilike'", async () => {
      expect(await postgrest.from('book_reviews').select('name').like('name', '%supa%')).toEqual(names('supabot'));
      expect(await postgrest.from('book_reviews').select('name').ilike('name', '%SUPA%')).toEqual(names('supabot'));
      // PostgREST's own wildcard, which a URL carries more easily than `%`.
      expect(await postgrest.from('book_reviews').select('name').ilike('name', '*SUPA*')).toEqual(names('supabot'));
    });

    it("'likeAnyOf' (quantified operators are not implemented: PGRST127)", async () => {
      const res = await postgrest.from('book_reviews').select('name').likeAnyOf('name', ['%supa%', '%kiwi%']);
      expect([res.status, res.error?.code]).toEqual([400, 'PGRST127']);
    });

    it("'is' (no readable column is ever null)", async () => {
      expect(await postgrest.from('book_reviews').select('name').is('comment', null)).toEqual(ok([]));
      expect((await postgrest.from('book_reviews').select('name').not('comment', 'is', null)).data).toHaveLength(5);
    });

    it("'in' and 'notIn'", async () => {
      const statuses = ['ONLINE', 'OFFLINE'];
      expect(await postgrest.from('book_reviews').select('book').in('book', statuses)).toEqual(
        ok(USERS.map((user) => ({ book: user.book }))),
      );
      expect(await postgrest.from('book_reviews').select('book').notIn('book', statuses)).toEqual(ok([]));
      // Values with the list's reserved characters are quoted by the client.
      expect(await postgrest.from('book_reviews').select('name').in('comment', ["'cat' 'fat'", 'a,b', '(x)'])).toEqual(names('supabot'));
    });

    it("'multiple filters'", async () => {
      const res = await postgrest
        .from('book_reviews')
        .select()
        .eq('name', 'supabot')
        .gte('rating', 1)
        .eq('book', 'ONLINE')
        .like('comment', '%cat%');
      expect(res).toEqual(ok([row(USERS[0] as (typeof USERS)[number])]));
    });

    it("'filter'", async () => {
      expect(await postgrest.from('book_reviews').select('name').filter('name', 'eq', 'supabot')).toEqual(names('supabot'));
    });

    it("'match'", async () => {
      const res = await postgrest.from('book_reviews').select('name, book').match({ name: 'supabot', book: 'ONLINE' });
      expect(res).toEqual(ok([{ name: 'supabot', book: 'ONLINE' }]));
    });
  });

  describe('transforms.test.ts', () => {
    it("'order'", async () => {
      const res = await postgrest.from('book_reviews').select('name').order('name', { ascending: false });
      expect(res).toEqual(names('supabot', 'kiwicopple', 'jsonuser', 'dragarcia', 'awailas'));
    });

    it("'order on multiple columns'", async () => {
      const res = await postgrest
        .from('book_reviews')
        .select('name')
        .order('rating', { ascending: false })
        .order('name', { ascending: false });
      expect(res).toEqual(names('kiwicopple', 'awailas', 'jsonuser', 'dragarcia', 'supabot'));
    });

    it("'limit'", async () => {
      expect(await postgrest.from('book_reviews').select().limit(1)).toEqual(ok([row(USERS[0] as (typeof USERS)[number])]));
    });

    it("'range'", async () => {
      expect(await postgrest.from('book_reviews').select().range(1, 3)).toEqual(ok(USERS.slice(1, 4).map(row)));
    });

    it("'single'", async () => {
      expect(await postgrest.from('book_reviews').select().limit(1).single()).toEqual(ok(row(USERS[0] as (typeof USERS)[number])));
    });

    it("'single on insert'", async () => {
      const res = await postgrest.from('aspirations').insert({ name: 'foo', city: 'Ambon', message: 'single insert' }).select().single();
      expect(res).toEqual(
        created({ id: expect.any(Number), name: 'foo', city: 'Ambon', message: 'single insert', created_at: expect.any(String) }),
      );
    });

    it("'maybeSingle' (zero rows)", async () => {
      expect(await postgrest.from('book_reviews').select().eq('name', 'goldstein').maybeSingle()).toEqual(ok(null));
    });

    it("'maybeSingle' (an insert of two rows)", async () => {
      const res = await postgrest
        .from('aspirations')
        .insert([
          { name: 'Ana', city: 'Kupang', message: 'maybe single a' },
          { name: 'Budi', city: 'Kupang', message: 'maybe single b' },
        ])
        .select()
        .maybeSingle();
      expect(res).toEqual({
        count: null,
        data: null,
        error: {
          code: 'PGRST116',
          details: 'Results contain 2 rows, application/vnd.pgrst.object+json requires 1 row',
          hint: null,
          message: 'JSON object requested, multiple (or no) rows returned',
        },
        status: 406,
        statusText: 'Not Acceptable',
        success: false,
      });
    });

    it("'select on insert'", async () => {
      const res = await postgrest.from('aspirations').insert({ name: 'foo', city: 'Palu', message: 'select on insert' }).select('city');
      expect(res).toEqual(created([{ city: 'Palu' }]));
    });
  });

  describe('maybe-single.test.ts', () => {
    it("'unwraps a single row'", async () => {
      expect(await postgrest.from('book_reviews').select('name').eq('name', 'supabot').maybeSingle()).toEqual(ok({ name: 'supabot' }));
    });

    it("'honours throwOnError() when multiple rows are returned'", async () => {
      await expect(postgrest.from('book_reviews').select('name').maybeSingle().throwOnError()).rejects.toMatchObject({ code: 'PGRST116' });
    });
  });
});
