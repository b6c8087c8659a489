import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadPurpose } from '~/contract/uploads';
import { fileError } from './file-error';
import { type ImageFormat, reencodeImage } from './images';
import { pdfProblem } from './pdf';

/** What the service stores: the bytes to keep and the type they really are. */
export interface AcceptedFile {
  bytes: Uint8Array;
  mimeType: string;
}

/** The image types taken, by the type `file-type` reads from the bytes (an animated PNG counts as PNG: its first frame is kept). */
const IMAGE_FORMATS: Record<string, ImageFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/webp': 'webp',
};

const mb = (bytes: number) => `${bytes / 1024 / 1024} MB`;
const KIND_NAMES: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' };

/**
 * Decides what a sent file is and what of it is kept. The type is read from the bytes alone (the
 * name and the sender's Content-Type are never asked): JPEG, PNG and WebP are re-encoded
 * (`images.ts`), a PDF is checked (`pdf.ts`) and kept as sent, and only for a `letter`. Anything
 * else (SVG, HTML, executables, archives, text) is refused with 415; too large with 413, broken or
 * empty with 400; each names the field `file`.
 */
export async function acceptFile(bytes: Uint8Array, purpose: UploadPurpose): Promise<AcceptedFile> {
  if (bytes.length === 0) throw fileError('fileInvalid', 'berkas kosong');
  if (bytes.length > Math.max(UPLOAD_MAX_BYTES.image, UPLOAD_MAX_BYTES.pdf)) throw tooLarge();
  const sniffed = (await fileTypeFromBuffer(bytes))?.mime;
  const mimeType = sniffed === 'image/apng' ? 'image/png' : sniffed;
  const taken: readonly string[] = UPLOAD_TYPES[purpose];
  if (!mimeType || !taken.includes(mimeType)) {
    const kinds = taken.map((type) => KIND_NAMES[type]).join(', ');
    throw fileError('fileUnsupported', `jenis berkas tidak didukung${sniffed ? ` (${sniffed})` : ''}; kirim ${kinds}`);
  }
  if (mimeType === 'application/pdf') {
    if (bytes.length > UPLOAD_MAX_BYTES.pdf) throw tooLarge(UPLOAD_MAX_BYTES.pdf);
    const problem = pdfProblem(bytes);
    if (problem) throw fileError(problem.refusal, problem.message);
    return { bytes, mimeType };
  }
  if (bytes.length > UPLOAD_MAX_BYTES.image) throw tooLarge(UPLOAD_MAX_BYTES.image);
  return { bytes: await reencodeImage(bytes, IMAGE_FORMATS[mimeType] ?? 'jpeg'), mimeType };
}

/** 413 for a file past its limit (both kinds' larger one before its type is known). */
export function tooLarge(limit = Math.max(UPLOAD_MAX_BYTES.image, UPLOAD_MAX_BYTES.pdf)) {
  return fileError('fileTooLarge', `berkas terlalu besar (maksimal ${mb(limit)})`);
}
