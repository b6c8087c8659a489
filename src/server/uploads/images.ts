import sharp, { type Metadata } from 'sharp';
import { fileError } from './file-error';

/** Longest side of a stored image: sharp on a phone screen and in print, a fraction of a camera's size. */
export const IMAGE_MAX_SIDE = 2000;
/** Largest image decoded (width × height): a 40-megapixel camera photo; more is a decompression bomb. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Re-encodes at once per process: each holds a decoded image in memory (up to 160 MB at the pixel limit). */
const AT_ONCE = 2;

export type ImageFormat = 'jpeg' | 'png' | 'webp';

/**
 * A fresh image from the pixels alone: turned upright by its EXIF orientation, at most
 * `IMAGE_MAX_SIDE` on its long side, in the format it came in (a WebP or PNG keeps its
 * transparency), converted to sRGB, with no EXIF (GPS, camera), XMP, ICC or comments, and nothing
 * of the original file's other bytes, so a polyglot does not survive. Throws 400/413/415 naming `file`.
 */
export async function reencodeImage(bytes: Uint8Array, format: ImageFormat): Promise<Buffer> {
  return await slot(async () => {
    const input = () => sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, autoOrient: true, failOn: 'error' });
    let meta: Metadata;
    try {
      meta = await input().metadata();
    } catch (error) {
      throw unreadable(error);
    }
    if (meta.format !== format) throw fileError('fileUnsupported', 'isi berkas tidak sesuai jenis gambarnya');
    if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) throw tooManyPixels();
    const resized = input().resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      format === 'jpeg'
        ? resized.jpeg({ quality: 85, mozjpeg: true })
        : format === 'png'
          ? resized.png({ compressionLevel: 9 })
          : resized.webp({ quality: 85 });
    try {
      return await encoded.toBuffer();
    } catch (error) {
      throw unreadable(error);
    }
  });
}

const tooManyPixels = () => fileError('fileTooLarge', `gambar terlalu besar (maksimal ${IMAGE_MAX_PIXELS / 1_000_000} megapiksel)`);

/** sharp's refusal as the sender's error: past the pixel limit 413, else a broken file. */
function unreadable(error: unknown) {
  return error instanceof Error && /pixel limit/i.test(error.message)
    ? tooManyPixels()
    : fileError('fileInvalid', 'gambar rusak atau tidak dapat dibaca');
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `task` once fewer than `AT_ONCE` re-encodes are running. */
async function slot<T>(task: () => Promise<T>): Promise<T> {
  while (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}
