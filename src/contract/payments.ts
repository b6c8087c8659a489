import { miniEnvelope, queryInt, RequiredEmail, z } from './mini';
import { paged } from './paged';

/*
 * Class payments and mentor payouts (SPEC §7 "Payments", docs/design.md "Facts about the original platform":
 * the Duitku gateway). zod/mini: the paying island, the payout form and the server validate with the
 * same schema objects. Money is whole Rupiah everywhere (integers, never floats).
 */

/* ---------- Invoices ---------- */

/**
 * An invoice's states. `pending` waits for the gateway; `paid` is final (nothing moves it back);
 * `expired` passed its expiry unpaid (repay issues a fresh invoice); `failed` was refused or
 * cancelled at the gateway (a new invoice may be asked for); `cancelled` was left open when another
 * invoice of the class was paid. An expired, failed or cancelled invoice the gateway later confirms
 * paid becomes paid all the same: the money is recorded (and refunded if the class cannot take it).
 */
export const INVOICE_STATES = ['pending', 'paid', 'expired', 'failed', 'cancelled', 'refunded'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** The return page's text for anything but resultCode "00" (docs/design.md "Facts about the original platform"). */
export const PAYMENT_FAILED = 'Pembayaran Gagal';
export const PAY_NOW = 'Bayar sekarang';
export const PAY_AGAIN = 'Bayar ulang';
/** The gateway's result and status codes: 00 success, 01 pending, 02 cancelled or expired. */
export const RESULT_SUCCESS = '00';

/** `?slug=` of invoice and repay: the class's slug (its code is accepted too). */
export const ClassSlugQuerySchema = z.strictObject({
  slug: z.string('slug wajib diisi').check(z.trim(), z.minLength(1, 'slug wajib diisi'), z.maxLength(200, 'slug terlalu panjang')),
});

const MERCHANT_ORDER_ID = /^[A-Za-z0-9_-]{1,50}$/;
const OrderId = z.string('merchantOrderId wajib diisi').check(z.trim(), z.regex(MERCHANT_ORDER_ID, 'merchantOrderId tidak valid'));

/** POST v1/class/payment/detail: one invoice by its order id, or the learner's latest for a class by slug. */
export const PaymentDetailRequestSchema = z
  .strictObject({
    merchantOrderId: z.optional(OrderId),
    slug: z.optional(z.string().check(z.trim(), z.minLength(1, 'slug wajib diisi'), z.maxLength(200, 'slug terlalu panjang'))),
    /** Only an order of the signed-in account, even for staff (the learner's own payment pages). */
    ownOnly: z.optional(z.boolean()),
  })
  .check(
    z.refine((body) => Boolean(body.merchantOrderId) !== Boolean(body.slug), {
      message: 'Kirim merchantOrderId atau slug (salah satu)',
      path: ['merchantOrderId'],
    }),
  );
export type PaymentDetailRequest = z.infer<typeof PaymentDetailRequestSchema>;

/** GET v1/class/enrolment?slug: whether the signed-in learner holds a seat in the class (paid, free or added by staff). */
export const ClassEnrolmentSchema = z.object({ enrolled: z.boolean(), status: z.nullable(z.enum(['active', 'completed'])) });
export type ClassEnrolment = z.infer<typeof ClassEnrolmentSchema>;
export const ClassEnrolmentResponseSchema = miniEnvelope(ClassEnrolmentSchema);

/** POST v1/class/payment/refund (staff): the paid invoice to refund and why (told to the learner). */
export const PaymentRefundRequestSchema = z.strictObject({
  merchantOrderId: OrderId,
  reason: z
    .string()
    .check(z.trim(), z.minLength(3, 'alasan refund wajib diisi'), z.maxLength(300, 'alasan refund paling banyak 300 karakter')),
});
export type PaymentRefundRequest = z.infer<typeof PaymentRefundRequestSchema>;

/** GET v1/class/payment/callback?merchantOrderId: the status of an order, read only. */
export const PaymentStatusQuerySchema = z.strictObject({ merchantOrderId: OrderId });

export const InvoiceSchema = z.object({
  merchantOrderId: z.string(),
  classCode: z.string(),
  classSlug: z.string(),
  className: z.string(),
  /** The class's price. */
  amount: z.number(),
  /** Value-added tax on the price (PPN), whole Rupiah. */
  vat: z.number(),
  total: z.number(),
  status: z.enum(INVOICE_STATES),
  /** The gateway's payment page; null once the invoice is no longer payable. */
  paymentUrl: z.nullable(z.string()),
  /** The gateway's reference of the transaction. */
  reference: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The validity the invoice was issued with, in hours (may be a fraction). */
  expiryHours: z.number(),
  paidAt: z.nullable(z.string()),
  /** Whether the learner is enrolled in the class (true once paid). */
  enrolled: z.boolean(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoiceResponseSchema = miniEnvelope(InvoiceSchema);
/** detail by slug answers null when the learner has no invoice for the class. */
export const PaymentDetailResponseSchema = miniEnvelope(z.nullable(InvoiceSchema));
export const PaymentStatusResponseSchema = miniEnvelope(z.object({ merchantOrderId: z.string(), status: z.enum(INVOICE_STATES) }));

/**
 * The gateway's callback (form-encoded POST; docs/design.md "Payment gateway"): every field arrives as text.
 * signature = md5(merchantCode + amount + merchantOrderId + apiKey).
 */
export const CALLBACK_FIELDS = [
  'merchantCode',
  'amount',
  'merchantOrderId',
  'productDetail',
  'additionalParam',
  'paymentCode',
  'resultCode',
  'merchantUserId',
  'reference',
  'signature',
] as const;

/* ---------- Payouts ---------- */

/** The smallest payout (docs/design.md "Payout form"). */
export const PAYOUT_MINIMUM = 10_000;
/** The largest payout one request may ask for. */
export const PAYOUT_MAXIMUM = 100_000_000;
export const PAYOUT_PAGE_SIZE = 10;

/** Banks a payout can go to: code (as transfer networks know them) and name. */
export const PAYOUT_BANKS = [
  { code: '014', name: 'BCA' },
  { code: '008', name: 'Bank Mandiri' },
  { code: '009', name: 'BNI' },
  { code: '002', name: 'BRI' },
  { code: '451', name: 'BSI (Bank Syariah Indonesia)' },
  { code: '022', name: 'CIMB Niaga' },
  { code: '011', name: 'Bank Danamon' },
  { code: '013', name: 'Bank Permata' },
  { code: '200', name: 'BTN' },
  { code: '016', name: 'Maybank Indonesia' },
  { code: '028', name: 'OCBC NISP' },
  { code: '147', name: 'Bank Muamalat' },
  { code: '111', name: 'Bank DKI' },
  { code: '110', name: 'Bank BJB' },
  { code: '114', name: 'Bank Jatim' },
  { code: '490', name: 'Bank Neo Commerce' },
  { code: '542', name: 'Bank Jago' },
  { code: '535', name: 'SeaBank' },
] as const;
const BANK_CODES = PAYOUT_BANKS.map((bank) => bank.code) as [string, ...string[]];
export const bankName = (code: string): string => PAYOUT_BANKS.find((bank) => bank.code === code)?.name ?? code;

export const PAYOUT_STATES = ['requested', 'approved', 'rejected'] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];
export const PAYOUT_STATE_LABELS: Record<PayoutState, string> = {
  requested: 'Menunggu persetujuan',
  approved: 'Disetujui',
  rejected: 'Ditolak',
};

const CONTROL = /\p{Cc}/u;
const oneLine = (what: string, min: number, max: number) =>
  z.string(`${what} wajib diisi`).check(
    z.trim(),
    z.minLength(min, min <= 1 ? `${what} wajib diisi` : `${what} minimal ${min} karakter`),
    z.maxLength(max, `${what} maksimal ${max} karakter`),
    z.refine((value) => !CONTROL.test(value), `${what} harus satu baris, tanpa karakter kontrol`),
  );

/** Rupiah as typed: digits with dots grouping thousands (10.000), or a whole number. */
const Rupiah = z.pipe(
  z.union([z.number(), z.string()]),
  z.transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim().replace(/^Rp\.?\s*/i, '');
    if (!/^\d{1,3}(\.\d{3})*$|^\d{1,12}$/.test(text)) {
      ctx.issues.push({ code: 'custom', input: value, message: 'Jumlah harus rupiah bulat, mis. 250.000' });
      return z.NEVER;
    }
    const amount = Number(text.replaceAll('.', ''));
    if (amount < PAYOUT_MINIMUM) {
      ctx.issues.push({ code: 'custom', input: value, message: 'Jumlah minimal Rp10.000' });
      return z.NEVER;
    }
    if (amount > PAYOUT_MAXIMUM) {
      ctx.issues.push({ code: 'custom', input: value, message: 'Jumlah maksimal Rp100.000.000 per permintaan' });
      return z.NEVER;
    }
    return amount;
  }),
);

/** POST v2/payout/request: where the money goes and how much (docs/design.md "Payout form"). */
export const PayoutRequestSchema = z.strictObject({
  name: oneLine('Nama penerima', 3, 100),
  email: RequiredEmail,
  bank: z.enum(BANK_CODES, 'Pilih bank tujuan'),
  accountNumber: z.string('Nomor rekening wajib diisi').check(
    z.trim(),
    z.overwrite((value) => value.replace(/[\s.-]/g, '')),
    z.regex(/^\d{6,20}$/, 'Nomor rekening 6–20 angka'),
  ),
  amount: Rupiah,
});
export type PayoutRequest = z.input<typeof PayoutRequestSchema>;

/** POST v2/payout/approve. */
export const PayoutApproveSchema = z.strictObject({ id: z.number('id wajib diisi').check(z.int(), z.positive()) });
/** POST v2/payout/reject: a reason the mentor reads. */
export const PayoutRejectSchema = z.strictObject({
  id: z.number('id wajib diisi').check(z.int(), z.positive()),
  reason: oneLine('Alasan penolakan', 5, 300),
});

/** GET v2/payout/list: page (from 1), perPage (10), status, bank (code), search (name, e-mail, mentor). */
export const PayoutListQuerySchema = z.strictObject({
  page: z._default(queryInt('page'), 1),
  perPage: z._default(queryInt('perPage', 50), PAYOUT_PAGE_SIZE),
  status: z.optional(z.enum(PAYOUT_STATES, 'status tidak dikenal')),
  bank: z.optional(z.enum(BANK_CODES, 'bank tidak dikenal')),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'search maksimal 100 karakter'))),
});
/** The list query as the server reads it. */
export type PayoutListParams = z.output<typeof PayoutListQuerySchema>;

export const PayoutSchema = z.object({
  id: z.number(),
  mentorName: z.string(),
  name: z.string(),
  email: z.string(),
  bank: z.string(),
  bankName: z.string(),
  /** The mentor sees only the last four digits (•••• 1234); the tenant's admins, who transfer, see it whole. */
  accountNumber: z.string(),
  amount: z.number(),
  status: z.enum(PAYOUT_STATES),
  requestedAt: z.string(),
  decidedAt: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
  reason: z.nullable(z.string()),
});
export type Payout = z.infer<typeof PayoutSchema>;
export const PayoutResponseSchema = miniEnvelope(PayoutSchema);
export const PayoutListResponseSchema = miniEnvelope(paged(PayoutSchema));
export const PayoutBanksResponseSchema = miniEnvelope(z.array(z.object({ code: z.string(), name: z.string() })));

/** A mentor's money, every figure a sum over the ledger. */
export const PayoutBalanceSchema = z.object({
  /** Earned and not yet asked for: what a request may take. */
  available: z.number(),
  /** Asked for, waiting for approval. */
  held: z.number(),
  /** Approved and transferred. */
  paidOut: z.number(),
  /** Everything earned from paid classes. */
  earned: z.number(),
});
export type PayoutBalance = z.infer<typeof PayoutBalanceSchema>;
export const PayoutBalanceResponseSchema = miniEnvelope(PayoutBalanceSchema);

/** The last four digits of an account number, the rest hidden. */
export const maskAccount = (accountNumber: string): string => `•••• ${accountNumber.slice(-4)}`;
