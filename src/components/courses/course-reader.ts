import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { browserEnvironment, whenAppStarted } from '~/stores/app';
import { restoreSession } from '~/stores/session';

/**
 * The course pages' one script (no React): for a signed-in learner it marks the chapters read in the
 * outline ("3 dari 12 bab selesai"), fetches a premium chapter's text from the API (which checks the
 * learner's class on every request; the built page never holds it), and records the chapter shown as
 * read. Signed out, or when a call fails, the page stays as built: outline and access links. The
 * course calls (with the zod/mini schemas that check their answers) load only for a signed-in learner,
 * so a visitor's chapter page runs the shell script and this one alone.
 */
export async function startCourseReader(): Promise<void> {
  const outline = document.querySelector<HTMLElement>('[data-course-outline]');
  const reader = document.querySelector<HTMLElement>('[data-chapter-reader]');
  const courseSlug = reader?.dataset.course ?? outline?.dataset.courseOutline;
  if (!courseSlug) return;
  const { client } = await whenAppStarted();
  if (!restoreSession(browserEnvironment(), client)) return;
  const { getChapter, getCourseProgress, recordChapterRead } = await import('~/lib/api/courses');

  let shown = reader !== null && !('premium' in reader.dataset);
  if (reader && 'premium' in reader.dataset) shown = await showPremium(client, reader, courseSlug, getChapter);
  try {
    const progress =
      shown && reader?.dataset.chapter
        ? await recordChapterRead(client, courseSlug, reader.dataset.chapter)
        : await getCourseProgress(client, courseSlug);
    markProgress(outline, progress.completedChapterIds, progress.totalChapters);
    showCertificate(outline, progress.certificateId);
  } catch (error) {
    // Progress is a nicety: the chapter stays readable without it.
    console.warn('[kursus] kemajuan belajar tidak dapat dimuat:', error);
  }
}

/** Puts a premium chapter's text in the page when the API gives it; says why not otherwise. Whether it is shown. */
async function showPremium(
  client: ApiClient,
  reader: HTMLElement,
  courseSlug: string,
  getChapter: typeof import('~/lib/api/courses').getChapter,
): Promise<boolean> {
  const status = reader.querySelector<HTMLElement>('[data-reader-status]');
  const content = reader.querySelector<HTMLElement>('[data-chapter-content]');
  const signedOut = reader.querySelector<HTMLElement>('[data-access-signed-out]');
  const denied = reader.querySelector<HTMLElement>('[data-access-denied]');
  if (!content || !reader.dataset.chapter) return false;
  if (status) status.textContent = 'Memuat bab…';
  try {
    const chapter = await getChapter(client, courseSlug, reader.dataset.chapter);
    // The server's HTML: sanitised on write and on the way out, code highlighted there.
    content.innerHTML = chapter.content;
    if (signedOut) signedOut.hidden = true;
    if (status) status.textContent = '';
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError && error.statusCode === 403) {
      if (signedOut) signedOut.hidden = true;
      if (denied) denied.hidden = false;
      if (status) status.textContent = '';
    } else if (status) {
      status.textContent =
        error instanceof ApiRequestError && error.statusCode === 401
          ? 'Sesi Anda berakhir. Silakan masuk kembali.'
          : 'Bab tidak dapat dimuat. Periksa koneksi Anda lalu muat ulang halaman.';
    }
    return false;
  }
}

/** Marks read chapters in the outline and says how far the learner is. */
function markProgress(outline: HTMLElement | null, done: number[], total: number): void {
  if (!outline) return;
  const read = new Set(done);
  for (const item of outline.querySelectorAll<HTMLElement>('[data-chapter-id]')) {
    const mark = item.querySelector<HTMLElement>('[data-chapter-done]');
    if (mark) mark.hidden = !read.has(Number(item.dataset.chapterId));
  }
  const line = outline.querySelector<HTMLElement>('[data-course-progress]');
  if (line) {
    line.textContent = `${read.size} dari ${total} bab selesai`;
    line.hidden = false;
  }
}

/** Once every chapter is read: where the learner's certificate of the course is (its public page). */
function showCertificate(outline: HTMLElement | null, certificateId: string | undefined): void {
  const notice = outline?.querySelector<HTMLElement>('[data-course-certificate]');
  const link = notice?.querySelector<HTMLAnchorElement>('[data-certificate-link]');
  if (!notice || !link || !certificateId) return;
  link.href = `/Sertifikat/${encodeURIComponent(certificateId)}`;
  notice.hidden = false;
}
