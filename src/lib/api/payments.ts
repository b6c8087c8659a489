import { IDEMPOTENCY_HEADER } from '~/contract/idempotency';
import type { Paged } from '~/contract/paged';
import {
  type ClassEnrolment,
  ClassEnrolmentResponseSchema,
  type Invoice,
  InvoiceResponseSchema,
  type PaymentDetailRequest,
  PaymentDetailResponseSchema,
  PaymentStatusResponseSchema,
  type Payout,
  type PayoutBalance,
  PayoutBalanceResponseSchema,
  PayoutBanksResponseSchema,
  PayoutListResponseSchema,
  type PayoutRequest,
  PayoutResponseSchema,
  type PayoutState,
} from '~/contract/payments';
import type { ApiClient, RequestOptions } from './client';

/*
 * Class payments and mentor payouts (SPEC §7 "Payments"), every call on the main services with the
 * signed-in user's token. The server decides everything (prices, states, balances, who may approve);
 * these only carry requests and check answers with the contract's zod/mini schemas.
 */

/** Options of a write the visitor may repeat: the call's options plus the submission's idempotency key. */
export type PaymentWriteOptions = RequestOptions & { idempotencyKey?: string | undefined };

const write = (body: unknown, { idempotencyKey, ...options }: PaymentWriteOptions = {}) => ({
  ...options,
  method: 'POST' as const,
  ...(body !== undefined && { body }),
  ...(idempotencyKey && { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
});

/** GET v2/payout/list query: page from 1, 10 a page by default, and the filters (empty ones are not sent). */
export interface PayoutListParams {
  page?: number | undefined;
  perPage?: number | undefined;
  status?: PayoutState | '' | undefined;
  /** A bank code (`014`). */
  bank?: string | undefined;
  /** Name, e-mail or mentor. */
  search?: string | undefined;
}

/**
 * POST v1/class/payment/invoice?slug: a new invoice for the class (slug or code), or the learner's
 * open one. 409 when already enrolled or registration is closed, 400 for a free class.
 */
export async function createInvoice(client: ApiClient, slug: string, options?: PaymentWriteOptions): Promise<Invoice> {
  return (await client.call('main', 'v1/class/payment/invoice', InvoiceResponseSchema, { ...write(undefined, options), query: { slug } }))
    .data;
}

/** GET v1/class/repay?slug: a fresh invoice when the learner's latest one for the class expired; 409 otherwise. */
export async function repayInvoice(client: ApiClient, slug: string, options?: RequestOptions): Promise<Invoice> {
  return (await client.call('main', 'v1/class/repay', InvoiceResponseSchema, { ...options, query: { slug } })).data;
}

/**
 * POST v1/class/payment/detail: one invoice by its order id, or the learner's latest for a class by
 * slug (null when there is none). A pending invoice is checked with the gateway first.
 */
export async function paymentDetail(client: ApiClient, request: PaymentDetailRequest, options?: RequestOptions): Promise<Invoice | null> {
  return (await client.call('main', 'v1/class/payment/detail', PaymentDetailResponseSchema, { ...options, method: 'POST', body: request }))
    .data;
}

/** GET v1/class/enrolment?slug: whether the signed-in learner holds a seat in the class, with or without an invoice. */
export async function classEnrolment(client: ApiClient, slug: string, options?: RequestOptions): Promise<ClassEnrolment> {
  return (await client.call('main', 'v1/class/enrolment', ClassEnrolmentResponseSchema, { ...options, query: { slug } })).data;
}

/** GET v1/class/payment/callback?merchantOrderId: where an order stands, read only. */
export async function paymentStatus(client: ApiClient, merchantOrderId: string, options?: RequestOptions) {
  return (await client.call('main', 'v1/class/payment/callback', PaymentStatusResponseSchema, { ...options, query: { merchantOrderId } }))
    .data;
}

/** GET v2/payout/balance (mentors): available, held, paid out and earned, whole Rupiah. */
export async function payoutBalance(client: ApiClient, options?: RequestOptions): Promise<PayoutBalance> {
  return (await client.call('main', 'v2/payout/balance', PayoutBalanceResponseSchema, options)).data;
}

/** GET v2/payout/banks: the banks a payout can go to. */
export async function payoutBanks(client: ApiClient, options?: RequestOptions): Promise<{ code: string; name: string }[]> {
  return (await client.call('main', 'v2/payout/banks', PayoutBanksResponseSchema, options)).data;
}

/** GET v2/payout/list: a mentor's own requests, or (admins) every request of the tenant; 10 a page. */
export async function listPayouts(client: ApiClient, query: PayoutListParams = {}, options?: RequestOptions): Promise<Paged<Payout>> {
  const { page, perPage, status, bank, search } = query;
  return (
    await client.call('main', 'v2/payout/list', PayoutListResponseSchema, {
      ...options,
      query: { page, perPage, status: status || undefined, bank: bank || undefined, search: search?.trim() || undefined },
    })
  ).data;
}

/** POST v2/payout/request: a mentor asks for money to a bank account; 409 'Saldo tidak mencukupi' above the balance. */
export async function requestPayout(client: ApiClient, request: PayoutRequest, options?: PaymentWriteOptions): Promise<Payout> {
  return (await client.call('main', 'v2/payout/request', PayoutResponseSchema, write(request, options))).data;
}

/** POST v2/payout/approve (admins): 403 for one's own request, 409 once decided. */
export async function approvePayout(client: ApiClient, id: number, options?: RequestOptions): Promise<Payout> {
  return (await client.call('main', 'v2/payout/approve', PayoutResponseSchema, write({ id }, options))).data;
}

/** POST v2/payout/reject (admins): with the reason the mentor reads. */
export async function rejectPayout(client: ApiClient, id: number, reason: string, options?: RequestOptions): Promise<Payout> {
  return (await client.call('main', 'v2/payout/reject', PayoutResponseSchema, write({ id, reason }, options))).data;
}
