import type { ClassDetail, SyllabusItem } from '~/contract/classes';
import { CLASS_LEVEL_LABELS, CLASS_TYPE_LABELS } from '~/contract/classes';
import { POST_KINDS, type PostDetails } from '~/contract/posts';
import { priceBreakdown, taxNote } from '~/contract/tax';
import { chapterPath, classPath, coursePath, programPath } from '~/lib/catalogue/paths';
import { postPath } from '~/lib/content/paths';
import type { ContentSource } from '~/lib/content/source';
import { formatDate, formatTimeRange } from '~/lib/format/dates';
import { formatRupiah } from '~/lib/format/money';
import type { CopyContext } from '~/lib/tenant/copy-tokens';
import type { TenantCopy } from '../tenants';
import { pagePassages } from './page-passages';
import { joined, list, type Passage, Passages } from './passages';
import { htmlSections, type Section } from './text';

/*
 * The passages the assistant searches: the tenant's published content cut at its headings, each
 * with the page it sits on (title and address, as the site links it). Classes, programs, courses
 * and free chapters, posts of every kind, and the content pages with their FAQ, each question and
 * answer a passage of its own. A premium chapter's text is never read (only its outline is public).
 */

/** A syllabus, one section per unit: its title, summary and topics. */
const syllabusSections = (units: readonly SyllabusItem[]): Section[] =>
  units.map((unit) => ({ heading: unit.title, text: joined(unit.summary, list('Topik', unit.topics)) }));

/** A class's searchable facts in words: code, kind, level, program, place, schedule, price, dates, mentors. */
function classFacts(item: ClassDetail): string {
  return joined(
    `Kode kelas ${item.code}.`,
    `${CLASS_TYPE_LABELS[item.type]} tingkat ${CLASS_LEVEL_LABELS[item.level]}.`,
    item.program ? `Bagian dari program ${item.program.name}.` : '',
    item.category ? `Kategori ${item.category.name}.` : '',
    item.isOnline
      ? `Diselenggarakan daring (online)${item.place ? ` melalui ${item.place}` : ''}.`
      : `Tempat: ${[item.place, item.heldCity?.name].filter(Boolean).join(', ')}.`,
    item.schedule ? `Jadwal: ${item.schedule}.` : '',
    item.price > 0
      ? `Biaya kelas ${formatRupiah(priceBreakdown(item.price, item.tax).total)}. ${taxNote(item.tax)}`
      : 'Kelas gratis, tanpa biaya.',
    item.alwaysOpen
      ? 'Pendaftaran selalu dibuka; bisa mulai kapan saja.'
      : joined(
          item.startsAt ? `Kelas dimulai ${formatDate(item.startsAt)}${item.endsAt ? ` dan selesai ${formatDate(item.endsAt)}` : ''}.` : '',
          item.registrationClosesAt ? `Pendaftaran ditutup ${formatDate(item.registrationClosesAt)}.` : '',
        ),
    item.mentors.length ? `Mentor: ${item.mentors.map((mentor) => mentor.name).join(', ')}.` : '',
  );
}

async function classPassages(source: ContentSource, into: Passages) {
  for (const summary of await source.allClasses()) {
    const item = await source.getClass(summary.code);
    if (!item) continue;
    const base = { kind: 'class' as const, url: classPath(item), title: item.name, class: summary };
    into.add(base, [{ heading: '', text: item.summary }, ...htmlSections(item.description)]);
    into.add({ ...base, facts: true }, [{ heading: '', text: classFacts(item) }]);
    into.add(base, [
      { heading: 'Persyaratan', text: list('Persyaratan', item.requirements) },
      { heading: 'Yang didapat', text: list('Yang didapat', item.benefits) },
      ...syllabusSections(item.syllabus),
    ]);
  }
}

async function programPassages(source: ContentSource, into: Passages) {
  for (const summary of await source.allPrograms()) {
    const item = await source.getProgram({ slug: summary.slug });
    if (!item) continue;
    const base = { kind: 'program' as const, url: programPath(item), title: item.name };
    into.add(base, [
      {
        heading: '',
        text: joined(
          item.summary,
          item.audience ? `Untuk: ${item.audience}.` : '',
          item.durationWeeks ? `Durasi ${item.durationWeeks} minggu.` : '',
          list('Hasil belajar', item.outcomes),
          list(
            'Kelas',
            item.classes.map((entry) => entry.name),
          ),
        ),
      },
      ...htmlSections(item.description),
      ...syllabusSections(item.syllabus),
    ]);
  }
}

async function coursePassages(source: ContentSource, into: Passages) {
  const courses = new Map((await source.allCourses()).map((course) => [course.slug, course]));
  for (const summary of courses.values()) {
    const item = await source.getCourse(summary.slug);
    if (!item) continue;
    const base = { kind: 'course' as const, url: coursePath(item), title: item.title };
    into.add(base, [
      {
        heading: '',
        text: joined(
          item.summary,
          `Kursus ${item.isPremium ? 'premium' : 'gratis'} tingkat ${CLASS_LEVEL_LABELS[item.level]}, ${item.totalModules} modul, ${item.totalChapters} bab.`,
          item.isPremium && item.class ? `Akses untuk peserta kelas ${item.class.name}.` : '',
        ),
      },
      ...htmlSections(item.description),
      ...item.modules.map((module) => ({
        heading: module.title,
        text: joined(
          module.summary,
          list(
            'Bab',
            module.chapters.map((chapter) => chapter.title),
          ),
        ),
      })),
    ]);
  }
  for (const address of await source.allChapters()) {
    const course = courses.get(address.courseSlug);
    if (!course || course.isPremium) continue;
    const chapter = await source.getFreeChapter(address.courseSlug, address.chapterSlug);
    if (!chapter) continue;
    const url = chapterPath(course, address.moduleSlug, address.chapterSlug);
    into.add({ kind: 'chapter', url, title: `${chapter.title} — ${course.title}` }, htmlSections(chapter.content));
  }
}

async function postPassages(source: ContentSource, into: Passages) {
  for (const kind of POST_KINDS) {
    for (const summary of await source.allPosts(kind)) {
      const post = await source.getPost({ kindSlug: kind, slug: summary.slug });
      if (!post) continue;
      const base = { kind: 'post' as const, url: postPath(post), title: post.title };
      into.add(base, [{ heading: '', text: joined(post.summary, postFacts(post.details)) }, ...htmlSections(post.content)]);
    }
  }
}

/** An event's or a registration's when and where, in words. */
function postFacts(details: PostDetails): string {
  return joined(
    details.startsAt ? `Waktu: ${formatTimeRange(details.startsAt, details.endsAt)}.` : '',
    details.location ? `Lokasi: ${details.location}.` : '',
    details.registrationClosesAt ? `Pendaftaran ditutup ${formatDate(details.registrationClosesAt)}.` : '',
  );
}

/** Every passage of a tenant's published content. Reads the content source and the tenant's page copy. */
export async function tenantPassages(source: ContentSource, copy: TenantCopy, context: CopyContext): Promise<Passage[]> {
  const into = new Passages();
  await classPassages(source, into);
  await programPassages(source, into);
  await coursePassages(source, into);
  await postPassages(source, into);
  pagePassages(copy, context, into);
  return into.all;
}
