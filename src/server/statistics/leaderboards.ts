import { sql } from 'drizzle-orm';
import type { Leaderboard, LeaderboardPage } from '~/contract/statistics';
import type { Db } from '../db/client';
import { cityNames } from '../platform/areas';
import { pageOf } from '../platform/paging';
import { likePattern } from '../platform/slugs';
import { rows } from './statistics';

/**
 * Leaderboards (league teams, learners) by score. Ranks are competition ranks over the whole board
 * (ties share a rank: 1, 2, 2, 4), computed before a search narrows the rows, so a team keeps its
 * rank whatever is searched.
 */
export async function listLeaderboard(
  db: Db,
  lmsId: string,
  query: { board: Leaderboard; page: number; pageSize: number; search?: string | undefined },
): Promise<LeaderboardPage> {
  const search = query.search ? sql`where name ilike ${likePattern(query.search)} or subtitle ilike ${likePattern(query.search)}` : sql``;
  const ranked = sql`(select rank() over (order by score desc) as rank, id, name, subtitle, province_id, score
    from leaderboard_scores where lms_id = ${lmsId} and board = ${query.board}) ranked ${search}`;
  const [total, found, names] = await Promise.all([
    db.execute(sql`select count(*) as value from ${ranked}`),
    db.execute(sql`select * from ${ranked} order by rank, name, id limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    cityNames(),
  ]);
  const totalItems = Number(rows<{ value: number | string }>(total)[0]?.value ?? 0);
  return pageOf(
    rows<{ rank: number | string; name: string; subtitle: string; province_id: string | null; score: number | string }>(found).map(
      (row) => ({
        rank: Number(row.rank),
        name: row.name,
        subtitle: row.subtitle,
        province: row.province_id ? { id: row.province_id, name: names.get(row.province_id) ?? row.province_id } : null,
        score: Number(row.score),
      }),
    ),
    query.page,
    query.pageSize,
    totalItems,
  );
}
