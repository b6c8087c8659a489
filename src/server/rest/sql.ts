import { type SQL, sql } from 'drizzle-orm';
import { permissionDenied, undefinedColumn } from './errors';
import type { Condition, Filter } from './filters';
import type { OrderTerm, SelectItem } from './query';
import type { Expr, RestTable } from './registry';

/**
 * Parsed queries as Drizzle SQL. Every name goes through the table's column map (an unknown one is
 * 42703, a private one 42501) and every value is a bound parameter whose type PostgreSQL infers from
 * the column, so `rating=eq.abc` fails as PostgREST's does (22P02) and no input reaches the SQL text.
 */

/** The expression of `name` among `allowed` (read or returning columns of `table`). */
export function columnOf(table: RestTable, allowed: Record<string, Expr>, name: string): Expr {
  // Own names only: `constructor` or `__proto__` are not columns.
  const expr = Object.hasOwn(allowed, name) ? allowed[name] : undefined;
  if (expr) return expr;
  if (table.columns.has(name)) throw permissionDenied(table.name, table.allowed);
  throw undefinedColumn(table.name, name);
}

/** The fields of a select list, keyed by alias or name (`*`: every allowed column, in the registry's order). */
export function selectFields(table: RestTable, allowed: Record<string, Expr>, select: SelectItem[]): Record<string, Expr> {
  // No prototype: an alias such as `__proto__` is just a key.
  const fields: Record<string, Expr> = Object.create(null);
  for (const item of select) {
    if (item.column === '*') Object.assign(fields, allowed);
    else fields[item.alias ?? item.column] = columnOf(table, allowed, item.column);
  }
  return fields;
}

const COMPARISONS = { eq: sql`=`, neq: sql`<>`, gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=` } as const;
const IS = { null: sql`is null`, not_null: sql`is not null`, true: sql`is true`, false: sql`is false`, unknown: sql`is unknown` } as const;

function filterSql(filter: Filter, expr: Expr): SQL {
  const { op, value } = filter;
  if (op === 'in') {
    const list = value as string[];
    return list.length
      ? sql`${expr} in (${sql.join(
          list.map((item) => sql`${item}`),
          sql`, `,
        )})`
      : sql`false`;
  }
  if (op === 'is') return sql`${expr} ${IS[value as keyof typeof IS]}`;
  // PostgREST's wildcard is `*` (a `%` in a URL is awkward); `%` and `_` keep their SQL meaning.
  if (op === 'like') return sql`${expr} like ${(value as string).replaceAll('*', '%')}`;
  if (op === 'ilike') return sql`${expr} ilike ${(value as string).replaceAll('*', '%')}`;
  return sql`${expr} ${COMPARISONS[op]} ${value as string}`;
}

/** One condition (a filter or an and/or tree) over the readable columns. */
export function conditionSql(table: RestTable, allowed: Record<string, Expr>, condition: Condition): SQL {
  let inner: SQL;
  if (condition.kind === 'filter') inner = filterSql(condition, columnOf(table, allowed, condition.column));
  else {
    const parts = condition.children.map((child) => conditionSql(table, allowed, child));
    inner = parts.length ? sql`(${sql.join(parts, condition.op === 'and' ? sql` and ` : sql` or `)})` : sql`true`;
  }
  return condition.negate ? sql`not (${inner})` : inner;
}

/** The tenant's rows meeting every condition. */
export function whereSql(table: RestTable, allowed: Record<string, Expr>, lmsId: string, conditions: Condition[]): SQL {
  return sql.join([sql`${table.lmsId} = ${lmsId}`, ...conditions.map((condition) => conditionSql(table, allowed, condition))], sql` and `);
}

/** `order by` terms; the id last, so pages never overlap or skip rows with equal keys. */
export function orderSql(table: RestTable, allowed: Record<string, Expr>, order: OrderTerm[]): SQL[] {
  const terms = order.map((term) => {
    const expr = columnOf(table, allowed, term.column);
    const direction = term.direction === 'desc' ? sql`desc` : sql`asc`;
    const nulls = term.nulls === 'first' ? sql` nulls first` : term.nulls === 'last' ? sql` nulls last` : sql``;
    return sql`${expr} ${direction}${nulls}`;
  });
  const id = allowed.id;
  return id ? [...terms, sql`${id} asc`] : terms;
}
