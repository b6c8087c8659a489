import {
  type Chapter,
  ChapterResponseSchema,
  type CourseDetail,
  CourseDetailResponseSchema,
  CourseListResponseSchema,
  type CourseProgress,
  CourseProgressResponseSchema,
  type CourseSummary,
} from '~/contract/courses';
import type { Paged } from '~/contract/paged';
import type { ApiClient, RequestOptions } from './client';

/** GET v1/course/list (page, pageSize 6, premium). */
export async function listCourses(
  client: ApiClient,
  params: { page?: number; pageSize?: number; premium?: boolean } = {},
  options?: RequestOptions,
): Promise<Paged<CourseSummary>> {
  return (await client.call('main', 'v1/course/list', CourseListResponseSchema, { ...options, query: { ...params } })).data;
}

/** GET v1/course/detail?slug: a course with its outline. */
export async function getCourse(client: ApiClient, slug: string, options?: RequestOptions): Promise<CourseDetail> {
  return (await client.call('main', 'v1/course/detail', CourseDetailResponseSchema, { ...options, query: { slug } })).data;
}

/** GET v1/course/chapter: a chapter's highlighted content; a premium one needs a signed-in learner of its class (401, 403). */
export async function getChapter(client: ApiClient, courseSlug: string, chapterSlug: string, options?: RequestOptions): Promise<Chapter> {
  return (await client.call('main', 'v1/course/chapter', ChapterResponseSchema, { ...options, query: { courseSlug, chapterSlug } })).data;
}

/** GET v1/course/progress: the signed-in learner's progress and access. */
export async function getCourseProgress(client: ApiClient, courseSlug: string, options?: RequestOptions): Promise<CourseProgress> {
  return (await client.call('main', 'v1/course/progress', CourseProgressResponseSchema, { ...options, query: { courseSlug } })).data;
}

/** POST v1/course/progress: records a chapter as read (idempotent) and answers the new progress. */
export async function recordChapterRead(
  client: ApiClient,
  courseSlug: string,
  chapterSlug: string,
  options?: RequestOptions,
): Promise<CourseProgress> {
  return (
    await client.call('main', 'v1/course/progress', CourseProgressResponseSchema, {
      ...options,
      method: 'POST',
      body: { courseSlug, chapterSlug },
    })
  ).data;
}
