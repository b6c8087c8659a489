import type { PageName } from '~/lib/seo/page-meta';
import type { PageContent } from '~/lib/tenant/content-schema';
import { CAREER_PATH, JOB_BOARD_PATH } from './item-paths';

/**
 * The list pages of the smaller content families that only page (no search, no categories): the
 * careers, the gallery and the job board (SPEC §2, §9), in one table as the post lists are in
 * `families.ts`. `components/content/ItemListPage.astro` renders every entry: page 1 at build, any
 * other page on demand from the same entry.
 */
export interface ItemList {
  /** The list's address. */
  base: string;
  /** Its entry in the variants' metadata tables, where they have one. */
  page?: PageName;
  copy: { title: string; description: string };
  hero: PageContent['hero'];
  /** Shown when the list cannot be loaded. */
  failure: string;
  /** Shown when there is nothing to list. */
  empty: string;
}

const CAREER_COPY = { title: 'Karier', description: 'Bergabung bersama tim kami, atau temukan pekerjaan di perusahaan mitra kami.' };
const GALLERY_COPY = { title: 'Galeri', description: 'Dokumentasi kelas, bootcamp, kompetisi dan kegiatan bersama peserta dan mitra.' };
const JOB_BOARD_COPY = {
  title: 'Lowongan Kerja',
  description: 'Lowongan di tim kami dan di perusahaan mitra yang merekrut talenta digital.',
};

export const ITEM_LISTS = {
  /** /Career: the career pages, ours and our partners', 10 a page (SPEC §4 career list loader, §9). */
  career: {
    base: CAREER_PATH,
    copy: CAREER_COPY,
    hero: { heading: 'Karier', lead: CAREER_COPY.description, secondaryCta: { label: 'Lihat semua lowongan', href: JOB_BOARD_PATH } },
    failure: 'Daftar karier belum dapat dimuat. Silakan coba lagi nanti.',
    empty: 'Belum ada halaman karier.',
  },
  /** /Gallery: 6 photos a page (SPEC §9). */
  gallery: {
    base: '/Gallery',
    page: 'gallery',
    copy: GALLERY_COPY,
    hero: { heading: 'Galeri', lead: GALLERY_COPY.description },
    failure: 'Galeri belum dapat dimuat. Silakan coba lagi nanti.',
    empty: 'Belum ada foto di galeri.',
  },
  /** /Event/Careers: the job board, 10 careers a page with their open jobs (SPEC §4 career and job loaders). */
  'job-board': {
    base: JOB_BOARD_PATH,
    copy: JOB_BOARD_COPY,
    hero: { eyebrow: 'Karier', heading: 'Lowongan Kerja', lead: JOB_BOARD_COPY.description },
    failure: 'Daftar lowongan belum dapat dimuat. Silakan coba lagi nanti.',
    empty: 'Belum ada lowongan yang dibuka.',
  },
} as const satisfies Record<string, ItemList>;
export type ItemListName = keyof typeof ITEM_LISTS;
