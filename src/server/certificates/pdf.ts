import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Certificate } from '~/contract/certificates';
import { formatDate } from '~/lib/format/dates';

/** A4 landscape in points. */
const WIDTH = 841.89;
const HEIGHT = 595.28;
const INK = '#1f2937';
const MUTED = '#4b5563';

/**
 * A certificate as a one-page PDF (A4 landscape): the issuing brand, "Sertifikat", the holder, what
 * was completed, the date, the certificate's id, and its verification address written out and as a
 * QR code drawn as vector squares (sharp at any print size). Only the PDF's standard fonts are used
 * (Helvetica, Latin text as Indonesian names and titles are written). Never for a revoked
 * certificate: the route refuses it first.
 */
export function certificatePdf(certificate: Certificate, verifyUrl: string): Promise<Buffer> {
  const issued = formatDate(certificate.issuedAt, 'WIB');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: {
      Title: `Sertifikat ${certificate.title}: ${certificate.holderName}`,
      Author: certificate.brand,
      Subject: `Sertifikat ${certificate.id}, verifikasi di ${verifyUrl}`,
      CreationDate: new Date(certificate.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc
    .lineWidth(2)
    .strokeColor(INK)
    .rect(24, 24, WIDTH - 48, HEIGHT - 48)
    .stroke();
  doc
    .lineWidth(0.75)
    .rect(32, 32, WIDTH - 64, HEIGHT - 64)
    .stroke();

  const line = (text: string, y: number, size: number, font = 'Helvetica', color = INK) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor(color)
      .text(text, 72, y, { width: WIDTH - 144, align: 'center' });
  line(certificate.brand.toUpperCase(), 72, 14, 'Helvetica-Bold', MUTED);
  line('Sertifikat', 110, 44, 'Helvetica-Bold');
  line(certificate.kind === 'course' ? 'Penyelesaian Kursus' : 'Kelulusan Kelas', 166, 16, 'Helvetica', MUTED);
  line('Diberikan kepada', 218, 13, 'Helvetica', MUTED);
  line(certificate.holderName, 240, 30, 'Helvetica-Bold');
  line(certificate.kind === 'course' ? 'atas penyelesaian seluruh bab kursus' : 'atas kelulusan kelas', 300, 13, 'Helvetica', MUTED);
  line(certificate.title, 322, 20, 'Helvetica-Bold');
  line(`Diterbitkan ${issued} oleh ${certificate.brand}`, 372, 12, 'Helvetica', MUTED);

  // The verification block: the address in words on the left, the same address as a QR code on the right.
  const qrSize = 108;
  const qrX = WIDTH - 72 - qrSize;
  const qrY = HEIGHT - 72 - qrSize;
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Nomor sertifikat: ${certificate.id}`, 72, qrY + 40, { width: qrX - 96 })
    .text(`Periksa keaslian sertifikat ini di ${verifyUrl}`, { width: qrX - 96, link: verifyUrl });
  drawQr(doc, verifyUrl, qrX, qrY, qrSize);

  doc.end();
  return done;
}

/** The QR code of `text` as filled squares (each row's dark runs merged), `size` points wide at (x, y). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++) {
    let start = -1;
    for (let column = 0; column <= modules.size; column++) {
      const dark = column < modules.size && modules.data[row * modules.size + column] === 1;
      if (dark && start === -1) start = column;
      if (!dark && start !== -1) {
        doc.rect(x + start * cell, y + row * cell, (column - start) * cell, cell);
        start = -1;
      }
    }
  }
  doc.fillColor('#000000').fill();
}
