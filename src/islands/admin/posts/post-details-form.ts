import { PostCreateSchema, type PostDetails, PostDetailsSchema, type PostKind } from '~/contract/posts';
import { fromLocalInput, toLocalInput } from '../kit';

/*
 * A post's tags and kind-specific details as the editor holds them: one string per input, each named
 * as the API names its field (`details.startsAt`), so the server's 400 lands beside the right input.
 * Framework-free, like post-form.ts.
 */

export type DetailKey = keyof PostDetails;
export type DetailField = `details.${DetailKey}`;
export type DetailFields = Record<DetailField, string>;

/** Every detail, in the contract's order (the forms' order too). */
export const DETAIL_KEYS = Object.keys(PostDetailsSchema.shape) as DetailKey[];
export const detailField = (key: DetailKey): DetailField => `details.${key}`;
export const DETAIL_FIELDS = DETAIL_KEYS.map(detailField);

/** Details held as `datetime-local` text in WIB. */
const TIMES: ReadonlySet<DetailKey> = new Set(['startsAt', 'endsAt', 'registrationOpensAt', 'registrationClosesAt']);
export const isTimeDetail = (key: DetailKey): boolean => TIMES.has(key);

/**
 * The details each kind's editor shows: a podcast's episode, an event's time, place and registration,
 * and the registration dates that a program's or a news post's page turns into its status badge.
 */
export const KIND_DETAILS: Partial<Record<PostKind, readonly DetailKey[]>> = {
  podcasts: ['episode', 'duration', 'audio'],
  event: ['startsAt', 'endsAt', 'location', 'registrationUrl', 'registrationOpensAt', 'registrationClosesAt'],
  program: ['registrationOpensAt', 'registrationClosesAt'],
  news: ['registrationOpensAt', 'registrationClosesAt'],
};
export const detailsShown = (kind: PostKind | undefined): readonly DetailKey[] => (kind && KIND_DETAILS[kind]) || [];

export const emptyDetails = (): DetailFields => Object.fromEntries(DETAIL_FIELDS.map((field) => [field, ''])) as DetailFields;

/** A stored post's details as the inputs show them (times in WIB). */
export function detailFieldsOf(details: PostDetails): DetailFields {
  const fields = emptyDetails();
  for (const key of DETAIL_KEYS) {
    const value = details[key];
    if (value !== undefined) fields[detailField(key)] = isTimeDetail(key) ? toLocalInput(String(value)) : String(value);
  }
  return fields;
}

/** The tags of the comma-separated input: trimmed, empty ones and repeats left out. */
export const tagsOf = (text: string): string[] => [...new Set(text.split(',').map((tag) => tag.trim()))].filter(Boolean);
export const tagsText = (tags: readonly string[]): string => tags.join(', ');
export const sameTags = (a: string, b: string): boolean => tagsText(tagsOf(a)) === tagsText(tagsOf(b));

/** What a save last stored: its inputs as they were sent, and the details as the server holds them. */
export interface SavedDetails {
  fields: DetailFields;
  details: PostDetails;
}

/** A typed detail as the API takes it; malformed text is passed on for the schema to name. */
function detailValue(key: DetailKey, text: string): unknown {
  if (key === 'episode') return /^\d+$/.test(text) ? Number(text) : Number.NaN;
  return isTimeDetail(key) ? (fromLocalInput(text) ?? text) : text;
}

/**
 * The `details` a save sends (the API replaces them whole): the kind's filled-in inputs, and what the
 * stored post holds that this kind's form does not show. A value not retyped since the last save goes
 * back exactly as stored (a time keeps its seconds).
 */
export function detailsBody(kind: PostKind | undefined, fields: DetailFields, saved?: SavedDetails): PostDetails {
  const shown = detailsShown(kind);
  const body: Record<string, unknown> = {};
  for (const key of DETAIL_KEYS) {
    const text = fields[detailField(key)].trim();
    const kept = saved?.details[key];
    if (!shown.includes(key)) {
      if (kept !== undefined) body[key] = kept;
    } else if (text) {
      body[key] = kept !== undefined && text === saved?.fields[detailField(key)].trim() ? kept : detailValue(key, text);
    }
  }
  return body as PostDetails;
}

/** Whether any detail input differs from the last save. */
export const detailsChanged = (fields: DetailFields, saved: DetailFields): boolean =>
  DETAIL_FIELDS.some((field) => fields[field].trim() !== saved[field].trim());

/** Each detail's message when the contract refuses it (the schema's own words otherwise). */
const REFUSED: Partial<Record<DetailKey, string>> = {
  episode: 'Nomor episode berupa bilangan bulat, mulai dari 1.',
  duration: 'Durasi maksimal 20 karakter, mis. 42:15 atau 1:05:30.',
  audio: 'Alamat audio diawali / (berkas di situs ini, mis. /media/episode-12.mp3) atau http(s)://.',
  location: 'Tempat maksimal 300 karakter.',
  registrationUrl: 'Tautan pendaftaran harus alamat lengkap yang diawali http:// atau https://.',
};
const INCOMPLETE = 'Isi tanggal dan jam dengan lengkap.';

/** The messages of the tags and the kind's details a save would be refused for, checked with the contract's schemas. */
export function checkDetails(kind: PostKind | undefined, fields: DetailFields & { tags: string }) {
  const errors: Partial<Record<DetailField | 'tags', string>> = {};
  const tags = tagsOf(fields.tags);
  if (!PostCreateSchema.shape.tags.safeParse(tags).success) {
    const long = tags.find((tag) => tag.length > 40);
    errors.tags = long
      ? `Tiap tag maksimal 40 karakter; “${long.slice(0, 24)}…” ${long.length} karakter.`
      : `Maksimal 20 tag (sekarang ${tags.length}).`;
  }
  const details = detailsBody(kind, fields);
  for (const issue of PostDetailsSchema.safeParse(details).error?.issues ?? []) {
    const key = issue.path[0] as DetailKey;
    errors[detailField(key)] ??= isTimeDetail(key) ? INCOMPLETE : (REFUSED[key] ?? issue.message);
  }
  const before = (first: DetailKey, then: DetailKey) => {
    const [from, to] = [details[first], details[then]];
    return typeof from === 'string' && typeof to === 'string' && Date.parse(to) < Date.parse(from);
  };
  if (before('startsAt', 'endsAt')) errors['details.endsAt'] ??= 'Waktu selesai tidak boleh sebelum waktu mulai.';
  if (before('registrationOpensAt', 'registrationClosesAt'))
    errors['details.registrationClosesAt'] ??= 'Pendaftaran tidak boleh ditutup sebelum dibuka.';
  return errors;
}
