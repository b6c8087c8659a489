import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  type CreatedInvoice,
  type CreateInvoiceRequest,
  GatewayError,
  type MerchantAccount,
  type PaymentGateway,
  type TransactionStatus,
} from './gateway';

/*
 * Duitku's POP protocol as its official SDK (duitku-php) speaks it: createInvoice signed with
 * sha256(merchantCode + timestamp + apiKey) in headers, transactionStatus and the callback signed
 * with md5 in the body. The same functions serve the client below and the simulator
 * (`payments/gateway-sim/`), so both ends sign one way. The API key never leaves these functions:
 * nothing here logs, and no error message carries it.
 */

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The callback's signature: md5(merchantCode + amount + merchantOrderId + apiKey), lowercase hex. */
export function callbackSignature(merchantCode: string, amount: string | number, merchantOrderId: string, apiKey: string): string {
  return md5(`${merchantCode}${amount}${merchantOrderId}${apiKey}`);
}

/** transactionStatus's signature: md5(merchantCode + merchantOrderId + apiKey), lowercase hex. */
export function statusSignature(merchantCode: string, merchantOrderId: string, apiKey: string): string {
  return md5(`${merchantCode}${merchantOrderId}${apiKey}`);
}

/** createInvoice's signature: sha256(merchantCode + timestamp + apiKey), lowercase hex. */
export function invoiceSignature(merchantCode: string, timestampMs: number | string, apiKey: string): string {
  return sha256(`${merchantCode}${timestampMs}${apiKey}`);
}

/** The headers that authenticate a createInvoice call made at `timestampMs` (ms since the epoch). */
export function invoiceHeaders(merchantCode: string, apiKey: string, timestampMs: number): Record<string, string> {
  return {
    'x-duitku-signature': invoiceSignature(merchantCode, timestampMs, apiKey),
    'x-duitku-timestamp': String(timestampMs),
    'x-duitku-merchantcode': merchantCode,
  };
}

/**
 * Whether `given` is the hex digest `expected` (either case), compared in constant time; false for
 * anything that is not hex of the same length. Never throws.
 */
export function sameDigest(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length !== expected.length || !/^[0-9a-fA-F]+$/.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a callback's form fields carry the signature the merchant's `apiKey` gives; never throws.
 * Takes the parsed form as it comes (a field that is not text, e.g. a file, fails the check).
 */
export function verifyCallbackSignature(fields: Readonly<Record<string, unknown>>, apiKey: string): boolean {
  const { merchantCode, amount, merchantOrderId, signature } = fields;
  if (typeof merchantCode !== 'string' || typeof amount !== 'string' || typeof merchantOrderId !== 'string') return false;
  if (!merchantCode || !amount || !merchantOrderId || !apiKey) return false;
  return sameDigest(callbackSignature(merchantCode, amount, merchantOrderId, apiKey), signature);
}

/** Rupiah as the gateway writes them ("10000", "10000.00" or a number); NaN for anything else. */
export function parseGatewayAmount(value: string | number): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  return /^\d{1,15}(\.\d{1,4})?$/.test(text) ? Number(text) : Number.NaN;
}

/** A whole-Rupiah amount: the gateway's text with no fraction but zeros. */
const WholeRupiah = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const amount = parseGatewayAmount(value);
  if (!Number.isInteger(amount)) {
    ctx.addIssue({ code: 'custom', message: `bukan rupiah bulat: ${String(value).slice(0, 30)}` });
    return z.NEVER;
  }
  return amount;
});
/** The fee, rounded to whole Rupiah. */
const FeeRupiah = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const fee = parseGatewayAmount(value);
  if (Number.isNaN(fee)) {
    ctx.addIssue({ code: 'custom', message: `bukan jumlah rupiah: ${String(value).slice(0, 30)}` });
    return z.NEVER;
  }
  return Math.round(fee);
});

const InvoiceAnswerSchema = z.object({
  reference: z.string().min(1).max(100),
  paymentUrl: z.url({ protocol: /^https?$/ }),
  statusCode: z.string(),
  statusMessage: z.string().optional(),
});

const StatusAnswerSchema = z.object({
  merchantOrderId: z.string(),
  reference: z.string().nullish(),
  amount: WholeRupiah,
  fee: FeeRupiah.nullish(),
  statusCode: z.enum(['00', '01', '02']),
  statusMessage: z.string().nullish(),
});

export interface DuitkuGatewayOptions {
  /** The HTTP client (default the global fetch). */
  fetch?: typeof fetch | undefined;
  /** How long one call may take before it fails as retryable (default 10000 ms). */
  timeoutMs?: number | undefined;
  /** The clock of createInvoice's timestamp (default Date.now). */
  now?: (() => number) | undefined;
}

/** The message of a refusal: Duitku's `{"Message": …}`, else its statusMessage, else the start of the body. */
function refusalMessage(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['Message', 'message', 'statusMessage', 'error']) {
      const value = body[key];
      if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 300);
    }
  } catch {
    // not JSON: the text itself
  }
  return text.trim().replace(/\s+/g, ' ').slice(0, 300);
}

/**
 * A PaymentGateway over Duitku's HTTP API. Network failures, timeouts and 5xx answers throw
 * retryable GatewayErrors; 4xx answers non-retryable ones with the gateway's message; an answer
 * that does not read as the protocol says is a non-retryable GatewayError too.
 */
export function createDuitkuGateway(options: DuitkuGatewayOptions = {}): PaymentGateway {
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;

  async function post(url: string, what: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const reason = timedOut ? `tidak menjawab dalam ${timeoutMs} ms` : `tidak dapat dihubungi (${networkReason(error)})`;
      throw new GatewayError(`Duitku ${what}: ${reason}`, true);
    }
    if (response.status >= 500)
      throw new GatewayError(`Duitku ${what}: HTTP ${response.status} ${refusalMessage(text)}`.trim(), true, response.status);
    if (response.status >= 400)
      throw new GatewayError(refusalMessage(text) || `Duitku ${what}: HTTP ${response.status}`, false, response.status);
    if (response.status !== 200)
      throw new GatewayError(`Duitku ${what}: jawaban HTTP ${response.status} tidak dikenal`, false, response.status);
    try {
      return JSON.parse(text);
    } catch {
      throw new GatewayError(`Duitku ${what}: jawaban bukan JSON`, false, response.status);
    }
  }

  function parse<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
    const parsed = schema.safeParse(answer);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new GatewayError(
      `Duitku ${what}: jawaban tidak sesuai protokol (${issue?.path.join('.') || '-'}: ${issue?.message ?? ''})`,
      false,
      200,
    );
  }

  return {
    async createInvoice(account: MerchantAccount, request: CreateInvoiceRequest): Promise<CreatedInvoice> {
      const body = {
        paymentAmount: request.paymentAmount,
        merchantOrderId: request.merchantOrderId,
        productDetails: request.productDetails,
        additionalParam: request.additionalParam ?? '',
        merchantUserInfo: request.merchantUserInfo ?? '',
        customerVaName: request.customerName,
        email: request.email,
        phoneNumber: request.phoneNumber ?? '',
        itemDetails: request.itemDetails,
        customerDetail: { firstName: request.customerName, email: request.email, phoneNumber: request.phoneNumber ?? '' },
        callbackUrl: request.callbackUrl,
        returnUrl: request.returnUrl,
        expiryPeriod: request.expiryPeriod,
      };
      const headers = invoiceHeaders(account.merchantCode, account.apiKey, now());
      const answer = parse(
        InvoiceAnswerSchema,
        await post(endpoint(account, 'createInvoice'), 'createInvoice', body, headers),
        'createInvoice',
      );
      if (answer.statusCode !== '00')
        throw new GatewayError(answer.statusMessage || `Duitku createInvoice: statusCode ${answer.statusCode}`, false, 200);
      return { reference: answer.reference, paymentUrl: answer.paymentUrl };
    },

    async transactionStatus(account: MerchantAccount, merchantOrderId: string): Promise<TransactionStatus> {
      const body = {
        merchantCode: account.merchantCode,
        merchantOrderId,
        signature: statusSignature(account.merchantCode, merchantOrderId, account.apiKey),
      };
      const what = 'transactionStatus';
      const answer = parse(StatusAnswerSchema, await post(endpoint(account, what), what, body), what);
      if (answer.merchantOrderId !== merchantOrderId)
        throw new GatewayError(`Duitku ${what}: jawaban untuk pesanan lain (${answer.merchantOrderId.slice(0, 60)})`, false, 200);
      return {
        merchantOrderId,
        reference: answer.reference ?? '',
        statusCode: answer.statusCode,
        statusMessage: answer.statusMessage ?? '',
        amount: answer.amount,
        fee: answer.fee ?? 0,
      };
    },
  };
}

const endpoint = (account: MerchantAccount, call: 'createInvoice' | 'transactionStatus') =>
  `${account.baseUrl.replace(/\/+$/, '')}/api/merchant/${call}`;

/** Why a request did not get through (undici puts the system error in `cause`). */
function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String((cause as { code: unknown }).code) : '';
  return (code || error.message).slice(0, 200);
}
