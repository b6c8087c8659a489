/**
 * Extensions worth compressing: the build writes their `.br`/`.gz` twins (scripts/lib/precompress.mjs
 * imports this file directly, so it holds plain, type-strippable TypeScript only).
 */
export const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);
