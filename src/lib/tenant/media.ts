/**
 * Content images (covers, gallery and portfolio photos) live in a tenant's or the shared `assets/`
 * folder; the build writes each as WebP in two widths under `/media/`, and the API hands out those
 * addresses. One function decides the address, so the seed, the build and the pages agree.
 */

/** Widths written for each content image: a card and a full-width hero. */
export const MEDIA_WIDTHS = [600, 1200] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

/** The path of an image below its `assets/` folder, e.g. `covers/kelas-data.svg`. */
export function assetRelativePath(file: string): string {
  const at = file.replaceAll('\\', '/').lastIndexOf('/assets/');
  if (at < 0) throw new Error(`${file}: gambar konten harus berada di folder assets/`);
  return file.slice(at + '/assets/'.length).replaceAll('\\', '/');
}

/** The public address of a content image at a width (default the largest), e.g. `/media/covers/kelas-data-600.webp`. */
export function mediaUrl(file: string, width: MediaWidth = 1200): string {
  const base = assetRelativePath(file).replace(/\.[a-z0-9]+$/i, '');
  return `/media/${base}${width === 1200 ? '' : `-${width}`}.webp`;
}

/** `srcset` of a content image given its canonical address from `mediaUrl`. */
export function mediaSrcset(url: string): string {
  if (!url.startsWith('/media/') || !url.endsWith('.webp')) return '';
  const base = url.slice(0, -'.webp'.length);
  return `${base}-600.webp 600w, ${url} 1200w`;
}
