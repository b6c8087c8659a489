import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { max } from 'drizzle-orm';
import { bigint, pgSchema } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { sqlState } from './errors';

/** Where Drizzle's migrator records what it applied (the same table on PGlite and PostgreSQL). */
const applied = pgSchema('drizzle').table('__drizzle_migrations', { createdAt: bigint('created_at', { mode: 'number' }) });

/** A migration of drizzle-kit's journal: its file name and the time the migrator records for it. */
export interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations of a folder written by drizzle-kit (`meta/_journal.json`), oldest first. */
export function readJournal(migrationsFolder: string): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * The journal's migrations the database has not applied, by tag. As Drizzle's migrator decides:
 * those newer than the last one it recorded (all of them when it recorded none).
 */
export async function findPendingMigrations(db: Db, journal: JournalEntry[]): Promise<string[]> {
  let last = Number.NEGATIVE_INFINITY;
  try {
    const [row] = await db.select({ last: max(applied.createdAt) }).from(applied);
    last = row?.last ?? last;
  } catch (error) {
    // No migrations table (or schema) yet: nothing was applied. Anything else is the database failing.
    if (sqlState(error) !== '42P01' && sqlState(error) !== '3F000') throw error;
  }
  return journal.filter((entry) => entry.when > last).map((entry) => entry.tag);
}

/** What readiness asks about migrations. */
export interface MigrationCheck {
  /** Tags of the migrations not applied (empty when the schema is current); throws when the database fails. */
  pending(): Promise<string[]>;
}

/**
 * `findPendingMigrations` for readiness, kept `ttlMs` so frequent health probes stay one `select 1`.
 * Concurrent calls share one query; a failure is not kept.
 */
export function migrationCheck(db: Db, migrationsFolder: string, ttlMs = 5000, now = () => Date.now()): MigrationCheck {
  const journal = readJournal(migrationsFolder);
  let kept: { at: number; pending: Promise<string[]> } | undefined;
  return {
    pending() {
      if (kept && now() - kept.at < ttlMs) return kept.pending;
      const pending = findPendingMigrations(db, journal);
      const entry = { at: now(), pending };
      kept = entry;
      pending.catch(() => {
        if (kept === entry) kept = undefined;
      });
      return pending;
    },
  };
}
