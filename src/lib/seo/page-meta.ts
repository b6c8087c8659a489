import type { Variant } from '~/lib/tenant/layouts';

/** Page names that carry metadata in some variant's table (SPEC §2 "Page titles and metadata"). */
export type PageName =
  | 'home'
  | 'festival'
  | 'courses'
  | 'course'
  | 'training-services'
  | 'talent-hiring'
  | 'lms'
  | 'lms-feature'
  | 'syllabus'
  | 'news'
  | 'news-item'
  | 'make-appointment'
  | 'class'
  | 'class-item'
  | 'class-competence'
  | 'about'
  | 'campus'
  | 'government'
  | 'corporates'
  | 'portfolio'
  | 'blog'
  | 'blog-item'
  | 'program'
  | 'program-item'
  | 'metamorfosa'
  | 'gallery'
  | 'article-item'
  | 'aksara'
  | 'podcasts'
  | 'podcast-item'
  | 'tulisan-teman'
  | 'tulisan-teman-item'
  | 'series'
  | 'bandung'
  | 'jakarta'
  | 'mentor'
  | 'leaderboards'
  | 'liga-smk'
  | 'pesilat';

/** Title, description and optional share image of one page in one variant. */
export interface MetaEntry {
  title: string;
  description: string;
  image?: string;
}

type MetaTable = { readonly [V in Variant]: Partial<Record<PageName, MetaEntry>> };

/**
 * The per-variant page metadata table. Detail pages ("… by slug/id") hold the fallback used until
 * the loaded item's own name, description and image replace it. `home` has no entry: the home
 * page uses the tenant's own meta (site title and description).
 */
export const PAGE_META: MetaTable = {
  main: {
    festival: {
      title: 'Belajar Bersama',
      description:
        'Festival belajar untuk keluarga: talkshow parenting dan karier, aktivitas unplugged, pos block-coding dan zona refleksi.',
    },
    courses: { title: 'Kursus', description: 'Kursus daring mandiri dengan modul dan bab yang bisa dipelajari kapan saja.' },
    course: { title: 'Kursus', description: 'Detail kursus, modul dan bab pembelajaran.' },
    'training-services': {
      title: 'Layanan Pelatihan',
      description: 'Pelatihan teknologi dan talenta digital untuk perusahaan, kampus dan pemerintahan.',
    },
    'talent-hiring': { title: 'Talent Hiring', description: 'Rekrut talenta digital siap kerja lulusan program pelatihan kami.' },
    lms: { title: 'LMS', description: 'Platform Learning Management System untuk kelas, kuis daring dan coding studio.' },
    'lms-feature': { title: 'Fitur LMS', description: 'Fitur platform LMS: coding studio dan kuis daring.' },
    syllabus: { title: 'Silabus', description: 'Silabus lengkap program pelatihan: modul, topik dan capaian pembelajaran.' },
    news: { title: 'Berita', description: 'Kabar terbaru seputar program, kelas dan kegiatan kami.' },
    'news-item': { title: 'Berita', description: 'Kabar terbaru seputar program, kelas dan kegiatan kami.' },
    'make-appointment': { title: 'Buat Janji Temu', description: 'Jadwalkan konsultasi program pelatihan bersama tim kami.' },
  },
  foundation: {
    class: { title: 'Kelas', description: 'Kelas dan program beasiswa yang sedang dibuka.' },
    'class-competence': { title: 'Kelas Kompetensi', description: 'Kelas berbasis kompetensi untuk peserta program.' },
    about: { title: 'Tentang', description: 'Mengenal yayasan, misi dan perjalanan kami memperluas akses pendidikan.' },
    campus: { title: 'Untuk Kampus', description: 'Kolaborasi program pengembangan kompetensi bersama perguruan tinggi.' },
    government: { title: 'Untuk Pemerintahan', description: 'Program peningkatan kapasitas dan talenta digital bersama pemerintah.' },
    corporates: { title: 'Untuk Perusahaan', description: 'Program CSR dan bootcamp talenta digital bersama perusahaan.' },
    portfolio: { title: 'Portofolio', description: 'Jejak program korporat, pemerintahan dan CSR yang telah kami jalankan.' },
    blog: { title: 'Blog', description: 'Cerita, gagasan dan kabar dari program-program yayasan.' },
    'blog-item': { title: 'Blog', description: 'Cerita, gagasan dan kabar dari program-program yayasan.' },
    'program-item': { title: 'Program', description: 'Detail program yayasan.' },
    metamorfosa: { title: 'Metamorfosa', description: 'Buku Metamorfosa: kisah perubahan para pembelajar.' },
  },
  'coding-school': {
    program: { title: 'Program', description: 'Program belajar coding untuk siswa SMK.' },
    'program-item': { title: 'Program', description: 'Detail program belajar coding untuk siswa SMK.' },
    news: { title: 'Berita', description: 'Berita terbaru seputar kegiatan dan kompetisi coding.' },
    gallery: { title: 'Galeri', description: 'Dokumentasi kegiatan belajar dan kompetisi.' },
    course: { title: 'Kursus', description: 'Detail kursus coding.' },
  },
  community: {
    class: { title: 'Kelas', description: 'Kelas dan pertemuan komunitas yang terbuka untuk diikuti.' },
    'class-item': { title: 'Kelas', description: 'Detail kelas komunitas.' },
  },
  innovation: {
    'article-item': { title: 'Artikel', description: 'Artikel seputar inovasi dan teknologi untuk bangsa.' },
    aksara: { title: 'Aksara', description: 'Program literasi dan menulis Aksara.' },
  },
  aksara: {},
  scholarship: {},
  alpha: {
    news: { title: 'Berita', description: 'Berita terbaru dari akademi.' },
    'news-item': { title: 'Berita', description: 'Berita terbaru dari akademi.' },
  },
  bharabas: {
    'news-item': { title: 'Berita', description: 'Kabar terbaru dari Bharabas.' },
    podcasts: { title: 'Podcast', description: 'Dengarkan obrolan dan siaran terbaru.' },
    'podcast-item': { title: 'Podcast', description: 'Dengarkan obrolan dan siaran terbaru.' },
    'tulisan-teman': { title: 'Tulisan Teman', description: 'Tulisan para pendengar dan sahabat.' },
    'tulisan-teman-item': { title: 'Tulisan Teman', description: 'Tulisan para pendengar dan sahabat.' },
  },
  'creative-space': {
    series: { title: 'Rangkaian Kelas & Diskusi', description: 'Rangkaian kelas dan diskusi kreatif di Bandung dan Jakarta.' },
    bandung: { title: 'Bandung', description: 'Kelas dan diskusi kreatif di ruang Bandung.' },
    jakarta: { title: 'Jakarta', description: 'Kelas dan diskusi kreatif di ruang Jakarta.' },
    'class-item': { title: 'Kelas', description: 'Detail kelas kreatif.' },
  },
  elevate: {
    'class-item': { title: 'Kelas', description: 'Detail kelas peningkatan keterampilan AI.' },
  },
};

/** The variant's entry for a page, if the variant's table has one. */
export function variantPageMeta(variant: Variant, page: PageName | undefined): MetaEntry | undefined {
  return page ? PAGE_META[variant][page] : undefined;
}
