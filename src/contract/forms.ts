import { jakartaToday, PHONE_PATTERN, phoneDigits, RegisterRequestSchema } from './auth';
import { miniEnvelope, queryInt, RequiredEmail, z } from './mini';
import { paged } from './paged';

/*
 * The visitors' forms of SPEC §1: request-demo, appointment, coder sign-up, school
 * sign-up, team registration for the coding league, and the school list the team form picks from.
 * zod/mini: each island validates with the very schema the server re-validates with. Every form has
 * the honeypot field `website`, which people never see and bots fill in: a filled one is refused.
 */

export { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './idempotency';

/** What a filled honeypot is answered with: nothing a bot could learn from, a person never sees it. */
export const HONEYPOT_REFUSED = 'Permintaan tidak dapat diproses.';

/** Control characters (line breaks included): never in a one-line value, which may become a line of a mail. */
const CONTROL = /\p{Cc}/u;
/** Control characters but line breaks and tabs: free text keeps its paragraphs. */
const CONTROL_BUT_BREAKS = /[^\P{Cc}\n\r\t]/u;
const oneLine = (what: string) => z.refine<string>((value) => !CONTROL.test(value), `${what} harus satu baris, tanpa karakter kontrol`);
/** A one-line value (a name, a topic): trimmed, `min`–`max` characters, no line breaks. */
const text = (what: string, min: number, max: number) =>
  z
    .string(`${what} wajib diisi`)
    .check(
      z.trim(),
      z.minLength(min, min <= 1 ? `${what} wajib diisi` : `${what} minimal ${min} karakter`),
      z.maxLength(max, `${what} maksimal ${max} karakter`),
      oneLine(what),
    );
const optionalText = (what: string, max: number) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, `${what} maksimal ${max} karakter`), oneLine(what)), '');
/** Free text (a message): trimmed, at most `max` characters, paragraphs kept. */
const optionalParagraph = (what: string, max: number) =>
  z._default(
    z.string().check(
      z.trim(),
      z.maxLength(max, `${what} maksimal ${max} karakter`),
      z.refine((value) => !CONTROL_BUT_BREAKS.test(value), `${what} tidak boleh berisi karakter kontrol`),
    ),
    '',
  );
/** An Indonesian mobile number as people type it (08… or +62…, with spaces, dots or dashes). */
const Phone = z.string('Nomor HP wajib diisi').check(
  z.maxLength(20, 'Nomor HP terlalu panjang'),
  z.refine((value) => PHONE_PATTERN.test(phoneDigits(value.trim())), 'Nomor HP harus diawali 08 atau +62, mis. 081234567890'),
);
/** The honeypot: must stay empty. */
const Honeypot = z.optional(z.string().check(z.maxLength(0, HONEYPOT_REFUSED)));
const ProvinceId = z.string('Pilih provinsi').check(z.regex(/^\d{2}$/, 'Pilih provinsi'));
const CityId = z.string('Pilih kota atau kabupaten').check(z.regex(/^\d{2}\.\d{2}$/, 'Pilih kota atau kabupaten'));

/* Request-demo (GET v0/cms/app/request-demo?email, SPEC §7 "Settings"). */

/** The success message of a demo request (SPEC §7). */
export const REQUEST_DEMO_SENT = 'Berhasil mengirim request';
export const RequestDemoQuerySchema = z.strictObject({
  email: RequiredEmail,
  name: optionalText('Nama', 100),
  organization: optionalText('Nama lembaga', 160),
  website: Honeypot,
});
export type RequestDemoQuery = z.input<typeof RequestDemoQuerySchema>;
export const RequestDemoResponseSchema = miniEnvelope(z.object({ id: z.number(), email: z.string() }));

/* Appointment (POST v1/post/appointment/create). */

/** How far ahead an appointment may be asked for. */
export const APPOINTMENT_MAX_DAYS_AHEAD = 365;
const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** How the meeting is held. */
export const APPOINTMENT_MEETINGS = ['daring', 'tatap-muka'] as const;
export const APPOINTMENT_MEETING_LABELS: Record<(typeof APPOINTMENT_MEETINGS)[number], string> = {
  daring: 'Daring (video call)',
  'tatap-muka': 'Tatap muka di kantor kami',
};

export const AppointmentCreateSchema = z.strictObject({
  name: text('Nama', 2, 120),
  email: RequiredEmail,
  phone: Phone,
  organization: optionalText('Nama lembaga', 160),
  topic: text('Topik', 3, 200),
  preferredDate: z.iso.date('Pilih tanggal yang valid').check(
    z.refine((value) => value >= jakartaToday(), 'Tanggal tidak boleh sebelum hari ini'),
    z.refine((value) => value <= addDays(jakartaToday(), APPOINTMENT_MAX_DAYS_AHEAD), 'Tanggal paling lambat satu tahun dari sekarang'),
  ),
  preferredTime: z._default(z.string().check(z.regex(/^$|^(0[89]|1[0-6]):[0-5]\d$|^17:00$/, 'Pilih jam antara 08.00 dan 17.00 WIB')), ''),
  meeting: z._default(z.enum(APPOINTMENT_MEETINGS, 'Pilih format pertemuan'), 'daring'),
  message: optionalParagraph('Pesan', 2000),
  postId: z.optional(z.number().check(z.int(), z.positive())),
  website: Honeypot,
});
export type AppointmentCreate = z.input<typeof AppointmentCreateSchema>;
export const AppointmentResponseSchema = miniEnvelope(z.object({ id: z.number(), createdAt: z.iso.datetime({ offset: true }) }));

/* Coder sign-up (POST v1/auth/signup/coder): a learner account with what a coder brings. */

/**
 * The 12 programming languages of the coding studio (SPEC §1, §9): the ones its feature page lists
 * (`lib/catalogue/features.ts`) and a coder may say they use. One list, so the page never offers a
 * language the sign-up refuses.
 */
export const CODER_LANGUAGES = [
  'Python',
  'JavaScript',
  'TypeScript',
  'Java',
  'C',
  'C++',
  'C#',
  'Go',
  'PHP',
  'Ruby',
  'Kotlin',
  'Dart',
] as const;
export const CODER_LEVELS = ['pemula', 'menengah', 'mahir'] as const;
export const CODER_LEVEL_LABELS: Record<(typeof CODER_LEVELS)[number], string> = {
  pemula: 'Pemula: baru mulai belajar',
  menengah: 'Menengah: pernah membuat proyek kecil',
  mahir: 'Mahir: terbiasa membuat aplikasi',
};
/** A GitHub user name: letters, digits and single hyphens, at most 39 characters. */
const GITHUB_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

export const CoderSignupSchema = z.safeExtend(RegisterRequestSchema, {
  schoolName: optionalText('Nama sekolah atau kampus', 160),
  github: z._default(
    z.string().check(
      z.trim(),
      z.refine((value) => value === '' || GITHUB_PATTERN.test(value), 'Nama pengguna GitHub tidak valid, mis. budi-santoso'),
    ),
    '',
  ),
  level: z.enum(CODER_LEVELS, 'Pilih tingkat kemampuan'),
  languages: z
    .array(z.enum(CODER_LANGUAGES, 'Bahasa pemrograman tidak dikenal'))
    .check(z.maxLength(CODER_LANGUAGES.length, 'Terlalu banyak bahasa')),
  website: Honeypot,
});
export type CoderSignup = z.input<typeof CoderSignupSchema>;

/* Schools (POST v1/school/register, GET v1/school/list). */

export const SCHOOL_LEVELS = ['SMK', 'SMA', 'MA', 'SMP', 'MTs'] as const;
/** SPEC §9: school lists show 10 a page. */
export const SCHOOL_PAGE_SIZE = 10;

export const SchoolRegisterSchema = z
  .strictObject({
    npsn: z.string('NPSN wajib diisi').check(z.trim(), z.regex(/^\d{8}$/, 'NPSN terdiri dari 8 angka')),
    name: text('Nama sekolah', 3, 160),
    level: z.enum(SCHOOL_LEVELS, 'Pilih jenjang sekolah'),
    provinceId: ProvinceId,
    cityId: CityId,
    address: text('Alamat', 5, 300),
    contactName: text('Nama penanggung jawab', 2, 100),
    contactEmail: RequiredEmail,
    contactPhone: Phone,
    website: Honeypot,
  })
  .check(
    z.refine((form) => form.cityId.startsWith(`${form.provinceId}.`), { message: 'Kota tidak berada di provinsi ini', path: ['cityId'] }),
  );
export type SchoolRegister = z.input<typeof SchoolRegisterSchema>;

export const SchoolSchema = z.object({
  id: z.number(),
  npsn: z.nullable(z.string()),
  name: z.string(),
  provinceId: z.string(),
  cityId: z.string(),
});
export type School = z.infer<typeof SchoolSchema>;
export const SchoolListQuerySchema = z.strictObject({
  page: z._default(queryInt('page'), 1),
  perPage: z._default(queryInt('perPage', 100), SCHOOL_PAGE_SIZE),
  provinceId: z.optional(ProvinceId),
  cityId: z.optional(CityId),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Pencarian maksimal 100 karakter'))),
});
export const SchoolListResponseSchema = miniEnvelope(paged(SchoolSchema));
export const SchoolRegisterResponseSchema = miniEnvelope(SchoolSchema);

/* Teams (POST v1/team/register, POST v1/auth/team/register): the coding league's teams. */

/** The competitions a team can enter. */
export const COMPETITIONS = ['liga-smk'] as const;
export const COMPETITION_NAMES: Record<(typeof COMPETITIONS)[number], string> = { 'liga-smk': 'Liga SMK' };
export const TEAM_SIZE = { min: 3, max: 5 } as const;

const TeamMemberSchema = z.strictObject({
  name: text('Nama anggota', 2, 100),
  email: RequiredEmail,
  phone: Phone,
  nisn: z.string('NISN wajib diisi').check(z.trim(), z.regex(/^\d{10}$/, 'NISN terdiri dari 10 angka')),
});
export type TeamMember = z.input<typeof TeamMemberSchema>;

export const TeamRegisterSchema = z
  .strictObject({
    competition: z.enum(COMPETITIONS, 'Kompetisi tidak dikenal'),
    name: text('Nama tim', 3, 60),
    schoolId: z.number('Pilih sekolah').check(z.int('Pilih sekolah'), z.positive('Pilih sekolah')),
    members: z
      .array(TeamMemberSchema)
      .check(
        z.minLength(TEAM_SIZE.min, `Tim beranggotakan ${TEAM_SIZE.min} sampai ${TEAM_SIZE.max} siswa`),
        z.maxLength(TEAM_SIZE.max, `Tim beranggotakan ${TEAM_SIZE.min} sampai ${TEAM_SIZE.max} siswa`),
      ),
    mentorName: text('Nama guru pendamping', 2, 100),
    mentorEmail: RequiredEmail,
    mentorPhone: Phone,
    /** The recommendation letter: an upload of purpose `letter` and the token the upload answered with. */
    letterId: z.string('Unggah surat rekomendasi sekolah').check(z.uuid('Unggah surat rekomendasi sekolah')),
    letterToken: z.string('Unggah surat rekomendasi sekolah').check(z.minLength(16, 'Unggah surat rekomendasi sekolah'), z.maxLength(200)),
    acceptRules: z.literal(true, 'Anda harus menyetujui peraturan lomba'),
    website: Honeypot,
  })
  .check(
    z.refine((form) => new Set(form.members.map((member) => member.email)).size === form.members.length, {
      message: 'Setiap anggota memakai email yang berbeda',
      path: ['members'],
    }),
    z.refine((form) => new Set(form.members.map((member) => member.nisn)).size === form.members.length, {
      message: 'Setiap anggota memiliki NISN yang berbeda',
      path: ['members'],
    }),
  );
export type TeamRegister = z.input<typeof TeamRegisterSchema>;
export const TeamSchema = z.object({
  id: z.number(),
  competition: z.string(),
  name: z.string(),
  school: z.object({ id: z.number(), name: z.string() }),
  members: z.number(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof TeamSchema>;
export const TeamRegisterResponseSchema = miniEnvelope(TeamSchema);

/* What the staff read (GET v1/submissions, admins of the tenant). */

/** The forms staff read; `testimony` and `disc` are the hosted REST's insert-only tables, which visitors cannot read back. */
export const SUBMISSION_FORMS = ['appointment', 'request-demo', 'coder', 'school', 'team', 'testimony', 'disc'] as const;
export type SubmissionForm = (typeof SUBMISSION_FORMS)[number];
export const SubmissionListQuerySchema = z.strictObject({
  form: z.enum(SUBMISSION_FORMS, `form salah satu dari ${SUBMISSION_FORMS.join(', ')}`),
  page: z._default(queryInt('page'), 1),
  perPage: z._default(queryInt('perPage', 100), 10),
});
export const SubmissionRecordSchema = z.object({
  id: z.number(),
  form: z.enum(SUBMISSION_FORMS),
  email: z.string(),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export const SubmissionListResponseSchema = miniEnvelope(paged(SubmissionRecordSchema));
