// Writes a tenant's content images (post covers, gallery and portfolio photos) as WebP in each of
// MEDIA_WIDTHS under dist/<code>/client/media/, at the addresses `mediaUrl` gives the API and pages.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { importTs } from './load-ts.mjs';

const root = new URL('../..', import.meta.url).pathname;

/** Every image file a tenant's content items use. */
function imagesOf(items) {
  const files = new Set();
  for (const post of items.posts) files.add(post.cover);
  for (const item of items.gallery) files.add(item.image);
  for (const item of items.portfolio) {
    for (const file of [
      item.photo,
      item.cover,
      item.video.thumbnail,
      ...item.photos.map((p) => p.link),
      ...item.images.map((i) => i.link),
    ]) {
      files.add(file);
    }
  }
  return [...files];
}

/** Writes the media of tenant `code` into `clientDir`; returns how many files and bytes. */
export async function buildMedia(code, clientDir) {
  const { loadTenantItems } = await importTs('src/lib/tenant/load-items.ts');
  const { mediaUrl, MEDIA_WIDTHS } = await importTs('src/lib/tenant/media.ts');
  const totals = { files: 0, bytes: 0 };
  for (const file of imagesOf(loadTenantItems(join(root, 'tenants'), code))) {
    for (const width of MEDIA_WIDTHS) {
      const out = join(clientDir, mediaUrl(file, width));
      mkdirSync(dirname(out), { recursive: true });
      // SVG is drawn at twice its size first, so the raster stays sharp at 1200 px.
      await sharp(file, { density: 144 }).resize({ width, withoutEnlargement: false }).webp({ quality: 78, effort: 4 }).toFile(out);
      totals.files += 1;
      totals.bytes += statSync(out).size;
    }
  }
  return totals;
}
