import { and, asc, eq, sql } from 'drizzle-orm';
import type { Mentor } from '~/contract/mentors';
import type { Db } from '../db/client';
import { classes, classMentors, mentors } from '../db/schema';
import { qualified } from '../posts';

/** The tenant's active mentors in their order, each with the number of published classes they teach (core API `active/mentors`, /Mentor). */
export async function listMentors(db: Db, lmsId: string, where?: { ids?: number[] }): Promise<Mentor[]> {
  const rows = await db
    .select({
      id: mentors.id,
      slug: mentors.slug,
      name: mentors.name,
      headline: mentors.headline,
      bio: mentors.bio,
      photo: mentors.photo,
      linkedin: mentors.linkedin,
      expertise: mentors.expertise,
      totalClasses: sql<number>`(select count(*)::int from ${classMentors} join ${classes} on ${classes.id} = ${classMentors.classId}
        where ${classMentors.mentorId} = ${qualified(mentors.id)} and ${classes.isPublished})`,
    })
    .from(mentors)
    .where(
      and(
        eq(mentors.lmsId, lmsId),
        eq(mentors.isActive, true),
        where?.ids ? (where.ids.length ? sql`${mentors.id} in ${where.ids}` : sql`false`) : undefined,
      ),
    )
    .orderBy(asc(mentors.position), asc(mentors.id));
  return rows.map((row) => ({ ...row, totalClasses: Number(row.totalClasses) }));
}
