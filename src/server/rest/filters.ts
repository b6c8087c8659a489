import { notImplemented, queryParamError } from './errors';

/**
 * PostgREST's filter syntax: `[not.]op.value` of one column (`eq.5`, `in.("a,b",c)`, `is.null`,
 * `like.*x*`) and the `or=(…)`/`and=(…)` trees over such filters (`col.[not.]op.value` inside,
 * nested `[not.]and(…)`). Values are kept as text; `sql.ts` binds them as parameters.
 */

export const FILTER_OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
/** What `is.` compares with. */
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export interface Filter {
  kind: 'filter';
  column: string;
  op: FilterOp;
  negate: boolean;
  /** A list for `in`, an `IsValue` for `is`, else the text as sent (`*` of like/ilike still in it). */
  value: string | string[];
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | LogicTree;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const OPS_HINT = 'expecting "not" or operator (eq, gt, ...)';

/** A column name as PostgREST writes it; JSON paths and casts are refused as not implemented. */
export function checkName(name: string, what: string, source: string): string {
  if (name.includes('->')) throw notImplemented(`JSON paths (${name}) are not supported`);
  if (name.includes('::')) throw notImplemented(`casts (${name}) are not supported`);
  if (!IDENTIFIER.test(name)) throw queryParamError(`failed to parse ${what} (${source})`, `unexpected "${name}" expecting a column name`);
  return name;
}

/** A list of `in.(…)`: comma-separated, each value bare or double-quoted with `\` escapes. */
function parseList(text: string, source: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')'))
    throw queryParamError(`failed to parse filter (${source})`, 'unexpected end of input expecting "("');
  const values: string[] = [];
  const reader = new Reader(text.slice(1, -1));
  if (reader.done()) return values;
  for (;;) {
    values.push(reader.value(',', source));
    if (reader.done()) return values;
    reader.expect(',', source);
  }
}

/** `[not.]op.value` of one filter on `column`. */
export function parseOperation(column: string, text: string, source = text): Filter {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const name = dot < 0 ? rest : rest.slice(0, dot);
  const value = dot < 0 ? undefined : rest.slice(dot + 1);
  if (/^[a-z]+\((any|all)\)$/.test(name)) throw notImplemented(`the ${name} modifier is not supported`);
  if (!(FILTER_OPS as readonly string[]).includes(name) || value === undefined) {
    const known = ['cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts', 'match', 'imatch', 'isdistinct'];
    if (known.includes(name)) throw notImplemented(`the ${name} operator is not supported`);
    throw queryParamError(`failed to parse filter (${source})`, `unexpected "${name.slice(0, 1)}" ${OPS_HINT}`);
  }
  const op = name as FilterOp;
  if (op === 'in') return { kind: 'filter', column, op, negate, value: parseList(value, source) };
  if (op === 'is') {
    const is = value.toLowerCase();
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(is))
      throw queryParamError(`failed to parse filter (${source})`, `unexpected "${value}" expecting null, not_null, true, false or unknown`);
    return { kind: 'filter', column, op, negate, value: is };
  }
  return { kind: 'filter', column, op, negate, value };
}

/** A cursor over the text of a logic tree or an `in` list. */
class Reader {
  #at = 0;
  constructor(private readonly text: string) {}

  done() {
    return this.#at >= this.text.length;
  }

  peek(word: string) {
    return this.text.startsWith(word, this.#at);
  }

  expect(char: string, source: string) {
    if (this.text[this.#at] !== char)
      throw queryParamError(
        `failed to parse logic tree (${source})`,
        `unexpected "${this.text[this.#at] ?? 'end of input'}" expecting "${char}"`,
      );
    this.#at++;
  }

  /** Characters up to (not including) the first of `stops`. */
  until(stops: string) {
    const start = this.#at;
    while (this.#at < this.text.length && !stops.includes(this.text[this.#at] as string)) this.#at++;
    return this.text.slice(start, this.#at);
  }

  /** A value: double-quoted (with `\"` and `\\`), or bare up to one of `stops`. */
  value(stops: string, source: string): string {
    if (this.text[this.#at] !== '"') return this.until(stops);
    let out = '';
    for (this.#at++; this.#at < this.text.length; this.#at++) {
      const char = this.text[this.#at] as string;
      if (char === '\\' && this.#at + 1 < this.text.length) out += this.text[++this.#at];
      else if (char === '"') {
        this.#at++;
        return out;
      } else out += char;
    }
    throw queryParamError(`failed to parse filter (${source})`, 'unexpected end of input expecting closing quote');
  }

  /** An `in.(…)` list as written, parentheses and quotes included, for `parseList`. */
  list(source: string): string {
    const start = this.#at;
    this.expect('(', source);
    let quoted = false;
    for (; this.#at < this.text.length; this.#at++) {
      const char = this.text[this.#at];
      if (char === '\\' && quoted) this.#at++;
      else if (char === '"') quoted = !quoted;
      else if (char === ')' && !quoted) {
        this.#at++;
        return this.text.slice(start, this.#at);
      }
    }
    throw queryParamError(`failed to parse logic tree (${source})`, 'unexpected end of input expecting ")"');
  }
}

/** `(item,item,…)` of `or=`/`and=`: filters `col.[not.]op.value` and nested `[not.]and(…)`/`or(…)`. */
function parseTree(reader: Reader, source: string, depth: number): Condition[] {
  if (depth > 10) throw queryParamError(`failed to parse logic tree (${source})`, 'nested too deeply');
  const items: Condition[] = [];
  reader.expect('(', source);
  for (;;) {
    let negate = false;
    if (reader.peek('not.and(') || reader.peek('not.or(')) {
      negate = true;
      reader.until('.');
      reader.expect('.', source);
    }
    if (reader.peek('and(') || reader.peek('or(')) {
      const op = reader.until('(') as 'and' | 'or';
      items.push({ kind: 'logic', op, negate, children: parseTree(reader, source, depth + 1) });
    } else {
      const column = checkName(reader.until('.,()'), 'logic tree', source);
      reader.expect('.', source);
      let operation = reader.until('.,()');
      reader.expect('.', source);
      if (operation === 'not') {
        operation = `not.${reader.until('.,()')}`;
        reader.expect('.', source);
      }
      const value = operation === 'in' || operation === 'not.in' ? reader.list(source) : reader.value(',)', source);
      items.push(parseOperation(column, `${operation}.${value}`, source));
    }
    if (reader.peek(')')) {
      reader.expect(')', source);
      return items;
    }
    reader.expect(',', source);
  }
}

/** `or=(…)`, `and=(…)`, `not.or=(…)` as one condition. */
export function parseLogic(key: string, text: string): LogicTree {
  const negate = key.startsWith('not.');
  const op = (negate ? key.slice(4) : key) as 'and' | 'or';
  const reader = new Reader(text);
  const children = parseTree(reader, `${key}=${text}`, 0);
  if (!reader.done()) throw queryParamError(`failed to parse logic tree (${text})`, 'unexpected characters after ")"');
  return { kind: 'logic', op, negate, children };
}
