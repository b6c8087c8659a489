import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppointmentCreateSchema } from '~/contract/posts';
import type { Db } from '../db/client';
import { appointments, posts } from '../db/schema';

/** Stores an appointment request; a `postId` must be a post of the same tenant. */
export async function createAppointment(db: Db, lmsId: string, input: z.output<typeof AppointmentCreateSchema>) {
  const { postId, ...data } = input;
  if (postId !== undefined) {
    const [post] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.lmsId, lmsId)));
    if (!post) return { ok: false as const, error: { field: 'postId', message: `post ${postId} tidak ditemukan` } };
  }
  const [row] = await db
    .insert(appointments)
    .values({ lmsId, postId: postId ?? null, data })
    .returning({ id: appointments.id, createdAt: appointments.createdAt });
  if (!row) throw new Error('janji temu tidak tersimpan');
  return { ok: true as const, appointment: { id: row.id, createdAt: row.createdAt.toISOString() } };
}
