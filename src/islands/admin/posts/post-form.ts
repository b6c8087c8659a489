import type { ManagedPost, PostCreate, PostKind, PostUpdate } from '~/contract/posts';
import type { Issue } from '../../shared/form-errors';
import { fromLocalInput, toLocalInput } from '../kit';
import {
  checkDetails,
  type DetailFields,
  detailFieldsOf,
  detailsBody,
  detailsChanged,
  emptyDetails,
  type SavedDetails,
  sameTags,
  tagsOf,
} from './post-details-form';

/*
 * The post editor's fields as typed, and what a save sends. Framework-free: the editor island keeps
 * these values exactly as typed through failed saves and conflicts; only a save that succeeded or an
 * explicit "Muat versi terbaru" replaces them.
 */

/**
 * The editor's fields, as strings the inputs hold: the post's own, its tags and its details
 * (`details.startsAt`, post-details-form.ts). The content (HTML) is kept by the rich-text editor.
 */
export type PostFields = OwnFields & DetailFields;
interface OwnFields {
  title: string;
  slug: string;
  summary: string;
  /** A category id, or '' for none. */
  categoryId: string;
  author: string;
  /** The cover's address (a site path or an http(s) URL), '' for none. */
  cover: string;
  /** `datetime-local` in WIB, '' for "when published". */
  publishAt: string;
  /** Comma-separated. */
  tags: string;
}
export type PostField = keyof PostFields;

/**
 * What a button asks for: keep as a draft, publish (at the chosen time, else now), publish now
 * whatever the time says (a scheduled post), take off the site, or save a post that stays active.
 */
export type SaveIntent = 'draft' | 'publish' | 'publish-now' | 'unpublish' | 'save';

export const emptyFields = (author: string): PostFields => ({
  title: '',
  slug: '',
  summary: '',
  categoryId: '',
  author,
  cover: '',
  publishAt: '',
  tags: '',
  ...emptyDetails(),
});

/**
 * A stored post's fields. The publish time of a draft is shown only when it lies ahead (a planned
 * date): a draft's stored time is its creation, and publishing it should not back-date it.
 */
export function fieldsOf(post: ManagedPost, now = Date.now()): PostFields {
  const shownTime = post.isActive || Date.parse(post.publishedAt) > now;
  return {
    title: post.title,
    slug: post.slug,
    summary: post.summary,
    categoryId: post.category ? String(post.category.id) : '',
    author: post.author,
    cover: post.cover,
    publishAt: shownTime ? toLocalInput(post.publishedAt) : '',
    tags: post.tags.join(', '),
    ...detailFieldsOf(post.details),
  };
}

export const sameFields = (a: PostFields, b: PostFields): boolean =>
  (Object.keys(a) as PostField[]).every((key) => (key === 'tags' ? sameTags(a.tags, b.tags) : a[key].trim() === b[key].trim()));

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The messages of fields a save would be refused for, checked as the contract does (`PostCreateSchema`). */
export function checkFields(
  fields: PostFields,
  content: string | undefined,
  kind: PostKind | undefined,
): Partial<Record<PostField | 'content', string>> {
  const errors: Partial<Record<PostField | 'content', string>> = checkDetails(kind, fields);
  const title = fields.title.trim();
  if (!title) errors.title = 'Judul wajib diisi.';
  else if (title.length > 200) errors.title = `Judul maksimal 200 karakter (sekarang ${title.length}).`;
  const slug = fields.slug.trim();
  if (slug && (!SLUG.test(slug) || /^\d+$/.test(slug) || slug.length > 160))
    errors.slug = 'Slug hanya huruf kecil, angka dan tanda minus (mis. kelas-baru-2027), tidak hanya angka, maksimal 160 karakter.';
  if (fields.summary.trim().length > 1000) errors.summary = 'Ringkasan maksimal 1.000 karakter.';
  if (fields.author.trim().length > 120) errors.author = 'Nama penulis maksimal 120 karakter.';
  if (fields.publishAt && !fromLocalInput(fields.publishAt)) errors.publishAt = 'Isi tanggal dan jam dengan lengkap.';
  if (content !== undefined && content.length > 60_000)
    errors.content = 'Isi tulisan maksimal 60.000 karakter HTML; bagi menjadi beberapa tulisan.';
  return errors;
}

/** Whether a publish with these fields puts the post on the site later rather than now. */
export const schedulesLater = (fields: PostFields, now = Date.now()): boolean => {
  const at = fromLocalInput(fields.publishAt);
  return at !== undefined && Date.parse(at) > now;
};

/**
 * The body of a save. Publishing with no time chosen publishes now; other intents send a time only
 * when one is chosen (the server keeps the stored one). `content` is left out when undefined (an
 * existing post whose text was not touched keeps its stored HTML exactly); so are the tags and the
 * details when they are as `saved` (the last save of an existing post) has them.
 */
export function saveBody(
  kindSlug: PostKind,
  fields: PostFields,
  content: string | undefined,
  intent: SaveIntent,
  saved?: SavedDetails & { fields: PostFields },
  now = new Date(),
) {
  const chosen = fromLocalInput(fields.publishAt);
  const publishedAt = intent === 'publish-now' ? now.toISOString() : intent === 'publish' ? (chosen ?? now.toISOString()) : chosen;
  const slug = fields.slug.trim();
  const body = {
    kindSlug,
    title: fields.title.trim(),
    summary: fields.summary.trim(),
    author: fields.author.trim(),
    cover: fields.cover.trim(),
    categoryId: fields.categoryId ? Number(fields.categoryId) : null,
    isActive: intent === 'publish' || intent === 'publish-now' || intent === 'save',
    ...(slug ? { slug } : {}),
    ...(publishedAt ? { publishedAt } : {}),
    ...(content !== undefined ? { content } : {}),
    ...(!saved || !sameTags(fields.tags, saved.fields.tags) ? { tags: tagsOf(fields.tags) } : {}),
    ...(!saved || detailsChanged(fields, saved.fields) ? { details: detailsBody(kindSlug, fields, saved) } : {}),
  } satisfies PostCreate & PostUpdate;
  return body;
}

/**
 * The server's 400 `fields` as the editor's messages: a detail under its own input (`details.startsAt`),
 * any other field under its first part (`tags.3` under the tags).
 */
export const serverFieldIssues = (named: readonly { field: string; message: string }[]): Issue[] =>
  named.map(({ field, message }) => {
    const [first = '', second] = field.split('.');
    return { path: [first === 'details' && second ? `details.${second}` : first], message };
  });
