import type { PostKind, PostStatus } from '~/contract/posts';
import type { ManagedPostListParams } from '~/lib/api/posts';
import { isPostKind } from './post-kinds';

/*
 * The post list's filters in its address (/Admin/Tulisan?jenis=blog&status=draf&cari=…&halaman=2),
 * so a reload, a shared link and the back button show the same list. Indonesian names, as the
 * console's addresses are.
 */

export interface ListFilters {
  kind: PostKind;
  search: string;
  status: PostStatus | '';
  /** A category id, '' for any. */
  categoryId: string;
  /** An exact author name, '' for any. */
  author: string;
  page: number;
}

export const PAGE_SIZE = 20;

export const DEFAULT_FILTERS: ListFilters = { kind: 'news', search: '', status: '', categoryId: '', author: '', page: 1 };

const STATUS_WORDS: Record<PostStatus, string> = { draft: 'draf', scheduled: 'terjadwal', published: 'terbit' };
const statusOfWord = (word: string | null): PostStatus | '' =>
  (Object.keys(STATUS_WORDS) as PostStatus[]).find((status) => STATUS_WORDS[status] === word) ?? '';

/** The filters an address's query names; anything unknown or malformed reads as its default. */
export function readFilters(search: string): ListFilters {
  const params = new URLSearchParams(search);
  const kind = params.get('jenis');
  const category = params.get('kategori') ?? '';
  const page = Number(params.get('halaman'));
  return {
    kind: isPostKind(kind) ? kind : DEFAULT_FILTERS.kind,
    search: (params.get('cari') ?? '').trim().slice(0, 100),
    status: statusOfWord(params.get('status')),
    categoryId: /^[1-9]\d{0,15}$/.test(category) ? category : '',
    author: (params.get('penulis') ?? '').trim().slice(0, 120),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of the list with these filters; defaults are left out. */
export function listAddress(filters: ListFilters): string {
  const params = new URLSearchParams({ jenis: filters.kind });
  if (filters.search) params.set('cari', filters.search);
  if (filters.status) params.set('status', STATUS_WORDS[filters.status]);
  if (filters.categoryId) params.set('kategori', filters.categoryId);
  if (filters.author) params.set('penulis', filters.author);
  if (filters.page > 1) params.set('halaman', String(filters.page));
  return `/Admin/Tulisan?${params}`;
}

/** Whether anything narrows the list beyond its kind. */
export const isFiltered = (filters: ListFilters): boolean =>
  Boolean(filters.search || filters.status || filters.categoryId || filters.author);

/** The filters as the `v3/post/manage/list` query. */
export function listQuery(filters: ListFilters): ManagedPostListParams {
  return {
    kindSlug: filters.kind,
    page: filters.page,
    pageSize: PAGE_SIZE,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.categoryId ? { categoryId: Number(filters.categoryId) } : {}),
    ...(filters.author ? { author: filters.author } : {}),
  };
}
