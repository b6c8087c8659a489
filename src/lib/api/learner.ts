import {
  calendarPath,
  type LearnerHome,
  LearnerHomeResponseSchema,
  type Receipt,
  ReceiptResponseSchema,
  receiptPdfPath,
} from '~/contract/learner';
import type { ApiClient, RequestOptions } from './client';
import { normalizeError } from './errors';

/*
 * The learner's home on /Akun and their documents: the home's one call, a paid class's receipt, and
 * the two downloads (a class's calendar, a receipt's PDF), which carry the same credential headers as
 * every call (the API may be on another origin), so they are fetched and handed over as a Blob.
 */

/** GET v1/user/home: the signed-in user's classes, courses, invoices and (mentors) teaching. */
export async function getLearnerHome(client: ApiClient, options?: RequestOptions): Promise<LearnerHome> {
  return (await client.call('main', 'v1/user/home', LearnerHomeResponseSchema, options)).data;
}

/** GET v1/class/payment/receipt?ref: the receipt of the signed-in learner's paid invoice; 404 for any other. */
export async function getReceipt(client: ApiClient, ref: string, options?: RequestOptions): Promise<Receipt> {
  return (await client.call('main', 'v1/class/payment/receipt', ReceiptResponseSchema, { ...options, query: { ref } })).data;
}

/** A downloaded file: its bytes and the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

async function download(client: ApiClient, path: string, fallbackName: string): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await client.send('main', path);
  } catch (error) {
    throw normalizeError(error);
  }
  if (!response.ok) {
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {}
    throw normalizeError(Object.assign(new Error(`HTTP ${response.status}`), { data, response: { status: response.status } }));
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  return { blob: await response.blob(), filename: named ?? fallbackName };
}

/** GET v1/class/{code}/calendar.ics: the class's sessions as an iCalendar file. */
export function downloadClassCalendar(client: ApiClient, code: string): Promise<DownloadedFile> {
  return download(client, calendarPath(code), `${code}.ics`);
}

/** GET v1/class/payment/{ref}/receipt.pdf: the receipt as a PDF (the owner only). */
export function downloadReceiptPdf(client: ApiClient, ref: string): Promise<DownloadedFile> {
  return download(client, receiptPdfPath(ref), `kuitansi-${ref}.pdf`);
}
