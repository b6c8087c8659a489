/**
 * A URL slug from a title: accents folded, lower case, words joined by '-', at most 80 characters.
 * A title of digits alone ('2026') gets a word in front, since a slug is never only digits.
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  if (!slug) return 'tanpa-judul';
  return /^\d+$/.test(slug) ? `judul-${slug}` : slug;
}

/** The first of `base`, `base-2`, `base-3`, … that `taken` says is free. */
export async function freeSlug(base: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await taken(slug))) return slug;
  }
}

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
