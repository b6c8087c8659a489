import { constants, inflateSync } from 'node:zlib';
import type { FileRefusal } from './file-error';

/** Names of PDF actions and content that run or carry something: scripts, launching programs, attached files, forms that post. */
const ACTIVE = /\/(?:JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData|GoToE)(?=[\s/<>[\]()%{}]|$)/;
/** A name with its `#xx` escapes (`/J#61vaScript` is `/JavaScript`). */
const NAME = /\/[^\s/<>[\]()%{}]+/g;
/** Markup a browser could take for HTML or SVG if it ever sniffed the file (a PDF/HTML polyglot). */
const MARKUP = /<(?:!doctype|html|head|body|script|svg|iframe|object|embed)\b/i;
/** A refusal: `fileInvalid` for a broken file, `fileUnsupported` for content the service does not take. */
export interface PdfProblem {
  refusal: Extract<FileRefusal, 'fileInvalid' | 'fileUnsupported'>;
  message: string;
}
const broken = (message: string): PdfProblem => ({ refusal: 'fileInvalid', message });
const refused = (message: string): PdfProblem => ({ refusal: 'fileUnsupported', message });
const ACTIVE_MESSAGE = 'PDF berisi skrip, tindakan otomatis, atau lampiran';

/** Most bytes the object streams of one file may inflate to while being checked. */
const INFLATE_BUDGET = 32 * 1024 * 1024;

/**
 * Why a file that starts like a PDF is refused, or undefined when it is accepted: it must be whole
 * (`%PDF-` at the start, `%%EOF` at the end with nothing but whitespace after it), unencrypted (an
 * encrypted one cannot be checked), and hold no scripts, launch actions, attachments or markup in
 * its objects, including those packed in compressed object streams. Cheap: one pass over the bytes
 * plus inflating the object streams, never rendering.
 */
export function pdfProblem(bytes: Uint8Array): PdfProblem | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!/^%PDF-[12]\.\d/.test(buffer.subarray(0, 8).toString('latin1'))) return broken('bukan PDF yang utuh (tidak diawali %PDF-)');
  const tail = buffer.subarray(Math.max(0, buffer.length - 1024)).toString('latin1');
  const end = tail.lastIndexOf('%%EOF');
  if (end === -1 || tail.slice(end + 5).trim() !== '') return broken('PDF terpotong atau berisi data tambahan setelah %%EOF');
  if (MARKUP.test(buffer.subarray(0, 1024).toString('latin1'))) return refused('PDF berisi kode HTML');
  const text = decodeNames(buffer.toString('latin1'));
  if (/\/Encrypt(?=[\s/<>[\]()%{}])/.test(text)) return refused('PDF terenkripsi atau berkata sandi; simpan ulang tanpa kata sandi');
  if (ACTIVE.test(text)) return refused(ACTIVE_MESSAGE);
  let budget = INFLATE_BUDGET;
  for (const stream of objectStreams(buffer, text)) {
    let inflated: Buffer;
    try {
      inflated = inflateSync(stream, { maxOutputLength: budget, finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      return refused('PDF berisi bagian terkompresi yang tidak dapat diperiksa');
    }
    budget -= inflated.length;
    if (ACTIVE.test(decodeNames(inflated.toString('latin1')))) return refused(ACTIVE_MESSAGE);
  }
  return undefined;
}

function decodeNames(text: string): string {
  return text.replace(NAME, (name) =>
    name.includes('#') ? name.replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : name,
  );
}

/**
 * The raw data of each object stream (`/Type /ObjStm`), where a PDF 1.5+ file may pack the
 * dictionaries the raw text does not show. Other streams (page content, images, fonts) hold no
 * actions, so they are not inflated. `text` is `buffer` as latin1 with names decoded; its offsets
 * match the buffer's only up to the first decoded name, so the stream's bytes are found again in the buffer.
 */
function* objectStreams(buffer: Buffer, text: string): Generator<Buffer> {
  if (!/\/Type\s*\/ObjStm/.test(text)) return;
  const raw = buffer.toString('latin1');
  const keyword = /stream\r?\n/g;
  for (let match = keyword.exec(raw); match; match = keyword.exec(raw)) {
    if (raw.slice(match.index - 3, match.index) === 'end') continue;
    const dict = decodeNames(raw.slice(Math.max(0, raw.lastIndexOf('obj', match.index)), match.index));
    const start = match.index + match[0].length;
    const stop = raw.indexOf('endstream', start);
    if (stop === -1) return;
    keyword.lastIndex = stop + 'endstream'.length;
    // An unfiltered one was read with the rest of the file; any filter but Flate fails to inflate and is refused.
    if (!/\/Type\s*\/ObjStm/.test(dict) || !/\/Filter/.test(dict)) continue;
    yield buffer.subarray(start, stop);
  }
}
