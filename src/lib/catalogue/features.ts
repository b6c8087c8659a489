import { CODER_LANGUAGES } from '~/contract/forms';
import type { ICON_NAMES } from '~/lib/tenant/content-schema';

type IconName = (typeof ICON_NAMES)[number];

/**
 * The LMS's own features (SPEC §3 "LMS feature", §2 preload "lms: the LMS feature by slug. Feature
 * slugs: coding-studio and online-quiz") and the provider's services (/Services). They describe the
 * platform every tenant runs, so they live with its code rather than in one tenant's content.
 */

export interface LmsFeature {
  slug: string;
  key: string;
  icon: IconName;
  title: string;
  description: string;
  listFeatures: string[];
  benefits: { title: string; icon: IconName; desc: string }[];
}

export const LMS_FEATURES: readonly LmsFeature[] = [
  {
    slug: 'coding-studio',
    key: 'CODING_STUDIO',
    icon: 'code',
    title: 'Coding Studio',
    description: `Ruang menulis dan menjalankan kode langsung di peramban, tanpa memasang apa pun. Peserta berlatih dalam ${CODER_LANGUAGES.length} bahasa pemrograman, mentor memberi umpan balik di baris kode yang sama.`,
    listFeatures: [
      `${CODER_LANGUAGES.length} bahasa pemrograman: ${CODER_LANGUAGES.join(', ')}`,
      'Penyunting dengan penyorotan sintaks dan pelengkapan otomatis',
      'Uji otomatis untuk setiap latihan, hasilnya langsung terlihat',
      'Komentar mentor pada baris kode peserta',
      'Riwayat setiap percobaan, bisa dibandingkan dan dipulihkan',
    ],
    benefits: [
      {
        title: 'Tanpa instalasi',
        icon: 'rocket',
        desc: 'Cukup peramban: laptop sekolah, komputer warnet atau ponsel pun bisa dipakai berlatih.',
      },
      { title: 'Umpan balik cepat', icon: 'chat', desc: 'Uji otomatis memberi tahu apa yang belum tepat, mentor menjelaskan mengapa.' },
      { title: 'Siap untuk kelas', icon: 'school', desc: 'Guru membagikan latihan ke seluruh kelas dan melihat kemajuan setiap siswa.' },
    ],
  },
  {
    slug: 'online-quiz',
    key: 'ONLINE_QUIZ',
    icon: 'award',
    title: 'Kuis Daring',
    description: 'Kuis dan ujian daring dengan bank soal, acak soal dan penilaian otomatis, untuk mengukur pemahaman di setiap modul.',
    listFeatures: [
      'Pilihan ganda, isian singkat, menjodohkan dan soal kode',
      'Bank soal per modul dengan tingkat kesulitan',
      'Urutan soal dan pilihan jawaban diacak untuk setiap peserta',
      'Batas waktu dan jumlah percobaan yang bisa diatur',
      'Rekap nilai per kelas yang bisa diunduh',
    ],
    benefits: [
      { title: 'Penilaian otomatis', icon: 'chart', desc: 'Nilai keluar saat kuis selesai, guru tinggal meninjau soal uraian.' },
      { title: 'Adil dan teratur', icon: 'shield', desc: 'Soal diacak dan waktu dibatasi, sehingga setiap peserta mengerjakan sendiri.' },
      { title: 'Terpantau', icon: 'users', desc: 'Mentor melihat soal yang paling sering salah dan menyesuaikan materi.' },
    ],
  },
];

export interface Service {
  slug: string;
  icon: IconName;
  title: string;
  summary: string;
  points: string[];
}

export const SERVICES: readonly Service[] = [
  {
    slug: 'pelatihan-korporat',
    icon: 'briefcase',
    title: 'Pelatihan Korporat',
    summary: 'Program peningkatan keterampilan digital untuk karyawan, disusun dari kebutuhan nyata tim Anda.',
    points: ['Analisis kebutuhan keterampilan', 'Kelas tatap muka atau daring', 'Laporan kemajuan peserta untuk HR'],
  },
  {
    slug: 'bootcamp',
    icon: 'rocket',
    title: 'Bootcamp',
    summary: 'Bootcamp intensif yang menyiapkan talenta digital siap kerja, bersama mitra perekrut.',
    points: ['Kurikulum berbasis proyek', 'Mentor praktisi industri', 'Penyaluran ke mitra perekrut'],
  },
  {
    slug: 'pengembangan-lms',
    icon: 'globe',
    title: 'Pengembangan LMS',
    summary: 'Platform belajar dengan merek Anda sendiri: kelas, kursus, kuis dan coding studio dalam satu tempat.',
    points: ['Tampilan sesuai merek lembaga', 'Coding studio dan kuis daring', 'Data peserta dan laporan'],
  },
  {
    slug: 'sertifikasi-kompetensi',
    icon: 'award',
    title: 'Sertifikasi Kompetensi',
    summary: 'Uji kompetensi bidang digital dengan asesor bersertifikat dan studi kasus nyata.',
    points: ['Skema pengembang web dan analis data', 'Asesor bersertifikat', 'Sertifikat yang diakui industri'],
  },
];

export const findFeature = (slug: string) => LMS_FEATURES.find((feature) => feature.slug === slug);
export const findService = (slug: string) => SERVICES.find((service) => service.slug === slug);
