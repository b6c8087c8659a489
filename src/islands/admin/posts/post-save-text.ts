import { ApiRequestError } from '~/lib/api/errors';
import { formatStamp, problemText } from '../kit';
import type { SaveIntent } from './post-form';
import type { StoredPost } from './post-stored';

/* What the editor says after a save: why it failed, or what it did. */

/** Why a save failed, and that nothing typed is lost (the API's and the offline messages may say so already). */
export function failedText(failure: unknown, existing: boolean): string {
  if (existing && failure instanceof ApiRequestError && failure.statusCode === 404)
    return 'Tulisan ini sudah dihapus orang lain, jadi tidak dapat disimpan. Isian Anda masih di editor: salin bagian yang ingin Anda simpan ke tulisan baru.';
  const text = problemText(failure).replace(/[.!?]?\s*$/, '.');
  return /isian anda|teks anda/i.test(text) ? text : `${text} Isian Anda tetap seperti yang Anda tulis.`;
}

/** What a successful save did, as the standing status says it. */
export function savedText(intent: SaveIntent, post: StoredPost): string {
  const at = formatStamp(new Date().toISOString());
  if (post.status === 'scheduled')
    return `${intent === 'publish' ? 'Tulisan dijadwalkan' : 'Perubahan tersimpan; tulisan tetap dijadwalkan'} terbit ${formatStamp(post.publishedAt)}. Situs menampilkannya otomatis pada waktu itu.`;
  if (post.status === 'published') return intent === 'save' ? `Perubahan tersimpan (${at}).` : `Tulisan diterbitkan (${at}).`;
  return intent === 'unpublish' ? `Tulisan tidak lagi terbit; sekarang berstatus draf (${at}).` : `Draf tersimpan (${at}).`;
}
