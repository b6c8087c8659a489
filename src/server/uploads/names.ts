import { EXTENSIONS } from './blob-store';

/** Control characters and the bidirectional overrides that make `gpj.exe` read as `exe.jpg`. */
const UNSAFE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const MAX_NAME = 120;

/**
 * The name a sender gave, fit to show: its last path segment, without control or direction
 * characters, NFC, at most 120 characters (the extension kept); `berkas` when nothing is left.
 * For display only: the stored key and the served type never come from it.
 */
export function displayName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).at(-1)?.replace(UNSAFE, '').normalize('NFC').trim() ?? '';
  if (!base) return 'berkas';
  if (base.length <= MAX_NAME) return base;
  const ext = /\.[^.]{1,10}$/.exec(base)?.[0] ?? '';
  return `${base.slice(0, MAX_NAME - ext.length)}${ext}`;
}

/**
 * `Content-Disposition` of a served file: `attachment` for a PDF (the browser saves it rather than
 * rendering it on the API's origin), `inline` for an image. The name is the display name with the
 * extension of the real type: ASCII in `filename`, UTF-8 in `filename*` (RFC 6266).
 */
export function contentDisposition(name: string, mimeType: string): string {
  const disposition = mimeType.startsWith('image/') ? 'inline' : 'attachment';
  const ext = EXTENSIONS[mimeType] ?? 'bin';
  const stem = name.replace(/\.[^.]{1,10}$/, '') || 'berkas';
  const ascii =
    stem
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w .-]+/g, '_')
      .replace(/^[.\s_]+/, '')
      .slice(0, 80)
      .trim() || 'berkas';
  const utf8 = encodeURIComponent(`${stem.replace(UNSAFE, '')}.${ext}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}.${ext}"; filename*=UTF-8''${utf8}`;
}
