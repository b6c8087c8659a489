import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { CLASS_LEVELS, CLASS_TYPES } from '~/contract/classes';
import { SlugSchema } from '~/contract/posts';
import { WebUrlSchema } from '~/contract/url';
import { LeagueSchema } from './league-schema';
import { TenantFileError } from './load';
import { describeIssues } from './schema';

/**
 * Node-side reading of a tenant's catalogue seed (`content/catalogue/`: catalogue.yaml, classes.yaml,
 * courses.yaml), for the seed only. Every brand has its own catalogue; nothing is shared by default
 * (a tenant reads another's only through tenant.json `catalogueFrom`). Dates are day offsets from the moment of seeding,
 * so a fresh database always has classes in every lifecycle state. Long texts are Markdown, turned
 * into HTML here (the seed sanitises it like every other HTML).
 */

const CodeSchema = z.string().regex(/^[A-Z0-9]+(?:-[A-Z0-9]+)*$/, 'kode: huruf besar, angka dan tanda minus');
const CityCodeSchema = z.string().regex(/^\d{2}\.\d{2}$/, 'kode kota Kemendagri, mis. 32.73');
const ProvinceCodeSchema = z.string().regex(/^\d{2}$/, 'kode provinsi Kemendagri, mis. 32');
const Days = z.number().int().min(-3650).max(3650);

const ClockSchema = z.string().regex(/^([01]\d|2[0-3])\.[0-5]\d$/, 'jam ditulis JJ.MM, mis. "08.00"');

/** The tenant's learning festival (SPEC §1, /BelajarBersama): when, where, programme, speakers, sponsor tiers. */
const FestivalSchema = z
  .strictObject({
    slug: SlugSchema,
    name: z.string().min(1),
    description: z.string().min(1),
    /** The day, as a day offset from seeding, and its opening and closing hours in `zone`. */
    day: Days,
    opens: ClockSchema,
    closes: ClockSchema,
    zone: z.enum(['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura']).default('Asia/Jakarta'),
    place: z.string().min(1),
    city: CityCodeSchema,
    programme: z.array(z.strictObject({ time: ClockSchema, title: z.string().min(1), text: z.string().min(1) })).min(1),
    speakers: z
      .array(
        z.strictObject({
          name: z.string().min(1),
          bio: z.string().min(1),
          linkedin: WebUrlSchema.optional(),
          confirmed: z.boolean().default(true),
        }),
      )
      .default([]),
    /** SPEC §3 "Sponsor tier": name, slot, price (whole rupiah; null when it is the full event cost), benefits. */
    sponsorTiers: z
      .array(
        z.strictObject({
          name: z.string().min(1),
          slot: z.string().min(1),
          price: z.number().int().positive().nullable(),
          benefits: z.array(z.string().min(1)).min(1),
        }),
      )
      .default([]),
  })
  .refine((festival) => festival.opens < festival.closes, { path: ['closes'], message: 'selesai sebelum dibuka' })
  .refine((festival) => [...festival.programme].every((item) => item.time >= festival.opens && item.time < festival.closes), {
    path: ['programme'],
    message: 'acara di luar jam festival',
  });

/** The tenant's coding league season (/Liga-Smk): its name and the season of lib/tenant/league-schema.ts. */
const LeagueSeedSchema = z.strictObject({ slug: SlugSchema, name: z.string().min(1), season: LeagueSchema });

const SyllabusUnitSchema = z.strictObject({
  title: z.string().min(1),
  summary: z.string().default(''),
  hours: z.number().int().positive().optional(),
  topics: z.array(z.string().min(1)).default([]),
});

const CatalogueFileSchema = z.strictObject({
  categories: z.array(z.strictObject({ slug: SlugSchema, name: z.string().min(1) })),
  mentors: z.array(
    z.strictObject({
      slug: SlugSchema,
      name: z.string().min(1),
      headline: z.string().default(''),
      bio: z.string().default(''),
      photo: z.string().default(''),
      linkedin: WebUrlSchema.optional(),
      expertise: z.array(z.string()).default([]),
      /** The demo account (seed.ts `demoAccount` role) that is this mentor, for payouts later. */
      account: z.enum(['mentor']).optional(),
    }),
  ),
  programs: z.array(
    z.strictObject({
      slug: SlugSchema,
      name: z.string().min(1),
      category: SlugSchema.optional(),
      summary: z.string().default(''),
      description: z.string().default(''),
      audience: z.string().default(''),
      durationWeeks: z.number().int().positive().optional(),
      outcomes: z.array(z.string()).default([]),
      syllabus: z.array(SyllabusUnitSchema).default([]),
      batches: z
        .array(
          z.strictObject({
            code: CodeSchema,
            name: z.string().min(1),
            starts: Days,
            ends: Days,
            quota: z.number().int().positive().optional(),
            /** Learners and graduates of a cohort run before the platform held its enrolments (statistics count them). */
            participants: z.number().int().min(0).default(0),
            graduates: z.number().int().min(0).default(0),
          }),
        )
        .default([]),
    }),
  ),
  schools: z
    .array(
      z.strictObject({
        npsn: z.string().regex(/^\d{8}$/, 'NPSN: 8 digit'),
        name: z.string().min(1),
        province: ProvinceCodeSchema,
        city: CityCodeSchema,
        /** Program slug → [students, graduates]. */
        programs: z.record(SlugSchema, z.tuple([z.number().int().min(0), z.number().int().min(0)])).default({}),
      }),
    )
    .default([]),
  /** Leaderboard rows by board: [name, subtitle, province code, score]. */
  leaderboards: z
    .partialRecord(
      z.enum(['liga-smk', 'pelajar']),
      z.array(z.tuple([z.string().min(1), z.string(), ProvinceCodeSchema, z.number().int().min(0)])),
    )
    .default({}),
  /** Recorded statistics events: [type, day offset, province code, city code, value]. */
  events: z
    .array(
      z.tuple([
        z.enum(['visit', 'registration', 'completion', 'download']),
        Days,
        ProvinceCodeSchema,
        CityCodeSchema,
        z.number().int().positive(),
      ]),
    )
    .default([]),
  festival: FestivalSchema.optional(),
  league: LeagueSeedSchema.optional(),
  /** Demo accounts (seed.ts roles) enrolled in classes, e.g. the student in a premium course's class. */
  enrolments: z
    .array(
      z.strictObject({
        account: z.enum(['student', 'mentor', 'teacher', 'admin']),
        class: CodeSchema,
        status: z.enum(['active', 'completed']).default('active'),
      }),
    )
    .default([]),
});

const ClassFileItemSchema = z.strictObject({
  code: CodeSchema,
  slug: SlugSchema,
  name: z.string().min(1),
  summary: z.string().default(''),
  description: z.string().optional(),
  program: SlugSchema.optional(),
  batch: CodeSchema.optional(),
  category: SlugSchema.optional(),
  type: z.enum(CLASS_TYPES),
  level: z.enum(CLASS_LEVELS),
  online: z.boolean(),
  place: z.string().default(''),
  held: CityCodeSchema.optional(),
  registrar: CityCodeSchema.optional(),
  price: z.number().int().min(0),
  quota: z.number().int().positive().optional(),
  schedule: z.string().default(''),
  /** Day offsets: registration opens, registration closes, starts, ends. */
  dates: z
    .tuple([Days, Days, Days, Days])
    .refine(([opens, closes, starts, ends]) => opens <= closes && starts <= ends, 'dates: buka ≤ tutup dan mulai ≤ selesai')
    .optional(),
  alwaysOpen: z.boolean().default(false),
  preClass: z.boolean().default(false),
  mentors: z.array(SlugSchema).default([]),
  /** Premium courses (slugs) a learner of this class may read: a perk granted on payment, withdrawn on refund. */
  courses: z.array(SlugSchema).default([]),
  requirements: z.array(z.string()).optional(),
  benefits: z.array(z.string()).optional(),
  enrolmentFields: z.array(z.string()).default([]),
  syllabus: z.array(SyllabusUnitSchema).default([]),
});

const ClassesFileSchema = z.strictObject({
  defaults: z
    .strictObject({ requirements: z.array(z.string()).default([]), benefits: z.array(z.string()).default([]) })
    .default({ requirements: [], benefits: [] }),
  classes: z.array(ClassFileItemSchema.refine((item) => item.alwaysOpen || item.dates, 'dates wajib diisi kecuali alwaysOpen')),
});

const CoursesFileSchema = z.strictObject({
  courses: z.array(
    z.strictObject({
      slug: SlugSchema,
      title: z.string().min(1),
      level: z.enum(CLASS_LEVELS),
      premium: z.boolean().default(false),
      /** The class (code) whose learners may read a premium course. */
      class: CodeSchema.optional(),
      summary: z.string().default(''),
      description: z.string().default(''),
      cover: z.string().default(''),
      modules: z
        .array(
          z.strictObject({
            slug: SlugSchema,
            title: z.string().min(1),
            summary: z.string().default(''),
            chapters: z
              .array(
                z.strictObject({
                  slug: SlugSchema,
                  title: z.string().min(1),
                  minutes: z.number().int().positive().max(600),
                  content: z.string().min(1),
                }),
              )
              .min(1),
          }),
        )
        .min(1),
    }),
  ),
});

type CatalogueFile = z.infer<typeof CatalogueFileSchema>;
type ClassFileItem = z.infer<typeof ClassFileItemSchema>;
type CoursesFile = z.infer<typeof CoursesFileSchema>;

/** A tenant's catalogue seed, validated and cross-checked, long texts as HTML. */
export interface TenantCatalogue extends CatalogueFile {
  classes: (Omit<ClassFileItem, 'requirements' | 'benefits' | 'description'> & {
    requirements: string[];
    benefits: string[];
    description: string;
  })[];
  courses: CoursesFile['courses'];
  /** Where it was read from (for messages). */
  dir: string;
}

const markdown = new Marked({ gfm: true });
const html = (text: string) => (text.trim() ? (markdown.parse(text, { async: false }) as string) : '');

function readYaml<T extends z.ZodType>(file: string, schema: T): z.infer<T> {
  const shown = relative(process.cwd(), file) || file;
  if (!existsSync(file)) throw new TenantFileError(`${shown}: file tidak ditemukan`);
  let value: unknown;
  try {
    value = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new TenantFileError(`${shown}: YAML tidak valid: ${(error as Error).message}`);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new TenantFileError(describeIssues(shown, result.error));
  return result.data;
}

/** The folder a tenant's own catalogue is read from (it may have none: see `loadTenantCatalogue`). */
export function catalogueDir(root: string, code: string): string {
  return join(root, code, 'content', 'catalogue');
}

/** A tenant without a catalogue folder runs no catalogue of its own (it may share another's: tenant.json `catalogueFrom`). */
const EMPTY_CATALOGUE = {
  categories: [],
  mentors: [],
  programs: [],
  schools: [],
  leaderboards: {},
  events: [],
  enrolments: [],
  classes: [],
  courses: [],
} satisfies Omit<TenantCatalogue, 'dir'>;

/** Reads and checks a tenant's catalogue seed; throws a TenantFileError naming the file and field. */
export function loadTenantCatalogue(root: string, code: string): TenantCatalogue {
  const dir = catalogueDir(root, code);
  if (!existsSync(dir)) return { ...EMPTY_CATALOGUE, dir };
  const catalogue = readYaml(join(dir, 'catalogue.yaml'), CatalogueFileSchema);
  const { defaults, classes } = readYaml(join(dir, 'classes.yaml'), ClassesFileSchema);
  const { courses } = readYaml(join(dir, 'courses.yaml'), CoursesFileSchema);
  const problems = crossCheck(catalogue, classes, courses);
  if (problems.length)
    throw new TenantFileError(problems.map((problem) => `${relative(process.cwd(), dir) || dir}: ${problem}`).join('\n'));
  return {
    ...catalogue,
    dir,
    programs: catalogue.programs.map((program) => ({ ...program, description: html(program.description) })),
    classes: classes.map((item) => ({
      ...item,
      description: html(item.description ?? item.summary),
      requirements: item.requirements ?? defaults.requirements,
      benefits: item.benefits ?? defaults.benefits,
    })),
    courses: courses.map((course) => ({
      ...course,
      description: html(course.description),
      modules: course.modules.map((module) => ({
        ...module,
        chapters: module.chapters.map((chapter) => ({ ...chapter, content: html(chapter.content) })),
      })),
    })),
  };
}

/** References between the files, and uniqueness the database would otherwise refuse mid-seed. */
function crossCheck(catalogue: CatalogueFile, classes: ClassFileItem[], courses: CoursesFile['courses']): string[] {
  const problems: string[] = [];
  const has = (values: Iterable<string>) => new Set(values);
  const categories = has(catalogue.categories.map((c) => c.slug));
  const mentors = has(catalogue.mentors.map((m) => m.slug));
  const programs = has(catalogue.programs.map((p) => p.slug));
  const batches = has(catalogue.programs.flatMap((p) => p.batches.map((b) => b.code)));
  const codes = has(classes.map((c) => c.code));
  const duplicates = (values: string[], what: string) => {
    const seen = new Set<string>();
    for (const value of values) {
      if (seen.has(value)) problems.push(`${what} "${value}" dipakai dua kali`);
      seen.add(value);
    }
  };
  duplicates(
    classes.map((c) => c.code),
    'kode kelas',
  );
  duplicates(
    classes.map((c) => c.slug),
    'slug kelas',
  );
  duplicates(
    courses.map((c) => c.slug),
    'slug kursus',
  );
  for (const program of catalogue.programs) {
    if (program.category && !categories.has(program.category))
      problems.push(`program ${program.slug}: kategori "${program.category}" tidak ada`);
  }
  for (const item of classes) {
    if (item.program && !programs.has(item.program)) problems.push(`kelas ${item.code}: program "${item.program}" tidak ada`);
    if (item.batch && !batches.has(item.batch)) problems.push(`kelas ${item.code}: batch "${item.batch}" tidak ada`);
    if (item.category && !categories.has(item.category)) problems.push(`kelas ${item.code}: kategori "${item.category}" tidak ada`);
    for (const mentor of item.mentors) if (!mentors.has(mentor)) problems.push(`kelas ${item.code}: mentor "${mentor}" tidak ada`);
  }
  for (const school of catalogue.schools) {
    if (!school.city.startsWith(`${school.province}.`))
      problems.push(`sekolah ${school.npsn}: kota ${school.city} bukan di provinsi ${school.province}`);
    for (const program of Object.keys(school.programs))
      if (!programs.has(program)) problems.push(`sekolah ${school.npsn}: program "${program}" tidak ada`);
  }
  for (const enrolment of catalogue.enrolments) {
    if (!codes.has(enrolment.class)) problems.push(`pendaftaran ${enrolment.account}: kelas "${enrolment.class}" tidak ada`);
  }
  const courseSlugs = new Map(courses.map((course) => [course.slug, course]));
  for (const item of classes) {
    for (const slug of item.courses) {
      const course = courseSlugs.get(slug);
      if (!course) problems.push(`kelas ${item.code}: kursus "${slug}" tidak ada`);
      else if (!course.premium) problems.push(`kelas ${item.code}: kursus "${slug}" gratis, tidak perlu diberikan sebagai fasilitas`);
    }
  }
  if (catalogue.leaderboards['liga-smk']?.length && !catalogue.league) problems.push('papan peringkat liga-smk tanpa musim liga (league)');
  for (const course of courses) {
    if (course.premium && !course.class) problems.push(`kursus ${course.slug}: kursus premium wajib menyebut kelasnya (class)`);
    if (course.class && !codes.has(course.class)) problems.push(`kursus ${course.slug}: kelas "${course.class}" tidak ada`);
    duplicates(
      course.modules.map((m) => m.slug),
      `modul kursus ${course.slug}`,
    );
    duplicates(
      course.modules.flatMap((m) => m.chapters.map((c) => c.slug)),
      `bab kursus ${course.slug}`,
    );
  }
  return problems;
}
