import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from '~/contract/mini';
import {
  AspirationInsertSchema,
  BookReviewInsertSchema,
  DonationInsertSchema,
  REMOTE_DB_TABLES,
  type RemoteDbTable,
  TestimonyInsertSchema,
  UserDiscInsertSchema,
} from '~/contract/remote-db';
import { scoreDisc } from '~/lib/disc/score';
import { aspirations, bookReviews, donations, testimonies, userDisc } from '../db/schema';

/**
 * The tables of the hosted database REST and what anonymous callers (every caller: the key only
 * names the tenant) may do with each, in the spirit of PostgreSQL grants: the columns they may read
 * (each an SQL expression, so a masked column is masked in filters and orders too), the columns an
 * insert takes (the contract's schema) and what an insert returns to its sender. `lms_id` is never
 * readable nor writable: the key's tenant is added to every query.
 */

/** A column as callers see it: the table's column, or an expression over it. */
export type Expr = AnyPgColumn | SQL;

export interface RestTable {
  name: RemoteDbTable;
  table: PgTable;
  /** The tenant column, which every query filters on. */
  lmsId: AnyPgColumn;
  /** Every column of the table by its SQL name: an unknown name is told from one callers may not use. */
  columns: ReadonlySet<string>;
  /** What GET may read; absent: the table is insert-only for anonymous callers. */
  read?: Record<string, Expr>;
  /** What an insert returns with `Prefer: return=representation`: the sender's own row. */
  returning: Record<string, Expr>;
  /** One row of an insert body, checked with the contract's schema (the islands check with it too). */
  insert: z.ZodMiniObject;
  /** A checked row as the table's values, without `lms_id`. */
  toRow(input: Record<string, unknown>): Record<string, unknown>;
  /** What anonymous callers may do here, said in the details of a 42501. */
  allowed: string;
}

const sqlNames = (table: PgTable) => new Set(Object.values(getTableColumns(table)).map((column) => column.name));

/** The created_at and id every table has, under their SQL names. */
const common = (table: { id: AnyPgColumn; createdAt: AnyPgColumn }) => ({ id: table.id, created_at: table.createdAt });

const reviewColumns = {
  ...common(bookReviews),
  book: bookReviews.book,
  name: bookReviews.name,
  rating: bookReviews.rating,
  comment: bookReviews.comment,
};
const aspirationColumns = { ...common(aspirations), name: aspirations.name, city: aspirations.city, message: aspirations.message };

/**
 * A donation as the public reads it: an anonymous donor's name is 'Anonim' (`ANONYMOUS_DONOR`), in
 * filters and orders as well, so no query can find out whose pledge it was. The message stays.
 */
const donationPublic = {
  ...common(donations),
  name: sql<string>`case when ${donations.anonymous} then 'Anonim' else ${donations.name} end`,
  amount: donations.amount,
  message: donations.message,
};

type Input = Record<string, unknown>;

const TABLES: RestTable[] = [
  {
    name: 'book_reviews',
    table: bookReviews,
    lmsId: bookReviews.lmsId,
    columns: sqlNames(bookReviews),
    read: reviewColumns,
    returning: reviewColumns,
    insert: BookReviewInsertSchema,
    toRow: (input: Input) => ({ ...input }),
    allowed: 'book_reviews boleh dibaca dan ditambah',
  },
  {
    name: 'aspirations',
    table: aspirations,
    lmsId: aspirations.lmsId,
    columns: sqlNames(aspirations),
    read: aspirationColumns,
    returning: aspirationColumns,
    insert: AspirationInsertSchema,
    toRow: (input: Input) => ({ ...input }),
    allowed: 'aspirations boleh dibaca dan ditambah',
  },
  {
    name: 'user_disc',
    table: userDisc,
    lmsId: userDisc.lmsId,
    columns: sqlNames(userDisc),
    returning: {
      ...common(userDisc),
      name: userDisc.name,
      email: userDisc.email,
      type: userDisc.type,
      score_d: userDisc.scoreD,
      score_i: userDisc.scoreI,
      score_s: userDisc.scoreS,
      score_c: userDisc.scoreC,
    },
    insert: UserDiscInsertSchema,
    // The type and scores are never taken from the sender: they follow from the answers.
    toRow: (input: Input) => {
      const answers = input.answers as [number, number][];
      const { type, scores } = scoreDisc(answers);
      return {
        name: input.name,
        email: input.email,
        answers,
        type,
        scoreD: scores.D,
        scoreI: scores.I,
        scoreS: scores.S,
        scoreC: scores.C,
      };
    },
    allowed: 'user_disc hanya boleh ditambah (name, email, answers); type dan skor dihitung server',
  },
  {
    name: 'testimonies',
    table: testimonies,
    lmsId: testimonies.lmsId,
    columns: sqlNames(testimonies),
    returning: {
      ...common(testimonies),
      name: testimonies.name,
      role: testimonies.role,
      message: testimonies.message,
      rating: testimonies.rating,
    },
    insert: TestimonyInsertSchema,
    toRow: (input: Input) => ({ ...input }),
    allowed: 'testimonies hanya boleh ditambah',
  },
  {
    name: 'donations',
    table: donations,
    lmsId: donations.lmsId,
    columns: sqlNames(donations),
    read: donationPublic,
    returning: {
      ...common(donations),
      name: donations.name,
      amount: donations.amount,
      message: donations.message,
      anonymous: donations.anonymous,
    },
    insert: DonationInsertSchema,
    toRow: (input: Input) => ({ ...input }),
    allowed: 'donations boleh ditambah; dibaca hanya id, name (Anonim bila donatur memilihnya), amount, message dan created_at',
  },
];

const BY_NAME = new Map(TABLES.map((table) => [table.name, table]));

/** The table served under `name`, or undefined. */
export function restTable(name: string): RestTable | undefined {
  return BY_NAME.get(name as RemoteDbTable);
}

/** The table names closest to a wrong one, for PGRST205's hint (`Perhaps you meant the table 'public.x'`). */
export function nearestTable(name: string): string | undefined {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      let previous = row[0] as number;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const current = row[j] as number;
        row[j] = Math.min(current + 1, (row[j - 1] as number) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
        previous = current;
      }
    }
    return row[b.length] as number;
  };
  const [best] = REMOTE_DB_TABLES.map((table) => ({ table, d: distance(name.toLowerCase(), table) })).sort((a, b) => a.d - b.d);
  return best && best.d <= Math.max(2, Math.floor(best.table.length / 3)) ? best.table : undefined;
}

/** The insertable columns of a table: the keys of its insert schema. */
export function insertColumns(table: RestTable): string[] {
  return Object.keys(table.insert.shape);
}
