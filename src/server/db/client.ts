import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DEFAULT_DATABASE_TIMEOUTS } from '../config';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

/** The database handle every service takes; one type for both drivers (a union of the two drivers' types breaks the query builder under strict TypeScript). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle of a transaction opened with `db.transaction`, for writes that must commit together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /** `pglite` (embedded) or `postgres` (a server via DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory, or `memory://` for a throwaway database. */
  dataDir: string;
  /** Versioned migrations written by drizzle-kit. */
  migrationsFolder: string;
  /** Most connections the PostgreSQL pool opens (default 10); PGlite has one session. */
  poolSize?: number | undefined;
  /** How long PostgreSQL may take (default `DEFAULT_DATABASE_TIMEOUTS`); PGlite runs in process. */
  timeouts?: DatabaseTimeouts | undefined;
}

/**
 * How long PostgreSQL may take before a request gives up, so an outage answers 503 in seconds
 * instead of hanging (`db/errors.ts` tells an outage from other failures).
 */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one of the pool (ms). */
  connectMs: number;
  /**
   * One statement on the server (`statement_timeout`); the driver itself gives up
   * `QUERY_TIMEOUT_MARGIN_MS` later, for a server that does not answer at all.
   */
  statementMs: number;
  /** A session idle inside an open transaction is ended by the server, freeing its locks. */
  idleInTransactionMs: number;
  /** A pooled connection idle this long is closed. */
  idleMs: number;
}

/** The defaults of DB_*_TIMEOUT_MS (config.ts reads the variables into `config.database.timeouts`). */
export { DEFAULT_DATABASE_TIMEOUTS } from '../config';

/** The driver's own limit comes this much after the server's, so a slow statement ends with the server's clearer error. */
export const QUERY_TIMEOUT_MARGIN_MS = 1000;

/**
 * Opens the database and brings its schema to the newest migration. PGlite allows one process per
 * data directory, so a lock file in it turns a second opener away (tests use `memory://`).
 */
export function openDatabase(options: OpenOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options.dataDir, options.migrationsFolder);
}

/** Key of the advisory lock that lets one process at a time migrate a server (any fixed bigint). */
const MIGRATION_LOCK = '7316254981029417';

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: timeouts.idleMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // A query whose answer never comes (the server or the path to it froze) fails and its connection is dropped.
    query_timeout: timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  let closing = false;
  // An idle client that loses its server must not take the process down with it; after close() it is expected.
  pool.on('error', (error) => {
    if (!closing) console.error('[db] koneksi PostgreSQL terputus:', error.message);
  });
  const close = async () => {
    closing = true;
    await pool.end();
  };
  try {
    await migratePostgres(url, options.migrationsFolder, timeouts.connectMs);
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  return { db: drizzlePg({ client: pool, schema }) as unknown as Db, kind: 'postgres', close };
}

/**
 * Brings a server to the newest migration on a connection of its own, without the pool's statement
 * timeouts: a migration, or waiting for another process's, may take long. Drizzle's migrator takes
 * no lock, so processes starting together on an empty database would collide: an advisory lock
 * lets one at a time in, and ending the session gives it back.
 */
async function migratePostgres(url: string, migrationsFolder: string, connectMs: number): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectMs, keepAlive: true });
  // A connection lost mid-migration fails the query that is running; the event itself needs a listener.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.end().catch(() => {});
  }
}

async function openPglite(dataDir: string, migrationsFolder: string): Promise<Database> {
  const persistent = !dataDir.startsWith('memory://');
  if (persistent) mkdirSync(dataDir, { recursive: true });
  const unlock = persistent ? lockDataDir(dataDir) : () => {};
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dataDir);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        try {
          await opened.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    unlock();
    throw error;
  }
}

/** One or two lines for a log: what failed and, from `cause`, why the database refused it; no stack. */
export function describeDatabaseError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const what =
    error instanceof DrizzleQueryError
      ? `Failed query: ${error.query}`
      : error instanceof AggregateError && !error.message
        ? error.errors.map(String).join('; ')
        : error.message || error.name;
  const why = error.cause instanceof Error ? error.cause.message : undefined;
  return [what, why]
    .filter((line): line is string => Boolean(line))
    .map(oneLine)
    .join('\n');
}

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
};
