import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { invoiceSignature, sameDigest, statusSignature } from '../duitku';
import { findSimMerchant } from './merchants';
import { findTransactionByOrder, openTransaction, standing } from './transactions';

/** Duitku's smallest payment. */
export const MINIMUM_PAYMENT = 10_000;
/** How far createInvoice's timestamp may be from the simulator's clock. */
const TIMESTAMP_WINDOW_MS = 5 * 60_000;
const CREATE_INVOICE = '/api/merchant/createInvoice';

/** A refusal as Duitku writes them: `{"Message": …}`. */
const refuse = (c: Context, status: ContentfulStatusCode, message: string) => c.json({ Message: message }, status);

const HttpUrl = z
  .string()
  .max(2000)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

const CreateInvoiceSchema = z
  .object({
    paymentAmount: z
      .number()
      .int('must be a whole number')
      .min(MINIMUM_PAYMENT, `Minimum Payment ${MINIMUM_PAYMENT} IDR`)
      .max(2_000_000_000),
    merchantOrderId: z.string().min(1).max(50),
    productDetails: z.string().min(1).max(255),
    additionalParam: z.string().max(255).optional(),
    merchantUserInfo: z.string().max(255).optional(),
    customerVaName: z.string().max(255).optional(),
    email: z.email().max(255),
    phoneNumber: z.string().max(50).optional(),
    itemDetails: z
      .array(z.object({ name: z.string().min(1).max(255), price: z.number().int(), quantity: z.number().int().min(1) }))
      .min(1)
      .optional(),
    callbackUrl: HttpUrl,
    returnUrl: HttpUrl,
    expiryPeriod: z.number().int().min(1).max(43_200).optional(),
  })
  .refine(
    (body) => !body.itemDetails || body.itemDetails.reduce((sum, item) => sum + item.price * item.quantity, 0) === body.paymentAmount,
    {
      message: 'itemDetails total must equal paymentAmount',
      path: ['itemDetails'],
    },
  );

const StatusRequestSchema = z.object({
  merchantCode: z.string().min(1).max(100),
  merchantOrderId: z.string().min(1).max(100),
  signature: z.string().max(200),
});

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'Bad request';
};

/** The JSON body, or undefined when there is none or it does not parse. */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * Where the simulator is mounted as the caller sees it (e.g. `http://localhost:4321/api/sim/duitku`),
 * so the payment page lives beside the call. Mounting with Hono's `mount()` or under a Connect
 * middleware strips the outer prefix from the request's URL, so the path Node received (`url`, or
 * Connect's `originalUrl`) is asked first.
 */
function mountUrl(c: Context): string {
  const incoming = (c.env as { incoming?: { url?: unknown; originalUrl?: unknown } } | undefined)?.incoming;
  const url = new URL(c.req.url);
  for (const path of [incoming?.originalUrl, incoming?.url, url.pathname]) {
    if (typeof path !== 'string') continue;
    const bare = path.split('?')[0] ?? '';
    if (bare.endsWith(CREATE_INVOICE)) return `${url.origin}${bare.slice(0, -CREATE_INVOICE.length)}`;
  }
  return url.origin;
}

/** The gateway's API as merchants call it: createInvoice (sha256 headers) and transactionStatus (md5 in the body). */
export function protocolRoutes(db: Db, publicUrl?: string) {
  const app = new Hono();

  app.post(CREATE_INVOICE, async (c) => {
    const merchantCode = c.req.header('x-duitku-merchantcode') ?? '';
    const timestamp = c.req.header('x-duitku-timestamp') ?? '';
    const merchant = merchantCode ? await findSimMerchant(db, merchantCode) : undefined;
    if (!merchant) return refuse(c, 401, 'Merchant not found');
    if (!/^\d{1,15}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > TIMESTAMP_WINDOW_MS)
      return refuse(c, 401, 'Request expired: x-duitku-timestamp is not within 5 minutes');
    if (!sameDigest(invoiceSignature(merchantCode, timestamp, merchant.apiKey), c.req.header('x-duitku-signature')))
      return refuse(c, 401, 'Invalid signature');
    const parsed = CreateInvoiceSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return refuse(c, 400, firstIssue(parsed.error));
    const body = parsed.data;
    const opened = await openTransaction(db, {
      merchantCode,
      merchantOrderId: body.merchantOrderId,
      amount: body.paymentAmount,
      productDetails: body.productDetails,
      email: body.email,
      customerName: body.customerVaName ?? '',
      additionalParam: body.additionalParam ?? '',
      merchantUserInfo: body.merchantUserInfo ?? '',
      callbackUrl: body.callbackUrl,
      returnUrl: body.returnUrl,
      expiryMinutes: body.expiryPeriod ?? 1440,
    });
    if (!opened.ok) return refuse(c, 400, 'Duplicate merchantOrderId with a different paymentAmount');
    return c.json({
      merchantCode,
      reference: opened.transaction.reference,
      paymentUrl: `${publicUrl?.replace(/\/+$/, '') ?? mountUrl(c)}/pay/${opened.transaction.reference}`,
      statusCode: '00',
      statusMessage: 'SUCCESS',
    });
  });

  app.post('/api/merchant/transactionStatus', async (c) => {
    const parsed = StatusRequestSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return refuse(c, 400, firstIssue(parsed.error));
    const { merchantCode, merchantOrderId, signature } = parsed.data;
    const merchant = await findSimMerchant(db, merchantCode);
    if (!merchant) return refuse(c, 401, 'Merchant not found');
    if (!sameDigest(statusSignature(merchantCode, merchantOrderId, merchant.apiKey), signature)) return refuse(c, 401, 'Invalid signature');
    const tx = await findTransactionByOrder(db, merchantCode, merchantOrderId);
    if (!tx) return refuse(c, 400, 'Transaction not found');
    return c.json({
      merchantOrderId: tx.merchantOrderId,
      reference: tx.reference,
      amount: String(tx.amount),
      fee: `${tx.fee}.00`,
      ...standing(tx),
    });
  });

  return app;
}
