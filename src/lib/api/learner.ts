import {
  calendarPath,
  type LearnerHome,
  LearnerHomeResponseSchema,
  type Receipt,
  ReceiptResponseSchema,
  receiptPdfPath,
} from '~/contract/learner';
import type { ApiClient, RequestOptions } from './client';
import { type DownloadedFile, downloadFile } from './download';

/*
 * The learner's home on /Akun and their documents: the home's one call, a paid class's receipt, and
 * the two downloads (a class's calendar, a receipt's PDF) through `download.ts`.
 */

/** GET v1/user/home: the signed-in user's classes, courses, invoices and (mentors) teaching. */
export async function getLearnerHome(client: ApiClient, options?: RequestOptions): Promise<LearnerHome> {
  return (await client.call('main', 'v1/user/home', LearnerHomeResponseSchema, options)).data;
}

/** GET v1/class/payment/receipt?ref: the receipt of the signed-in learner's paid invoice; 404 for any other. */
export async function getReceipt(client: ApiClient, ref: string, options?: RequestOptions): Promise<Receipt> {
  return (await client.call('main', 'v1/class/payment/receipt', ReceiptResponseSchema, { ...options, query: { ref } })).data;
}

/** GET v1/class/{code}/calendar.ics: the class's sessions as an iCalendar file. */
export function downloadClassCalendar(client: ApiClient, code: string): Promise<DownloadedFile> {
  return downloadFile(client, calendarPath(code), `${code}.ics`);
}

/** GET v1/class/payment/{ref}/receipt.pdf: the receipt as a PDF (the owner only). */
export function downloadReceiptPdf(client: ApiClient, ref: string): Promise<DownloadedFile> {
  return downloadFile(client, receiptPdfPath(ref), `kuitansi-${ref}.pdf`);
}
