import { and, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Receipt } from '~/contract/learner';
import { receiptFacts } from '~/lib/payments/receipt-lines';
import type { Db } from '../db/client';
import { classes, invoices, users } from '../db/schema';
import { fail } from '../platform/errors';

/**
 * The receipt (Kuitansi) of a paid class: `receiptOf` (the owner's paid invoice of the tenant, or 404
 * `receiptNotFound` for anyone else's, an unknown one and one not paid) and `receiptPdf` (the same
 * facts as an A4 PDF in standard Helvetica: pdfkit stays external in the server bundle, so its font
 * metrics load from node_modules).
 */

/** Who asks and for which tenant: only their own paid invoices of that tenant are receipts. */
export interface ReceiptViewer {
  lmsId: string;
  userId: string;
  /** The tenant's site name, printed as the seller. */
  brand: string;
}

/** The receipt of order `ref` for its owner. */
export async function receiptOf(db: Db, viewer: ReceiptViewer, ref: string): Promise<Receipt> {
  const [row] = await db
    .select({
      merchantOrderId: invoices.merchantOrderId,
      reference: invoices.reference,
      amount: invoices.amount,
      vat: invoices.vat,
      total: invoices.total,
      vatBps: invoices.vatBps,
      vatIncluded: invoices.vatIncluded,
      status: invoices.status,
      paidAt: invoices.paidAt,
      classCode: classes.code,
      className: classes.name,
      buyerName: users.name,
      buyerEmail: users.email,
    })
    .from(invoices)
    .innerJoin(classes, eq(classes.id, invoices.classId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(eq(invoices.lmsId, viewer.lmsId), eq(invoices.merchantOrderId, ref), eq(invoices.userId, viewer.userId)));
  if (row?.status !== 'paid' || !row.paidAt) throw fail('receiptNotFound');
  return {
    merchantOrderId: row.merchantOrderId,
    reference: row.reference,
    brand: viewer.brand,
    buyer: { name: row.buyerName, email: row.buyerEmail },
    classCode: row.classCode,
    className: row.className,
    amount: row.amount,
    vat: row.vat,
    total: row.total,
    tax: { vatBps: row.vatBps, included: row.vatIncluded },
    paidAt: row.paidAt.toISOString(),
  };
}

/** The receipt as a PDF: the brand, then `receiptFacts` (numbers, date, status, buyer, class, price lines) and its note. */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Kuitansi ${receipt.merchantOrderId}`, Author: receipt.brand, Subject: `Pembayaran kelas ${receipt.className}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const row = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor('#444444')
      .text(label, left, y, { width: width * 0.4 });
    const after = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fillColor('#111111')
      .text(value, left + width * 0.42, y, { width: width * 0.58 });
    doc.y = Math.max(after, doc.y) + 6;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .strokeColor('#cccccc')
      .stroke();
    doc.y += 10;
  };

  doc.font('Helvetica-Bold').fontSize(20).fillColor('#111111').text(receipt.brand, left, doc.y, { width });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(14).text('Kuitansi Pembayaran', { width });
  doc.moveDown(1);
  const { groups, note } = receiptFacts(receipt);
  groups.forEach((facts, index) => {
    if (index > 0) doc.moveDown(0.5);
    rule();
    for (const fact of facts) row(fact.label, fact.value, fact.emphasis !== undefined);
  });
  doc.moveDown(1.5);
  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(note, left, doc.y, { width });
  doc.end();
  return done;
}
