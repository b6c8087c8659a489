import { z } from 'zod';
import { PORTFOLIO_KINDS } from '~/contract/portfolio';
import { POST_KINDS, type PostKind, SlugSchema } from '~/contract/posts';
import { HrefSchema } from './content-schema';

/**
 * Schemas of the content items a tenant ships as files (SPEC §3 posts, categories, gallery, careers,
 * portfolio): `content/posts/<kind>/<slug>.html` front matter and `content/{categories,gallery,careers,portfolio}.json`.
 * `load-items.ts` reads, merges and cross-checks them; the seed and the build both go through it.
 */

// Post kinds (one folder each under `content/posts/`), portfolio kinds and slugs are the API's own.
export { PORTFOLIO_KINDS } from '~/contract/portfolio';
export { POST_KINDS, type PostKind, SlugSchema } from '~/contract/posts';

/** Employment types a job may have, as job seekers in Indonesia read them. */
export const JOB_TYPES = ['Penuh waktu', 'Paruh waktu', 'Magang', 'Kontrak'] as const;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} wajib diisi` })
    .trim()
    .min(1, `${field} wajib diisi`)
    .max(max, `${field} maksimal ${max} karakter`);

/** HTML from the CMS form; sanitised later, on write and on render. */
const html = (field: string) => text(field, 60_000);

/** A bare date, as the database keeps gallery, job and portfolio dates. */
export const IsoDateSchema = z.iso.date({ error: 'tanggal dalam format YYYY-MM-DD, mis. 2025-08-14' });

/** A date-time with its offset or a bare date, which means `bareTime` WIB that day; always out as a date-time with offset. */
const momentSchema = (bareTime: string) =>
  z
    .union([z.iso.datetime({ offset: true }), IsoDateSchema], {
      error: 'tanggal ISO, mis. 2025-08-14 atau 2025-08-14T09:00:00+07:00',
    })
    .transform((value) => (value.length === 10 ? `${value}T${bareTime}+07:00` : value));

/** A moment (`2025-08-14T09:00:00+07:00`); a bare date means midnight WIB. Comes out as the posts contract expects. */
export const MomentSchema = momentSchema('00:00:00');

/** A moment something ends or closes; a bare date means the end of that day in WIB ("dibuka hingga 15 Januari"). */
export const EndMomentSchema = momentSchema('23:59:59');

/** An image in the tenant's or the shared `assets/` folder, e.g. `covers/kelas-data.svg`. */
export const AssetPathSchema = z
  .string({ error: 'path gambar wajib diisi' })
  .regex(
    /^(?!.*\.\.)[a-z0-9][a-z0-9/_-]*\.(svg|png|jpe?g|webp|avif)$/,
    'path gambar di folder assets/, mis. covers/kelas-data.svg (huruf kecil, tanpa ..)',
  );

/** A video embed from the allow-listed player: `https://www.youtube-nocookie.com/embed/<id>`. */
export const VideoEmbedSchema = z
  .string({ error: 'tautan video wajib diisi' })
  .regex(
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}$/,
    'tautan video: https://www.youtube-nocookie.com/embed/<id 11 karakter>',
  );

/**
 * Front matter of `content/posts/<kind>/<slug>.html`; the HTML after it is the post content.
 * Podcast and event fields are checked per kind by `postFileSchemaFor`.
 */
export const PostFileSchema = z.strictObject({
  title: text('judul', 200),
  summary: text('ringkasan', 300),
  category: SlugSchema,
  cover: AssetPathSchema,
  publishedAt: MomentSchema,
  author: text('penulis', 120),
  tags: z.array(text('tag', 40)).max(20, 'maksimal 20 tag').default([]),
  /** Slug of a post of the same kind this one belongs to (lists with `isParent` show only parents). */
  parent: SlugSchema.optional(),
  episode: z.number({ error: 'episode harus berupa angka' }).int('episode bilangan bulat').positive('episode mulai dari 1').optional(),
  duration: z
    .string({ error: 'durasi wajib diisi' })
    .regex(/^(\d{1,2}:)?\d{1,2}:\d{2}$/, 'durasi dalam format mm:ss atau j:mm:ss, mis. 42:15')
    .optional(),
  audio: z.url({ protocol: /^https$/, error: 'audio harus tautan https://' }).optional(),
  startsAt: MomentSchema.optional(),
  endsAt: EndMomentSchema.optional(),
  location: text('lokasi', 300).optional(),
  registrationUrl: z.url({ protocol: /^https?$/, error: 'tautan pendaftaran harus http(s)://' }).optional(),
  /** When a registration the post announces opens and closes: the page says whether it is open from these, not from its prose. */
  registrationOpensAt: MomentSchema.optional(),
  registrationClosesAt: EndMomentSchema.optional(),
});
export type PostFile = z.infer<typeof PostFileSchema>;

/** The front matter schema of one kind: podcasts need an episode and duration, events a time and place. */
export function postFileSchemaFor(kind: PostKind) {
  return PostFileSchema.superRefine((post, ctx) => {
    const need = (field: keyof PostFile, label: string) => {
      if (post[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${label} wajib diisi untuk ${kind}` });
    };
    if (kind === 'podcasts') {
      need('episode', 'episode');
      need('duration', 'durasi');
    }
    if (
      post.registrationOpensAt &&
      post.registrationClosesAt &&
      Date.parse(post.registrationClosesAt) < Date.parse(post.registrationOpensAt)
    ) {
      ctx.addIssue({ code: 'custom', path: ['registrationClosesAt'], message: 'pendaftaran tidak boleh ditutup sebelum dibuka' });
    }
    if (kind === 'event') {
      need('startsAt', 'waktu mulai');
      need('endsAt', 'waktu selesai');
      need('location', 'lokasi');
      if (post.startsAt && post.endsAt && Date.parse(post.endsAt) < Date.parse(post.startsAt)) {
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'waktu selesai tidak boleh sebelum waktu mulai' });
      }
    }
  });
}

/** Refuses two entries with the same slug in one list. */
const uniqueSlugs = <T extends z.ZodType<{ slug: string }>>(item: T) =>
  z.array(item).superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((entry, index) => {
      if (seen.has(entry.slug)) ctx.addIssue({ code: 'custom', path: [index, 'slug'], message: `slug "${entry.slug}" dipakai dua kali` });
      seen.add(entry.slug);
    });
  });

export const CategorySchema = z.strictObject({ slug: SlugSchema, name: text('nama', 120), description: text('deskripsi', 1000) });
export type Category = z.infer<typeof CategorySchema>;

/** `content/categories.json`: the categories of each post kind. */
export const CategoriesFileSchema = z.partialRecord(
  z.enum(POST_KINDS, { error: `jenis post harus salah satu dari: ${POST_KINDS.join(', ')}` }),
  uniqueSlugs(CategorySchema),
);

export const GalleryItemSchema = z.strictObject({
  slug: SlugSchema,
  title: text('judul', 200),
  image: AssetPathSchema,
  caption: text('keterangan', 500),
  takenAt: IsoDateSchema,
});
export type GalleryItem = z.infer<typeof GalleryItemSchema>;

/** `content/gallery.json`: the photos of /Gallery. */
export const GalleryFileSchema = uniqueSlugs(GalleryItemSchema);

export const JobSchema = z.strictObject({
  slug: SlugSchema,
  title: text('judul', 200),
  type: z.enum(JOB_TYPES, { error: `jenis pekerjaan harus salah satu dari: ${JOB_TYPES.join(', ')}` }),
  location: text('lokasi', 200),
  summary: text('ringkasan', 300),
  description: html('deskripsi'),
  requirements: z.array(text('persyaratan', 300)).min(1, 'tulis minimal satu persyaratan'),
  closesAt: IsoDateSchema,
});

export const CareerSchema = z.strictObject({
  slug: SlugSchema,
  title: text('judul', 200),
  company: text('perusahaan', 200),
  location: text('lokasi', 200),
  summary: text('ringkasan', 300),
  description: html('deskripsi'),
  publishedAt: MomentSchema,
  jobs: uniqueSlugs(JobSchema).min(1, 'karier perlu minimal satu lowongan'),
});
export type Career = z.infer<typeof CareerSchema>;

/** `content/careers.json`: /Career pages with their jobs. */
export const CareersFileSchema = uniqueSlugs(CareerSchema);

const NamedImageSchema = z.strictObject({ link: AssetPathSchema, name: text('nama', 200) });

/** A portfolio item with every field of SPEC §3. */
export const PortfolioItemSchema = z.strictObject({
  title: text('judul', 200),
  slug: SlugSchema,
  kind: z.enum(PORTFOLIO_KINDS, { error: `jenis portofolio harus salah satu dari: ${PORTFOLIO_KINDS.join(', ')}` }),
  value: text('nilai', 40),
  figure: text('keterangan angka', 120),
  photo: AssetPathSchema,
  photos: z.array(NamedImageSchema).min(1, 'tambahkan minimal satu foto'),
  video: z.strictObject({ link: VideoEmbedSchema, thumbnail: AssetPathSchema }),
  description: html('deskripsi'),
  date: IsoDateSchema,
  batchs: z.array(z.strictObject({ label: text('label', 120), date: IsoDateSchema })).min(1, 'tambahkan minimal satu angkatan'),
  clientName: text('nama klien', 200),
  projectLink: HrefSchema,
  images: z.array(NamedImageSchema).min(1, 'tambahkan minimal satu gambar'),
  summary: text('ringkasan', 300),
  cover: AssetPathSchema,
});
export type PortfolioItem = z.infer<typeof PortfolioItemSchema>;

/** `content/portfolio.json`: corporate, government and CSR/bootcamp work for /Portfolio. */
export const PortfolioFileSchema = uniqueSlugs(PortfolioItemSchema);
