import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './pglite-lock';
import * as schema from './schema';

/** The database handle every service takes; one type for both drivers (see STACK-NOTES.md). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

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
}

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
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
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
    // Drizzle's migrator takes no lock: processes starting together on an empty database collide.
    const client = await pool.connect();
    let unlocked = false;
    try {
      await client.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
      try {
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: options.migrationsFolder });
      } finally {
        unlocked = await client.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`).then(
          () => true,
          () => false,
        );
      }
    } finally {
      // A connection that could not give the lock back is closed; the server frees the lock with it.
      client.release(!unlocked);
    }
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
  return { db: drizzlePg({ client: pool, schema }) as unknown as Db, kind: 'postgres', close };
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
