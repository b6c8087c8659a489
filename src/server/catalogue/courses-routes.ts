import { Hono } from 'hono';
import {
  ChapterQuerySchema,
  ChapterReadSchema,
  CourseDetailQuerySchema,
  CourseListQuerySchema,
  CourseProgressQuerySchema,
} from '~/contract/courses';
import type { ApiDeps, ApiEnv } from '../context';
import { rateLimit } from '../http/rate-limit';
import { ok, page } from '../http/respond';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireUser } from '../identity';
import { DomainError, fail } from '../platform/errors';
import { courseProgress, findChapter, findCourse, listCourses, mayRead, readableChapter, recordChapterRead } from './courses';

/**
 * Courses: lists and outlines for anyone with the app token; a premium chapter's content
 * only for a signed-in learner of its class, checked here on every request and never cached by a
 * shared cache; each learner's progress.
 */
export function coursesRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);
  const user = requireUser(deps);

  app.get('/list', token, async (c) => {
    const query = readQuery(c, CourseListQuerySchema);
    return page(c, await listCourses(deps.db, c.get('tenant').catalogueLmsId, query));
  });

  app.get('/detail', token, async (c) => {
    const course = await findCourse(deps.db, c.get('tenant').catalogueLmsId, readQuery(c, CourseDetailQuerySchema).slug);
    if (!course) throw fail('courseNotFound');
    return ok(c, course);
  });

  app.get('/chapter', token, async (c) => {
    const { courseSlug, chapterSlug } = readQuery(c, ChapterQuerySchema);
    const found = await findChapter(deps.db, c.get('tenant').catalogueLmsId, courseSlug, chapterSlug);
    if (!found) throw fail('chapterNotFound');
    if (found.isPremium) {
      c.header('Cache-Control', 'private, no-store');
      await user(c, async () => {}).catch((error: unknown) => {
        if (error instanceof DomainError && error.kind === 'unauthenticated') throw fail('chapterSignInRequired');
        throw error;
      });
      if (!(await mayRead(deps.db, c.get('user').id, found))) throw fail('chapterLearnersOnly', { className: found.className });
    }
    return ok(c, await readableChapter(deps.db, found));
  });

  app.get('/progress', token, user, async (c) => {
    const progress = await courseProgress(
      deps.db,
      c.get('tenant').catalogueLmsId,
      c.get('user').id,
      readQuery(c, CourseProgressQuerySchema).courseSlug,
    );
    if (!progress) throw fail('courseNotFound');
    c.header('Cache-Control', 'private, no-store');
    return ok(c, progress);
  });

  app.post('/progress', rateLimit(deps, { name: 'chapter-read', limit: 120, windowMs: 60_000 }), token, user, async (c) => {
    const { courseSlug, chapterSlug } = await readJson(c, ChapterReadSchema);
    const lmsId = c.get('tenant').catalogueLmsId;
    const userId = c.get('user').id;
    const found = await findChapter(deps.db, lmsId, courseSlug, chapterSlug);
    if (!found) throw fail('chapterNotFound');
    if (!(await mayRead(deps.db, userId, found))) throw fail('chapterLearnersOnly', { className: found.className });
    await recordChapterRead(deps.db, userId, { id: found.chapter.id, courseId: found.courseId });
    const progress = await courseProgress(deps.db, lmsId, userId, courseSlug);
    return ok(c, progress, 'Kemajuan tersimpan');
  });

  return app;
}
