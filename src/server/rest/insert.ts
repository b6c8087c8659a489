import { z } from '~/contract/mini';
import { columnNotFound, invalidBody, PostgrestError, permissionDenied } from './errors';
import { insertColumns, type RestTable } from './registry';

/**
 * An insert body as rows to write, as PostgREST reads it: one object or an array of objects whose
 * keys all match (or any keys with `columns=`, which then picks the keys to insert and fills missing
 * ones with null, or with the column's default under `Prefer: missing=default`). A key the table
 * lacks is PGRST204; one anonymous callers may not write (`id`, `lms_id`, a DISC type) is 42501;
 * a value the contract's schema refuses is the SQLSTATE PostgreSQL would raise (23502 missing,
 * 22P02 wrong type, 23514 out of bounds), with the Indonesian message naming the field.
 */

/** Rows one insert may carry: the site sends one; a bulk insert is bounded by the per-address limit anyway. */
export const MAX_INSERT_ROWS = 50;

const isRow = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON body as rows; PGRST102 when it is not an object or an array of objects. */
export function bodyRows(text: string): Record<string, unknown>[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidBody('Empty or invalid json', 'Isi permintaan harus JSON: satu objek atau larik objek');
  }
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isRow)) throw invalidBody('All object keys must match', 'Setiap baris harus berupa objek JSON');
  if (rows.length > MAX_INSERT_ROWS) throw invalidBody(`Terlalu banyak baris dalam satu permintaan (maksimal ${MAX_INSERT_ROWS})`);
  return rows;
}

/** The keys to insert: `columns=` when given, else the keys every row shares. */
function keysOf(rows: Record<string, unknown>[], columns: string[] | undefined): string[] {
  if (columns) return columns;
  const [first = {}] = rows;
  const keys = Object.keys(first);
  const same = (row: Record<string, unknown>) => {
    const other = Object.keys(row);
    return other.length === keys.length && other.every((key) => key in first);
  };
  if (!rows.every(same)) throw invalidBody('All object keys must match');
  return keys;
}

type Issue = z.core.$ZodIssue;

/** The SQLSTATE PostgreSQL would give a refused value of `row`: missing 23502, of the wrong type 22P02, out of bounds 23514. */
function sqlStateOf(issue: Issue, row: Record<string, unknown>): string {
  if (issue.code !== 'invalid_type') return '23514';
  let value: unknown = row;
  for (const key of issue.path)
    value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value === undefined || value === null ? '23502' : '22P02';
}

/** Checks the rows against the table's grants and schema; answers them checked (trimmed, defaults filled). */
export function checkRows(
  table: RestTable,
  rows: Record<string, unknown>[],
  columns: string[] | undefined,
  missingDefault: boolean,
): Record<string, unknown>[] {
  const keys = keysOf(rows, columns);
  const writable = new Set(insertColumns(table));
  for (const key of keys) {
    if (!table.columns.has(key)) throw columnNotFound(table.name, key);
    if (!writable.has(key)) throw permissionDenied(table.name, `Kolom ${key} tidak boleh diisi: ${table.allowed}`);
  }
  const issues: { field: string; message: string; code: string }[] = [];
  const checked = rows.map((row, index) => {
    const picked: Record<string, unknown> = {};
    for (const key of keys) {
      if (key in row) picked[key] = row[key];
      else if (!missingDefault) picked[key] = null;
    }
    const result = z.safeParse(table.insert, picked);
    if (result.success) return result.data as Record<string, unknown>;
    for (const issue of result.error.issues) {
      const path = [...(rows.length > 1 ? [index] : []), ...issue.path].map(String).join('.');
      issues.push({ field: path || '(body)', message: issue.message, code: sqlStateOf(issue, picked) });
    }
    return {};
  });
  const [first] = issues;
  if (first) {
    throw new PostgrestError(
      400,
      first.code,
      `Data tidak valid: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')}`,
      issues.map((issue) => issue.field).join(', '),
    );
  }
  return checked;
}
