import { CLASS_STATES } from './classes';
import { miniEnvelope, z } from './mini';
import { INVOICE_STATES, PayoutBalanceSchema } from './payments';
import { TaxRuleSchema } from './tax';

/**
 * The learner's home on /Akun (`GET v1/user/home`) and the receipt of a paid class (`GET
 * v1/class/payment/receipt?ref`, also as PDF). zod/mini: the account and receipt islands import
 * these; the server answers with the same objects. Money is whole rupiah; times are ISO strings, a
 * session's written in its schedule's zone (`+07:00` WIB, `+08:00` WITA, `+09:00` WIT).
 */

const iso = z.nullable(z.string());

/** One meeting of a class, read from its weekly schedule (lib/catalogue/class-sessions.ts). */
export const ClassSessionSchema = z.object({ startsAt: z.string(), endsAt: z.string() });

/** What a class on the home shows: its badge's dates, where, when next, and the schedule as written. */
const HomeClassFields = {
  code: z.string(),
  slug: z.string(),
  name: z.string(),
  /** SPEC §4 lifecycle when the server answered (the island moves it on with the dates). */
  state: z.enum(CLASS_STATES),
  alwaysOpen: z.boolean(),
  registrationOpensAt: iso,
  registrationClosesAt: iso,
  startsAt: iso,
  endsAt: iso,
  isOnline: z.boolean(),
  /** The venue and address, or the meeting tool or link when online. */
  place: z.string(),
  /** The meeting pattern as people read it; shown as it is when it yields no sessions. */
  schedule: z.string(),
  /** Whether the class is published: an unpublished one is still listed, without its page's link or calendar file. */
  isPublished: z.boolean(),
  /** The session under way or the next one; null when none is left or the schedule cannot be read. */
  nextSession: z.nullable(ClassSessionSchema),
};

/** A class the learner holds a seat in. */
export const LearnerClassSchema = z.object({ ...HomeClassFields, enrolment: z.enum(['active', 'completed']) });
export type LearnerClass = z.infer<typeof LearnerClassSchema>;

/** A course the learner may read: premium ones their classes grant, free ones they started. */
export const LearnerCourseSchema = z.object({
  slug: z.string(),
  title: z.string(),
  isPremium: z.boolean(),
  chaptersRead: z.number(),
  totalChapters: z.number(),
  /** The first chapter in course order not read yet; null when every chapter is read. */
  next: z.nullable(z.object({ moduleSlug: z.string(), chapterSlug: z.string(), title: z.string() })),
  /** The class that grants a premium course (the first, when several do). */
  grantedBy: z.nullable(z.string()),
});
export type LearnerCourse = z.infer<typeof LearnerCourseSchema>;

/** An invoice of the learner, newest first. */
/** What an invoice sold and for how much, as the home's list and the receipt both show it. */
const InvoiceSaleFields = {
  classCode: z.string(),
  className: z.string(),
  amount: z.number(),
  vat: z.number(),
  total: z.number(),
  /** The PPN rule the invoice was split under, which names its tax line (a later change of the tenant's rule does not). */
  tax: TaxRuleSchema,
};

export const LearnerInvoiceSchema = z.object({
  merchantOrderId: z.string(),
  ...InvoiceSaleFields,
  status: z.enum(INVOICE_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: iso,
});
export type LearnerInvoice = z.infer<typeof LearnerInvoiceSchema>;

/** A class a mentor teaches, with its learners (active or completed seats). */
export const TaughtClassSchema = z.object({ ...HomeClassFields, learners: z.number() });
export type TaughtClass = z.infer<typeof TaughtClassSchema>;

/** GET v1/user/home: everything /Akun shows of the signed-in user in this tenant. */
export const LearnerHomeSchema = z.object({
  classes: z.array(LearnerClassSchema),
  courses: z.array(LearnerCourseSchema),
  invoices: z.array(LearnerInvoiceSchema),
  /** Only for a mentor: the classes they teach and their payout balance (null without a mentor profile). */
  teaching: z.optional(z.object({ classes: z.array(TaughtClassSchema), balance: z.nullable(PayoutBalanceSchema) })),
});
export type LearnerHome = z.infer<typeof LearnerHomeSchema>;
export const LearnerHomeResponseSchema = miniEnvelope(LearnerHomeSchema);

/** An order id (`merchantOrderId`) as a receipt's address carries it: the page's `?ref=`, the query and the PDF's path. */
export const ORDER_REF = /^[A-Za-z0-9_-]{1,50}$/;

/** `?ref=` of the receipt: the invoice's order id (`merchantOrderId`). */
export const ReceiptQuerySchema = z.strictObject({
  ref: z.string('ref wajib diisi').check(z.trim(), z.regex(ORDER_REF, 'ref tidak valid')),
});

/** A paid invoice as its receipt (Kuitansi) shows it. */
export const ReceiptSchema = z.object({
  /** The receipt number: the invoice's order id. */
  merchantOrderId: z.string(),
  /** The gateway's payment reference. */
  reference: z.nullable(z.string()),
  /** The tenant that sold it (its site's name). */
  brand: z.string(),
  buyer: z.object({ name: z.string(), email: z.string() }),
  ...InvoiceSaleFields,
  paidAt: z.string(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;
export const ReceiptResponseSchema = miniEnvelope(ReceiptSchema);

/** `GET v1/class/{code}/calendar.ics` and `v1/class/payment/{ref}/receipt.pdf`: the paths of the two downloads. */
export const calendarPath = (code: string) => `v1/class/${encodeURIComponent(code)}/calendar.ics`;
export const receiptPdfPath = (ref: string) => `v1/class/payment/${encodeURIComponent(ref)}/receipt.pdf`;
