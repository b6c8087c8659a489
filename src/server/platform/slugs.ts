import { randomBytes } from 'node:crypto';

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

/** How many slugs a create tries: the first free one, the next free one, then ones with a random tail. */
const SLUG_TRIES = 6;

/**
 * Inserts a row under a free slug of `base`. `insert` answers undefined when the slug was taken
 * between the check and the insert (a concurrent create of the same title): then the next free slug
 * is tried, and after that `base-<random>`, so that a burst of creates of one title does not
 * advance one number per round. Undefined when every try lost.
 */
export async function insertWithFreeSlug<T>(
  base: string,
  taken: (slug: string) => Promise<boolean>,
  insert: (slug: string) => Promise<T | undefined>,
): Promise<T | undefined> {
  for (let attempt = 1; attempt <= SLUG_TRIES; attempt++) {
    const slug = attempt <= 2 ? await freeSlug(base, taken) : `${base}-${randomBytes(3).toString('hex')}`;
    const row = await insert(slug);
    if (row !== undefined) return row;
  }
  return undefined;
}

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
