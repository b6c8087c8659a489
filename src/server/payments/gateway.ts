/**
 * What the payments service needs of a payment gateway. `duitku.ts` implements it over Duitku's
 * protocol (POP createInvoice, transactionStatus, the md5-signed callback); the embedded default
 * points the same client at the simulator (`payments/gateway-sim/`) by URL, exactly as at the gateway.
 */

/** A tenant's merchant account at the gateway. */
export interface MerchantAccount {
  merchantCode: string;
  apiKey: string;
  /** The gateway's base URL, e.g. https://api-sandbox.duitku.com (no trailing slash). */
  baseUrl: string;
}

export interface CreateInvoiceRequest {
  merchantOrderId: string;
  /** The total to pay, whole Rupiah. */
  paymentAmount: number;
  productDetails: string;
  email: string;
  customerName: string;
  phoneNumber?: string | undefined;
  /** Lines of the invoice: the class's price and the tax; their sum is `paymentAmount`. */
  itemDetails: { name: string; price: number; quantity: number }[];
  callbackUrl: string;
  returnUrl: string;
  /** Minutes the invoice can be paid. */
  expiryPeriod: number;
  additionalParam?: string | undefined;
  merchantUserInfo?: string | undefined;
}

export interface CreatedInvoice {
  reference: string;
  paymentUrl: string;
}

/** The gateway's status codes: 00 paid, 01 pending, 02 cancelled, failed or expired. */
export type GatewayStatusCode = '00' | '01' | '02';

export interface TransactionStatus {
  merchantOrderId: string;
  reference: string;
  statusCode: GatewayStatusCode;
  statusMessage: string;
  /** What was paid, whole Rupiah. */
  amount: number;
  /** The gateway's fee, whole Rupiah (rounded). */
  fee: number;
}

/** The gateway refused a request or could not be reached; `retryable` when asking again may work. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export interface PaymentGateway {
  /** Creates the payment at the gateway; throws GatewayError. */
  createInvoice(account: MerchantAccount, request: CreateInvoiceRequest): Promise<CreatedInvoice>;
  /** Asks the gateway where an order stands; throws GatewayError (e.g. an order it does not know). */
  transactionStatus(account: MerchantAccount, merchantOrderId: string): Promise<TransactionStatus>;
}
