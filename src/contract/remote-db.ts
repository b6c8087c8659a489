import { DiscSubmissionSchema } from './disc';
import { z } from './mini';

/*
 * The hosted database REST (SPEC §3 "Remote-database records", §7 "Hosted database REST"): the
 * tables the site writes and reads through the PostgREST protocol at `/api/rest/v1/`, with the
 * columns as they are named there (snake_case). zod/mini: the islands validate with the very
 * schemas the server re-validates inserts with. Text is trimmed and otherwise kept as typed (emoji,
 * Indonesian letters, markup: it is stored as plain text and never rendered as HTML).
 */

/** The tables of SPEC §7, as they appear in the URL (`/api/rest/v1/book_reviews`). */
export const REMOTE_DB_TABLES = ['book_reviews', 'aspirations', 'user_disc', 'testimonies', 'donations'] as const;
export type RemoteDbTable = (typeof REMOTE_DB_TABLES)[number];

/** The request header carrying the tenant's public key (a site ships it, as a Supabase site ships its anon key). */
export const REST_API_KEY_HEADER = 'apikey';

/** Longest text of each kind, in characters. */
export const REMOTE_TEXT_MAX = { name: 100, city: 100, role: 100, book: 120, comment: 2000, message: 2000, donationMessage: 500 } as const;

/** Whole rupiah a pledge may be: at least Rp1.000 (below that a typo is likelier than a gift), at most Rp10 miliar. */
export const DONATION_AMOUNT = { min: 1_000, max: 10_000_000_000 } as const;

/** What an anonymous donor is listed as instead of their name. */
export const ANONYMOUS_DONOR = 'Anonim';

// Control characters (C0, DEL, C1) have no place in what visitors type; free text keeps tabs and line breaks.
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_BREAKS = /(?![\t\n\r])\p{Cc}/u;

/** One line of text (a name, a city): trimmed, `min`–`max` characters, no line breaks. */
const line = (what: string, min: number, max: number) =>
  z.string(`${what} wajib diisi`).check(
    z.trim(),
    z.minLength(min, min <= 1 ? `${what} wajib diisi` : `${what} minimal ${min} karakter`),
    z.maxLength(max, `${what} maksimal ${max} karakter`),
    z.refine((value) => !CONTROL.test(value), `${what} harus satu baris tanpa karakter kontrol`),
  );

/** Free text (a comment, a message): trimmed, `min`–`max` characters, line breaks kept. */
const paragraph = (what: string, min: number, max: number) =>
  z.string(`${what} wajib diisi`).check(
    z.trim(),
    z.minLength(min, min <= 1 ? `${what} wajib diisi` : `${what} minimal ${min} karakter`),
    z.maxLength(max, `${what} maksimal ${max} karakter`),
    z.refine((value) => !CONTROL_BUT_BREAKS.test(value), `${what} tidak boleh berisi karakter kontrol`),
  );

const RATING_MESSAGE = 'Beri nilai 1 sampai 5 bintang';
const Rating = z.number(RATING_MESSAGE).check(z.int(RATING_MESSAGE), z.gte(1, RATING_MESSAGE), z.lte(5, RATING_MESSAGE));

/** POST book_reviews: a reader's comment on a book (/Metamorfosa). */
export const BookReviewInsertSchema = z.strictObject({
  book: line('Judul buku', 1, REMOTE_TEXT_MAX.book),
  name: line('Nama', 2, REMOTE_TEXT_MAX.name),
  rating: Rating,
  comment: paragraph('Komentar', 3, REMOTE_TEXT_MAX.comment),
});
export type BookReviewInsert = z.input<typeof BookReviewInsertSchema>;

/** POST aspirations: a visitor's hope or suggestion. */
export const AspirationInsertSchema = z.strictObject({
  name: line('Nama', 2, REMOTE_TEXT_MAX.name),
  city: line('Kota', 2, REMOTE_TEXT_MAX.city),
  message: paragraph('Aspirasi', 5, REMOTE_TEXT_MAX.message),
});
export type AspirationInsert = z.input<typeof AspirationInsertSchema>;

/** POST user_disc: name, e-mail and the 24 answers; the type and scores are computed by the server. */
export const UserDiscInsertSchema = DiscSubmissionSchema;
export type UserDiscInsert = z.input<typeof UserDiscInsertSchema>;

/** POST testimonies: a learner's or partner's testimony. */
export const TestimonyInsertSchema = z.strictObject({
  name: line('Nama', 2, REMOTE_TEXT_MAX.name),
  role: line('Peran', 2, REMOTE_TEXT_MAX.role),
  message: paragraph('Testimoni', 10, REMOTE_TEXT_MAX.message),
  rating: Rating,
});
export type TestimonyInsert = z.input<typeof TestimonyInsertSchema>;

const AMOUNT_MESSAGE = `Masukkan nominal dalam rupiah, mis. 150.000; minimal ${DONATION_AMOUNT.min.toLocaleString('id-ID')}`;

/** POST donations: a pledge in whole rupiah; `anonymous` lists the donor as 'Anonim'. */
export const DonationInsertSchema = z.strictObject({
  name: line('Nama', 2, REMOTE_TEXT_MAX.name),
  amount: z
    .number(AMOUNT_MESSAGE)
    .check(
      z.int('Nominal harus rupiah bulat, tanpa sen'),
      z.gte(DONATION_AMOUNT.min, `Donasi minimal Rp${DONATION_AMOUNT.min.toLocaleString('id-ID')}`),
      z.lte(DONATION_AMOUNT.max, 'Nominal terlalu besar; hubungi kami untuk donasi sebesar ini'),
    ),
  message: z._default(paragraph('Pesan', 0, REMOTE_TEXT_MAX.donationMessage), ''),
  anonymous: z._default(z.boolean('Pilih apakah nama ditampilkan'), false),
});
export type DonationInsert = z.input<typeof DonationInsertSchema>;

/* What reads and inserts answer with (the columns each table exposes; see src/server/rest/registry.ts). */

const Timestamp = z.string();

/** A book review as everyone may read it. */
export const BookReviewSchema = z.object({
  id: z.number(),
  book: z.string(),
  name: z.string(),
  rating: z.number(),
  comment: z.string(),
  created_at: Timestamp,
});
export type BookReview = z.infer<typeof BookReviewSchema>;

/** An aspiration as everyone may read it. */
export const AspirationSchema = z.object({
  id: z.number(),
  name: z.string(),
  city: z.string(),
  message: z.string(),
  created_at: Timestamp,
});
export type Aspiration = z.infer<typeof AspirationSchema>;

/** A stored DISC result as its insert returns it (never readable afterwards). */
export const UserDiscSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  type: z.enum(['D', 'I', 'S', 'C']),
  score_d: z.number(),
  score_i: z.number(),
  score_s: z.number(),
  score_c: z.number(),
  created_at: Timestamp,
});
export type UserDisc = z.infer<typeof UserDiscSchema>;

/** A stored testimony as its insert returns it (testimonies are not readable through the REST API). */
export const TestimonySchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.string(),
  message: z.string(),
  rating: z.number(),
  created_at: Timestamp,
});
export type Testimony = z.infer<typeof TestimonySchema>;

/** A donation as everyone may read it: an anonymous donor's name reads 'Anonim'. */
export const DonationSchema = z.object({
  id: z.number(),
  name: z.string(),
  amount: z.number(),
  message: z.string(),
  created_at: Timestamp,
});
export type Donation = z.infer<typeof DonationSchema>;

/** A pledge as its insert returns it to the donor (with their own name and choice). */
export const DonationCreatedSchema = z.object({ ...DonationSchema.shape, anonymous: z.boolean() });
export type DonationCreated = z.infer<typeof DonationCreatedSchema>;

/** GET donations?select=amount. */
export const DonationAmountSchema = z.object({ amount: z.number() });
