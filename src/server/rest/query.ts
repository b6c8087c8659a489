import { negativeLimit, notImplemented, queryParamError } from './errors';
import { type Condition, checkName, parseLogic, parseOperation } from './filters';

/**
 * The query string of a PostgREST URL, parsed without touching SQL: `select`, filters
 * (`col=[not.]op.value`, `or=(…)`/`and=(…)` trees), `order`, `limit`/`offset` and, for inserts,
 * `columns`. Names are only checked for their shape here; `registry.ts` decides which exist and who
 * may use them, and `sql.ts` turns the result into parameterised SQL. The filter syntax is `filters.ts`'s.
 */

/** A selected column, under its alias when given (`total:amount`); `*` is every readable column. */
export interface SelectItem {
  column: string;
  alias?: string;
}

export interface OrderTerm {
  column: string;
  direction: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface RestQuery {
  select: SelectItem[];
  /** Every top-level condition holds (they are and-ed). */
  where: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  /** `columns` of an insert: which keys of the body are inserted. */
  columns?: string[];
  /** `on_conflict` of an upsert. */
  onConflict?: string;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'and', 'or', 'not.and', 'not.or']);

/** The `select` list; `*` by default. */
export function parseSelect(text: string | undefined): SelectItem[] {
  const source = (text ?? '*').replace(/\s+/g, '');
  if (source === '') return [{ column: '*' }];
  return source.split(',').map((item) => {
    if (item.includes('(')) throw notImplemented(`embedding and aggregates (${item}) are not supported`);
    if (item.startsWith('...')) throw notImplemented(`spreads (${item}) are not supported`);
    if (item === '*') return { column: '*' };
    const colon = item.indexOf(':');
    const isAlias = colon > 0 && item[colon + 1] !== ':';
    const alias = isAlias ? checkName(item.slice(0, colon), 'select parameter', source) : undefined;
    const column = checkName(isAlias ? item.slice(colon + 1) : item, 'select parameter', source);
    return alias ? { column, alias } : { column };
  });
}

/** `order=col.desc.nullslast,col2`. */
export function parseOrder(text: string): OrderTerm[] {
  return text.split(',').map((term) => {
    const [column = '', ...modifiers] = term.trim().split('.');
    const order: OrderTerm = { column: checkName(column, 'order', text), direction: 'asc' };
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') order.direction = modifier;
      else if (modifier === 'nullsfirst' || modifier === 'nullslast') order.nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      else
        throw queryParamError(
          `failed to parse order (${text})`,
          `unexpected "${modifier}" expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
    }
    return order;
  });
}

/** `columns="name","rating"` (postgrest-js quotes them) or `columns=name,rating`. */
export function parseColumns(text: string): string[] {
  return text.split(',').map((part) => checkName(part.trim().replace(/^"(.*)"$/, '$1'), 'columns parameter', text));
}
/** A whole number ≥ 0 of `limit` or `offset`. */
function parseCount(name: string, text: string): number {
  if (name === 'limit' && /^-\d+$/.test(text)) throw negativeLimit();
  if (!/^\d{1,15}$/.test(text))
    throw queryParamError(`failed to parse ${name} parameter (${text})`, `unexpected "${text}" expecting a whole number`);
  return Number(text);
}

/** Parses the query string of a REST call. */
export function parseQuery(params: URLSearchParams): RestQuery {
  const query: RestQuery = { select: parseSelect(params.get('select') ?? undefined), where: [], order: [] };
  for (const [key, value] of params) {
    if (key === 'order') query.order.push(...parseOrder(value));
    else if (key === 'limit') query.limit = parseCount('limit', value);
    else if (key === 'offset') query.offset = parseCount('offset', value);
    else if (key === 'columns') query.columns = parseColumns(value);
    else if (key === 'on_conflict') query.onConflict = value;
    else if (key === 'and' || key === 'or' || key === 'not.and' || key === 'not.or') query.where.push(parseLogic(key, value));
    else if (!RESERVED.has(key)) {
      // `child.col=…` and `child.order=…` address embedded resources, which this server has none of.
      if (key.includes('.')) throw notImplemented(`filters on embedded resources (${key}) are not supported`);
      query.where.push(parseOperation(checkName(key, 'filter', `${key}=${value}`), value, value));
    }
  }
  return query;
}
