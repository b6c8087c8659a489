import { z } from 'zod';
import { CLASS_LEVELS, CLASS_TYPES } from './classes';
import { partialUpdate } from './common';
import { SlugSchema } from './posts';
import { UrlSchema } from './url';

/**
 * Writing classes (admins of a tenant): POST v1/class/create, v1/class/update?code, v1/class/delete.
 * Full zod, apart from contract/classes.ts (zod/mini), so the class browsing island never carries it.
 * Every write announces a content change: the tenant's site rebuilds the pages that show the class.
 */

/** A class code as people type it on posters and in URLs (/Class/JS-DASAR-11). */
export const ClassCodeSchema = z
  .string()
  .trim()
  .min(2, 'kode kelas minimal 2 karakter')
  .max(40, 'kode kelas maksimal 40 karakter')
  .regex(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/, 'kode kelas: huruf, angka dan tanda minus');

const Lines = (what: string) =>
  z
    .array(z.string().trim().min(1, `${what} tidak boleh kosong`).max(300, `${what} maksimal 300 karakter`))
    .max(30, `${what} maksimal 30 baris`);

const When = z.iso.datetime({ offset: true, error: 'tanggal harus ISO 8601 dengan zona waktu, mis. 2026-12-01T09:00:00+07:00' });

/** An administrative city (regency) id of SPEC's area data, e.g. '32.73' for Kota Bandung. */
const CityId = z
  .string()
  .trim()
  .regex(/^\d{2}\.\d{2}$/, 'kota harus kode kabupaten/kota, mis. 32.73');

export const SyllabusUnitSchema = z.strictObject({
  title: z.string().trim().min(1, 'judul unit wajib diisi').max(200),
  summary: z.string().trim().max(1000).default(''),
  topics: Lines('topik').default([]),
  hours: z.number().int().min(1).max(500).nullable().default(null),
});

const fields = {
  code: ClassCodeSchema,
  name: z.string().trim().min(1, 'nama kelas wajib diisi').max(200, 'nama kelas maksimal 200 karakter'),
  slug: SlugSchema.optional(),
  summary: z.string().trim().max(1000, 'ringkasan maksimal 1.000 karakter').default(''),
  /** HTML; sanitised on the way in. */
  description: z.string().max(60_000, 'deskripsi maksimal 60.000 karakter').default(''),
  logo: UrlSchema.default(''),
  type: z.enum(CLASS_TYPES, { error: `tipe harus salah satu dari ${CLASS_TYPES.join(', ')}` }),
  level: z.enum(CLASS_LEVELS, { error: `level harus salah satu dari ${CLASS_LEVELS.join(', ')}` }),
  isOnline: z.boolean().default(false),
  place: z.string().trim().max(300).default(''),
  heldCityId: CityId.nullable().default(null),
  registrarCityId: CityId.nullable().default(null),
  price: z
    .number({ error: 'harga harus angka rupiah' })
    .int('harga dalam rupiah bulat')
    .min(0, 'harga tidak boleh negatif')
    .max(1_000_000_000),
  quota: z.number().int().min(1, 'kuota minimal 1').max(100_000).nullable().default(null),
  schedule: z.string().trim().max(200).default(''),
  registrationOpensAt: When.nullable().default(null),
  registrationClosesAt: When.nullable().default(null),
  startsAt: When.nullable().default(null),
  endsAt: When.nullable().default(null),
  alwaysOpen: z.boolean().default(false),
  isPreClass: z.boolean().default(false),
  programId: z.number().int().positive().nullable().default(null),
  batchId: z.number().int().positive().nullable().default(null),
  categoryId: z.number().int().positive().nullable().default(null),
  /** Mentor slugs, in the order the class page lists them. */
  mentors: z.array(SlugSchema).max(10, 'paling banyak 10 mentor').default([]),
  /** The class's own syllabus, replacing the one it had. */
  syllabus: z.array(SyllabusUnitSchema).max(60, 'silabus paling banyak 60 unit').default([]),
  requirements: Lines('persyaratan').default([]),
  benefits: Lines('benefit').default([]),
  enrolmentFields: Lines('isian pendaftaran').default([]),
  isPublished: z.boolean().default(true),
};

/** Dates that must come in order, each pair named by its later field. */
const DATE_ORDER = [
  ['registrationOpensAt', 'registrationClosesAt', 'pendaftaran harus ditutup setelah dibuka'],
  ['registrationOpensAt', 'startsAt', 'kelas harus dimulai setelah pendaftaran dibuka'],
  ['startsAt', 'endsAt', 'kelas harus selesai setelah dimulai'],
] as const;

type Dated = { [K in (typeof DATE_ORDER)[number][0 | 1]]?: string | null | undefined };

/** The first date pair out of order in `value` (with what it has been merged onto), as a field error. */
export function dateOrderError(value: Dated): { field: string; message: string } | undefined {
  for (const [from, to, message] of DATE_ORDER) {
    const start = value[from];
    const end = value[to];
    if (start && end && Date.parse(end) < Date.parse(start)) return { field: to, message };
  }
  return undefined;
}

/** POST v1/class/create body. */
export const ClassCreateSchema = z.strictObject(fields).superRefine((value, ctx) => {
  const error = dateOrderError(value);
  if (error) ctx.addIssue({ code: 'custom', path: [error.field], message: error.message });
});

/** POST v1/class/update?code body: any field to change (a given syllabus or mentor list replaces the old one). */
export const ClassUpdateSchema = partialUpdate(fields).superRefine((value, ctx) => {
  const error = dateOrderError(value);
  if (error) ctx.addIssue({ code: 'custom', path: [error.field], message: error.message });
});

export const ClassCodeQuerySchema = z.strictObject({ code: ClassCodeSchema });
/** POST v1/class/delete body. */
export const ClassDeleteSchema = z.strictObject({ code: ClassCodeSchema });
