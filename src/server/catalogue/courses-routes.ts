import { Hono } from 'hono';
import {
  ChapterQuerySchema,
  ChapterReadSchema,
  CourseDetailQuerySchema,
  CourseListQuerySchema,
  CourseProgressQuerySchema,
} from '~/contract/courses';
import type { ApiDeps, ApiEnv } from '../context';
import { HttpError } from '../http/errors';
import { rateLimit } from '../http/rate-limit';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireUser } from '../identity';
import { courseProgress, findChapter, findCourse, listCourses, mayRead, readableChapter, recordChapterRead } from './courses';

/**
 * Courses (issue 14): lists and outlines for anyone with the app token; a premium chapter's content
 * only for a signed-in learner of its class, checked here on every request and never cached by a
 * shared cache; each learner's progress.
 */
export function coursesRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);
  const user = requireUser(deps);

  app.get('/list', token, async (c) => {
    const query = readQuery(c, CourseListQuerySchema);
    return c.json({ statusCode: 200, message: 'OK', data: await listCourses(deps.db, c.get('tenant').lmsId, query) });
  });

  app.get('/detail', token, async (c) => {
    const course = await findCourse(deps.db, c.get('tenant').lmsId, readQuery(c, CourseDetailQuerySchema).slug);
    if (!course) throw new HttpError(404, 'Kursus tidak ditemukan');
    return c.json({ statusCode: 200, message: 'OK', data: course });
  });

  app.get('/chapter', token, async (c) => {
    const { courseSlug, chapterSlug } = readQuery(c, ChapterQuerySchema);
    const found = await findChapter(deps.db, c.get('tenant').lmsId, courseSlug, chapterSlug);
    if (!found) throw new HttpError(404, 'Bab tidak ditemukan');
    if (found.isPremium) {
      c.header('Cache-Control', 'private, no-store');
      await user(c, async () => {}).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 401) throw new HttpError(401, 'Masuk untuk membaca bab ini');
        throw error;
      });
      if (!(await mayRead(deps.db, c.get('user').id, found))) {
        throw new HttpError(403, `Bab ini khusus peserta kelas ${found.className ?? 'kursus ini'}`);
      }
    }
    return c.json({ statusCode: 200, message: 'OK', data: await readableChapter(deps.db, found) });
  });

  app.get('/progress', token, user, async (c) => {
    const progress = await courseProgress(
      deps.db,
      c.get('tenant').lmsId,
      c.get('user').id,
      readQuery(c, CourseProgressQuerySchema).courseSlug,
    );
    if (!progress) throw new HttpError(404, 'Kursus tidak ditemukan');
    c.header('Cache-Control', 'private, no-store');
    return c.json({ statusCode: 200, message: 'OK', data: progress });
  });

  app.post('/progress', rateLimit(deps, { name: 'chapter-read', limit: 120, windowMs: 60_000 }), token, user, async (c) => {
    const { courseSlug, chapterSlug } = await readJson(c, ChapterReadSchema);
    const lmsId = c.get('tenant').lmsId;
    const userId = c.get('user').id;
    const found = await findChapter(deps.db, lmsId, courseSlug, chapterSlug);
    if (!found) throw new HttpError(404, 'Bab tidak ditemukan');
    if (!(await mayRead(deps.db, userId, found)))
      throw new HttpError(403, `Bab ini khusus peserta kelas ${found.className ?? 'kursus ini'}`);
    await recordChapterRead(deps.db, userId, found.chapter.id);
    const progress = await courseProgress(deps.db, lmsId, userId, courseSlug);
    return c.json({ statusCode: 200, message: 'Kemajuan tersimpan', data: progress });
  });

  return app;
}
