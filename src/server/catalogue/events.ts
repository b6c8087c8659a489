import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Festival } from '~/contract/festival';
import { zoneOffsetHours } from '~/lib/format/dates';
import type { League } from '~/lib/tenant/league-schema';
import type { CatalogueSection } from '~/lib/tenant/variants';
import type { Db } from '../db/client';
import { classes, courses, festivals, leaderboardScores, leagueSeasons, mentors, programs } from '../db/schema';

/**
 * The tenant's festival and league (docs/design.md: catalogue rows of one tenant), and which
 * catalogue sections it runs at all: a section with nothing in it is not linked and its route
 * answers an honest "not here" page.
 */

/**
 * The festival /BelajarBersama shows: the next published one that has not ended; undefined when there
 * is none (a festival that is over is not offered: the page answers the not-run page until the next).
 */
export async function currentFestival(db: Db, lmsId: string, now = new Date()): Promise<Festival | undefined> {
  const [row] = await db
    .select()
    .from(festivals)
    .where(and(eq(festivals.lmsId, lmsId), eq(festivals.isPublished, true), gte(festivals.endsAt, now)))
    .orderBy(asc(festivals.startsAt))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    startsAt: isoIn(row.startsAt, row.zone),
    endsAt: isoIn(row.endsAt, row.zone),
    zone: row.zone,
    place: row.place,
    programme: row.programme,
    speakers: row.speakers,
    sponsorTiers: row.sponsorTiers,
  };
}

/** An instant written with its zone's offset (`2026-12-12T08:00:00+07:00`), so pages show it in that zone (lib/format/dates.ts). */
function isoIn(instant: Date, zone: string): string {
  const hours = zoneOffsetHours(zone);
  return `${new Date(instant.getTime() + hours * 3_600_000).toISOString().slice(0, 19)}+0${hours}:00`;
}

/** The league /Liga-Smk shows (the tenant's published season, the latest written); undefined when it runs none. */
export async function currentLeague(db: Db, lmsId: string): Promise<{ slug: string; name: string; season: League } | undefined> {
  const [row] = await db
    .select({ slug: leagueSeasons.slug, name: leagueSeasons.name, season: leagueSeasons.season })
    .from(leagueSeasons)
    .where(and(eq(leagueSeasons.lmsId, lmsId), eq(leagueSeasons.isPublished, true)))
    .orderBy(desc(leagueSeasons.updatedAt), desc(leagueSeasons.id))
    .limit(1);
  return row;
}

/** The catalogue sections (lib/tenant/variants.ts) a tenant's catalogue runs: each has at least one visible row. */
export async function catalogueSections(db: Db, lmsId: string): Promise<CatalogueSection[]> {
  const any = async (section: CatalogueSection, query: Promise<{ value: number }[]>) =>
    ((await query)[0]?.value ?? 0) > 0 ? [section] : [];
  const found = await Promise.all([
    any(
      'classes',
      db
        .select({ value: count() })
        .from(classes)
        .where(and(eq(classes.lmsId, lmsId), eq(classes.isPublished, true))),
    ),
    any(
      'programs',
      db
        .select({ value: count() })
        .from(programs)
        .where(and(eq(programs.lmsId, lmsId), eq(programs.isActive, true))),
    ),
    any(
      'courses',
      db
        .select({ value: count() })
        .from(courses)
        .where(and(eq(courses.lmsId, lmsId), eq(courses.isPublished, true))),
    ),
    any(
      'mentors',
      db
        .select({ value: count() })
        .from(mentors)
        .where(and(eq(mentors.lmsId, lmsId), eq(mentors.isActive, true))),
    ),
    any(
      'festival',
      db
        .select({ value: count() })
        .from(festivals)
        .where(and(eq(festivals.lmsId, lmsId), eq(festivals.isPublished, true), sql`${festivals.endsAt} >= now()`)),
    ),
    any(
      'league',
      db
        .select({ value: count() })
        .from(leagueSeasons)
        .where(and(eq(leagueSeasons.lmsId, lmsId), eq(leagueSeasons.isPublished, true))),
    ),
    any('leaderboards', db.select({ value: sql<number>`count(*)::int` }).from(leaderboardScores).where(eq(leaderboardScores.lmsId, lmsId))),
  ]);
  return found.flat();
}
