import { CLASS_BADGES, CLASS_LEVEL_LABELS, CLASS_TYPE_LABELS, type ClassFilterOptions } from '~/contract/classes';
import type { ClassQuery } from '~/lib/catalogue/class-query';
import { TITLE_SEPARATOR } from '~/lib/seo/meta';

/** Between the list's title and what narrows it ('Kelas – halaman 2 – Status: …'). */
export const CLASS_TITLE_JOIN = ' – ';

const names = (ids: readonly (number | string)[] | undefined, items: readonly { id: number | string; name: string }[]): string =>
  (ids ?? []).map((id) => items.find((item) => String(item.id) === String(id))?.name ?? String(id)).join(', ');

/** What narrows the list, in the filters' order, as a visitor reads it ('halaman 2', 'Status: Pendaftaran Dibuka'). */
export function classQueryWords(query: ClassQuery, options: ClassFilterOptions): string[] {
  const { filters } = query;
  const words: string[] = [];
  if (query.page > 1) words.push(`halaman ${query.page}`);
  if (filters.search) words.push(`Cari: “${filters.search}”`);
  if (filters.state) words.push(`Status: ${CLASS_BADGES[filters.state].label}`);
  if (filters.type) words.push(`Jenis: ${CLASS_TYPE_LABELS[filters.type]}`);
  if (filters.level) words.push(`Level: ${CLASS_LEVEL_LABELS[filters.level]}`);
  if (filters.programIds?.length) words.push(`Program: ${names(filters.programIds, options.programs)}`);
  if (filters.categoryId) words.push(`Kategori: ${names([filters.categoryId], options.categories)}`);
  if (filters.heldCityIds?.length) words.push(`Kota pelaksanaan: ${names(filters.heldCityIds, options.heldCities)}`);
  if (filters.registrarCityIds?.length) words.push(`Kota pendaftaran: ${names(filters.registrarCityIds, options.registrarCities)}`);
  return words;
}

/**
 * The tab's title of /Class for a query: the list's own title as served (`base`, such as 'Kelas - Situs',
 * the page's title then the site's after the first ' - '), with the page and filters after the page's title
 * ('Kelas – halaman 2 – Status: Pendaftaran Dibuka - Situs'); the order is left out.
 */
export function classListTitle(base: string, query: ClassQuery, options: ClassFilterOptions): string {
  const words = classQueryWords(query, options);
  if (!words.length) return base;
  const cut = base.indexOf(TITLE_SEPARATOR);
  const [page, site] = cut < 0 ? [base, ''] : [base.slice(0, cut), base.slice(cut)];
  return `${[page, ...words].join(CLASS_TITLE_JOIN)}${site}`;
}
