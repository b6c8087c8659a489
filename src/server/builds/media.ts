import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { loadTenantItems } from '~/lib/tenant/load-items';
import { MEDIA_WIDTHS, mediaUrl } from '~/lib/tenant/media';

/**
 * A tenant's content images (post covers, gallery and portfolio photos of its seed folder) as WebP
 * in each of MEDIA_WIDTHS under the build's `client/media/`, at the addresses `mediaUrl` gives the
 * API and pages. Each encoding is kept in `cacheDir` by the image's hash and width, so a build
 * re-encodes only new images and links the rest.
 */

/** Every image file a tenant's content items use. */
function imagesOf(items: ReturnType<typeof loadTenantItems>): string[] {
  const files = new Set<string>();
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

/** Writes the media of tenant `code` into `clientDir`; returns how many files and bytes, and how many were encoded now. */
export async function buildMedia(tenantsRoot: string, code: string, clientDir: string, cacheDir: string) {
  const totals = { files: 0, bytes: 0, encoded: 0 };
  mkdirSync(cacheDir, { recursive: true });
  for (const file of imagesOf(loadTenantItems(tenantsRoot, code))) {
    const digest = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 20);
    for (const width of MEDIA_WIDTHS) {
      const out = join(clientDir, mediaUrl(file, width));
      const cached = join(cacheDir, `${digest}-${width}.webp`);
      if (!existsSync(cached)) {
        // SVG is drawn at twice its size first, so the raster stays sharp at 1200 px.
        await sharp(file, { density: 144 })
          .resize({ width, withoutEnlargement: false })
          .webp({ quality: 78, effort: 4 })
          .toFile(`${cached}.${process.pid}.tmp`);
        renameSync(`${cached}.${process.pid}.tmp`, cached);
        totals.encoded += 1;
      }
      mkdirSync(dirname(out), { recursive: true });
      if (!existsSync(out)) linkSync(cached, out);
      totals.files += 1;
      totals.bytes += statSync(out).size;
    }
  }
  return totals;
}
