import { miniEnvelope, queryCityIds, queryFlag, queryIds, queryInt, z } from './mini';
import { paged } from './paged';
import { TaxRuleSchema } from './tax';

/**
 * Classes (SPEC §3 "Class", §4 "Class lifecycle badges", §7 "Classes and programs"). zod/mini: the
 * class browsing island imports these; the server validates with the same objects.
 */

/**
 * A class's lifecycle, from its dates (never stored): `coming-soon` before registration opens,
 * `registration` while it is open (always, for an always-open class), `running` between start and
 * end, `finished` after the end, and `soon` for anything else (registration closed, not started).
 */
export const CLASS_STATES = ['coming-soon', 'registration', 'running', 'finished', 'soon'] as const;
export type ClassState = (typeof CLASS_STATES)[number];

/** SPEC §4: each state's Indonesian badge and colour (anything else is orange 'Segera Dimulai'). */
export const CLASS_BADGES: Record<ClassState, { label: string; colour: 'orange' | 'green' | 'blue' | 'red' }> = {
  'coming-soon': { label: 'Akan Datang', colour: 'orange' },
  registration: { label: 'Pendaftaran Dibuka', colour: 'green' },
  running: { label: 'Sedang Berlangsung', colour: 'blue' },
  finished: { label: 'Telah Selesai', colour: 'red' },
  soon: { label: 'Segera Dimulai', colour: 'orange' },
};

export const CLASS_TYPES = ['bootcamp', 'webinar', 'workshop', 'reguler', 'kompetensi'] as const;
export type ClassType = (typeof CLASS_TYPES)[number];
export const CLASS_TYPE_LABELS: Record<ClassType, string> = {
  bootcamp: 'Bootcamp',
  webinar: 'Webinar',
  workshop: 'Workshop',
  reguler: 'Kelas reguler',
  kompetensi: 'Uji kompetensi',
};

export const CLASS_LEVELS = ['pemula', 'menengah', 'mahir'] as const;
export type ClassLevel = (typeof CLASS_LEVELS)[number];
export const CLASS_LEVEL_LABELS: Record<ClassLevel, string> = { pemula: 'Pemula', menengah: 'Menengah', mahir: 'Mahir' };

/** List orders: soonest start first (default), newest added, name, price. */
export const CLASS_SORTS = ['start', 'newest', 'name', 'price-asc', 'price-desc'] as const;
export type ClassSort = (typeof CLASS_SORTS)[number];
export const CLASS_SORT_LABELS: Record<ClassSort, string> = {
  start: 'Mulai paling dekat',
  newest: 'Terbaru',
  name: 'Nama (A–Z)',
  'price-asc': 'Harga terendah',
  'price-desc': 'Harga tertinggi',
};

/** SPEC §9: class lists show 6 a page. */
export const CLASS_PAGE_SIZE = 6;

const iso = z.nullable(z.string());
const Ref = z.object({ id: z.number(), slug: z.string(), name: z.string() });
const CityRef = z.nullable(z.object({ id: z.string(), name: z.string() }));

/** A mentor as a class card names them. */
export const MentorRefSchema = z.object({ slug: z.string(), name: z.string(), headline: z.string(), photo: z.string() });

/** A class as lists and cards show it. */
export const ClassSummarySchema = z.object({
  id: z.number(),
  code: z.string(),
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  logo: z.string(),
  type: z.enum(CLASS_TYPES),
  level: z.enum(CLASS_LEVELS),
  state: z.enum(CLASS_STATES),
  isOnline: z.boolean(),
  place: z.string(),
  heldCity: CityRef,
  registrarCity: CityRef,
  /** Whole rupiah as published; 0 is free. What the learner pays follows `tax` (contract/tax.ts `priceBreakdown`). */
  price: z.number(),
  /** The tenant's PPN rule the price is published under. */
  tax: TaxRuleSchema,
  quota: z.nullable(z.number()),
  schedule: z.string(),
  registrationOpensAt: iso,
  registrationClosesAt: iso,
  startsAt: iso,
  endsAt: iso,
  /** Always in registration; its dates are not shown. */
  alwaysOpen: z.boolean(),
  isPreClass: z.boolean(),
  program: z.nullable(Ref),
  category: z.nullable(Ref),
  mentors: z.array(MentorRefSchema),
});
export type ClassSummary = z.infer<typeof ClassSummarySchema>;

/** One unit of a syllabus (a program's or a class's). */
export const SyllabusItemSchema = z.object({
  id: z.number(),
  position: z.number(),
  title: z.string(),
  summary: z.string(),
  topics: z.array(z.string()),
  hours: z.nullable(z.number()),
});
export type SyllabusItem = z.infer<typeof SyllabusItemSchema>;

/** A class with everything its page shows (GET v1/class/overview). */
export const ClassDetailSchema = z.object({
  ...ClassSummarySchema.shape,
  /** Sanitised HTML. */
  description: z.string(),
  requirements: z.array(z.string()),
  benefits: z.array(z.string()),
  enrolmentFields: z.array(z.string()),
  syllabus: z.array(SyllabusItemSchema),
  batch: z.nullable(z.object({ id: z.number(), code: z.string(), name: z.string() })),
  /** The premium courses the class grants its learners (a perk: granted on payment, withdrawn with a refund). */
  courses: z.array(z.object({ slug: z.string(), title: z.string(), isPremium: z.boolean() })),
  updatedAt: z.string(),
});
export type ClassDetail = z.infer<typeof ClassDetailSchema>;

export const ClassPageSchema = paged(ClassSummarySchema);
export type ClassPage = z.infer<typeof ClassPageSchema>;
export const ClassListResponseSchema = miniEnvelope(ClassPageSchema);
export const ClassDetailResponseSchema = miniEnvelope(ClassDetailSchema);
export const ClassSyllabusResponseSchema = miniEnvelope(z.array(SyllabusItemSchema));
export const ClassArrayResponseSchema = miniEnvelope(z.array(ClassSummarySchema));

/* Query strings: numbers, flags and lists arrive as text (mini.ts `queryInt` and the rest). */
const pageSize = (fallback: number) => z._default(queryInt('pageSize', 100), fallback);
const search = z.pipe(
  z.string(),
  z.transform((value) => value.trim().slice(0, 100)),
);

/**
 * The filters of the class lists (SPEC §7 v1/class/active): state, level, programIds, search,
 * filter.type, registrarCityIds, heldCityIds, categoryId, and sort. SPEC: they are sent, and
 * honoured, only together with `page`; without `page` the server ignores them.
 */
export const ClassFilterFields = {
  state: z.optional(z.enum(CLASS_STATES, `state harus salah satu dari: ${CLASS_STATES.join(', ')}`)),
  level: z.optional(z.enum(CLASS_LEVELS, `level harus salah satu dari: ${CLASS_LEVELS.join(', ')}`)),
  programIds: z.optional(queryIds('programIds')),
  search: z.optional(search),
  'filter.type': z.optional(z.enum(CLASS_TYPES, `filter.type harus salah satu dari: ${CLASS_TYPES.join(', ')}`)),
  registrarCityIds: z.optional(queryCityIds('registrarCityIds')),
  heldCityIds: z.optional(queryCityIds('heldCityIds')),
  categoryId: z.optional(queryInt('categoryId')),
  sort: z.optional(z.enum(CLASS_SORTS, `sort harus salah satu dari: ${CLASS_SORTS.join(', ')}`)),
};

/** GET v1/class/active and v1/class/active/elevate. */
export const ClassActiveQuerySchema = z.strictObject({
  page: z.optional(queryInt('page')),
  pageSize: pageSize(CLASS_PAGE_SIZE),
  ...ClassFilterFields,
});
export type ClassActiveQuery = z.infer<typeof ClassActiveQuerySchema>;

/** The filters of a class list as the server applies them (already parsed). */
export type ClassFilters = {
  state?: ClassState | undefined;
  level?: ClassLevel | undefined;
  programIds?: number[] | undefined;
  search?: string | undefined;
  type?: ClassType | undefined;
  registrarCityIds?: string[] | undefined;
  heldCityIds?: string[] | undefined;
  categoryId?: number | undefined;
  sort?: ClassSort | undefined;
};

/** GET v1/class/list: page, pageSize, state, search, sort, type (online|offline), filter.type, programId, all, preClass. */
export const ClassListQuerySchema = z.strictObject({
  page: z._default(queryInt('page'), 1),
  pageSize: pageSize(CLASS_PAGE_SIZE),
  state: ClassFilterFields.state,
  search: ClassFilterFields.search,
  sort: ClassFilterFields.sort,
  /** Delivery: online or offline. */
  type: z.optional(z.enum(['online', 'offline'], 'type harus online atau offline')),
  'filter.type': ClassFilterFields['filter.type'],
  programId: z.optional(queryInt('programId')),
  /** Every match on one page (no paging). */
  all: z.optional(queryFlag),
  preClass: z.optional(queryFlag),
});

/** GET v1/class/webinar (page, pageSize, programIds). The client's `perPage` is sent as `pageSize`. */
export const ClassWebinarQuerySchema = z.strictObject({
  page: z._default(queryInt('page'), 1),
  pageSize: pageSize(CLASS_PAGE_SIZE),
  programIds: z.optional(queryIds('programIds')),
});

/** GET v1/class/overview?slug: a class by code first, then by slug (SPEC /Class/{code} and /Class/{slug}). */
export const ClassOverviewQuerySchema = z.strictObject({
  slug: z
    .string()
    .check(z.minLength(1, 'slug wajib diisi'), z.maxLength(160), z.regex(/^[A-Za-z0-9-]+$/, 'slug atau kode kelas tidak valid')),
});
/** GET v1/class/syllabus?classroomId. */
export const ClassSyllabusQuerySchema = z.strictObject({ classroomId: queryInt('classroomId') });

/** What the class browser can filter by, with the values the tenant has (for its selects). */
export const ClassFilterOptionsSchema = z.object({
  programs: z.array(Ref),
  categories: z.array(Ref),
  heldCities: z.array(z.object({ id: z.string(), name: z.string() })),
  registrarCities: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ClassFilterOptions = z.infer<typeof ClassFilterOptionsSchema>;
