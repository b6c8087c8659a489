import { useId } from 'react';
import type { LearnerCourse } from '~/contract/learner';
import { chapterPath, coursePath } from '~/lib/catalogue/paths';

/** One course: progress as a bar with its words, and the way on (the next unread chapter, or the course when all are read). */
function CourseItem({ course }: { course: LearnerCourse }) {
  const id = useId();
  const done = course.totalChapters > 0 && course.chaptersRead >= course.totalChapters;
  return (
    <article className="home-card" data-course={course.slug}>
      <h3 className="home-card__title">
        <a href={coursePath(course)}>{course.title}</a>
      </h3>
      {course.grantedBy && <p className="home-card__note">Kursus premium dari kelas {course.grantedBy}</p>}
      <div className="home-progress">
        <label htmlFor={`${id}-progress`}>
          {done ? 'Selesai: ' : 'Kemajuan: '}
          {course.chaptersRead} dari {course.totalChapters} bab dibaca
        </label>
        <progress id={`${id}-progress`} max={Math.max(course.totalChapters, 1)} value={course.chaptersRead} />
      </div>
      <div className="home-card__actions">
        {course.next ? (
          <a className="btn btn--primary" href={chapterPath(course, course.next.moduleSlug, course.next.chapterSlug)}>
            Lanjutkan belajar
            <span className="visually-hidden">: {course.next.title}</span>
          </a>
        ) : (
          <a className="btn btn--ghost" href={coursePath(course)}>
            Buka kursus<span className="visually-hidden"> {course.title}</span>
          </a>
        )}
      </div>
    </article>
  );
}

/** 'Kursus saya': premium courses the learner's classes grant and free courses they started. */
export function HomeCourses({ courses }: { courses: LearnerCourse[] }) {
  if (!courses.length)
    return (
      <p>
        Belum ada kursus yang Anda mulai. <a href="/Courses">Lihat kursus</a>
      </p>
    );
  return (
    <ul className="home-list">
      {courses.map((course) => (
        <li key={course.slug}>
          <CourseItem course={course} />
        </li>
      ))}
    </ul>
  );
}
