import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { RowRange } from './protocol';
import type { RestQuery } from './query';
import type { Expr, RestTable } from './registry';
import { orderSql, selectFields, whereSql } from './sql';

/** The three statements of the REST API, each one query on the tenant's rows. */

type Row = Record<string, unknown>;

/** A read's columns, conditions and order, each name checked before any statement runs. */
export interface ReadPlan {
  fields: Record<string, Expr>;
  where: SQL;
  order: SQL[];
}

/** Plans a read of the tenant's rows over the `allowed` columns (42703 and 42501 come from here). */
export function readPlan(table: RestTable, allowed: Record<string, Expr>, lmsId: string, query: RestQuery): ReadPlan {
  return {
    fields: selectFields(table, allowed, query.select),
    where: whereSql(table, allowed, lmsId, query.where),
    order: orderSql(table, allowed, query.order),
  };
}

/** How many rows the plan meets (`Prefer: count=exact`; planned and estimated count exactly too). */
export async function countRows(db: Db, table: RestTable, plan: ReadPlan): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(table.table)
    .where(plan.where);
  return row?.total ?? 0;
}

/** The rows of `range`, in the plan's order. */
export async function readRows(db: Db, table: RestTable, plan: ReadPlan, range: RowRange): Promise<Row[]> {
  const size = range.upper - range.lower + 1;
  if (size <= 0) return [];
  return db
    .select(plan.fields)
    .from(table.table)
    .where(plan.where)
    .orderBy(...plan.order)
    .limit(size)
    .offset(range.lower);
}

/**
 * Writes the checked rows for the tenant in one statement, on `tx` (the transaction that claimed the
 * idempotency key); with `fields` (return=representation, from the table's returning columns)
 * answers them, else with nothing.
 */
export async function insertRows(
  tx: Tx,
  table: RestTable,
  lmsId: string,
  rows: Row[],
  fields: Record<string, Expr> | undefined,
): Promise<Row[]> {
  if (!rows.length) return [];
  const values = rows.map((row) => ({ ...table.toRow(row), lmsId }));
  const insert = tx.insert(table.table).values(values);
  return fields ? insert.returning(fields) : insert.then(() => []);
}
