/**
 * The learning festival of SPEC §1 (route /BelajarBersama): its fixed class overview (SPEC §2 preload
 * "belajarbersama: a fixed festival class overview"), programme, speakers (SPEC §3 "Speaker") and the
 * four sponsor tiers of SPEC §9 with their exact slots and prices (SPEC §3 "Sponsor tier").
 */

export interface Speaker {
  id: number;
  name: string;
  short_bio: string;
  image: string;
  isConfirmed: boolean;
  linkedin?: string;
}

export interface SponsorTier {
  name: string;
  /** As SPEC §9 words it. */
  slot: string;
  /** Whole rupiah, or null for the title sponsor, whose price equals the full event cost. */
  price: number | null;
  benefits: string[];
}

/** The festival's fixed class overview (name, description, logo). */
export const FESTIVAL_OVERVIEW = {
  name: 'Festival Belajar Bersama 2026',
  description:
    'Sehari belajar untuk keluarga: talkshow parenting dan karier, aktivitas unplugged dengan pos block-coding untuk anak, dan zona refleksi untuk pulang membawa rencana belajar.',
  logo: '',
  date: 'Sabtu, 12 Desember 2026 · 08.00–16.00 WIB',
  place: 'Gedung Sate, Jl. Diponegoro No. 22, Bandung',
};

export const FESTIVAL_PROGRAMME: { time: string; title: string; text: string }[] = [
  { time: '08.00', title: 'Pembukaan dan senam pagi', text: 'Sambutan panitia dan pemanasan bersama keluarga.' },
  {
    time: '09.00',
    title: 'Talkshow parenting: mendampingi anak di era digital',
    text: 'Orang tua berbagi cara menyepakati waktu layar dan memilih tontonan yang mendidik.',
  },
  {
    time: '10.30',
    title: 'Aktivitas unplugged dan pos block-coding',
    text: 'Anak-anak menyusun algoritma dengan kartu dan lantai berpetak, lalu mencoba block-coding di pos komputer.',
  },
  {
    time: '13.00',
    title: 'Talkshow karier: pekerjaan masa depan',
    text: 'Praktisi teknologi bercerita tentang jalan karier mereka dan keterampilan yang paling dicari.',
  },
  {
    time: '14.30',
    title: 'Zona refleksi',
    text: 'Keluarga menuliskan satu hal yang dipelajari hari ini dan satu rencana belajar bulan depan.',
  },
];

export const FESTIVAL_SPEAKERS: Speaker[] = [
  {
    id: 1,
    name: 'Dr. Rahmawati Suryani',
    short_bio: 'Psikolog anak dan keluarga, pendamping program pengasuhan di sekolah-sekolah Jawa Barat.',
    image: '',
    isConfirmed: true,
    linkedin: 'https://www.linkedin.com/in/rahmawati-suryani',
  },
  {
    id: 2,
    name: 'Andika Putra Wibowo',
    short_bio: 'Engineering manager di perusahaan teknologi nasional, memulai karier dari SMK jurusan RPL.',
    image: '',
    isConfirmed: true,
    linkedin: 'https://www.linkedin.com/in/andika-putra-wibowo',
  },
  {
    id: 3,
    name: 'Sari Wulandari',
    short_bio: 'Guru produktif RPL dan fasilitator Guru Penggerak, pengelola pos block-coding.',
    image: '',
    isConfirmed: true,
  },
  {
    id: 4,
    name: 'Nadia Kusuma',
    short_bio: 'Talent acquisition lead yang membantu anak muda menyusun portofolio pertama mereka.',
    image: '',
    isConfirmed: false,
    linkedin: 'https://www.linkedin.com/in/nadia-kusuma-hr',
  },
];

/** SPEC §9: Title Sponsor (exclusive, 1 slot, price = full event cost); Platinum (2–3 slots, Rp50.000.000); Gold (4–5, Rp25.000.000); Silver (open, Rp10.000.000). */
export const SPONSOR_TIERS: SponsorTier[] = [
  {
    name: 'Title Sponsor',
    slot: 'Eksklusif, 1 slot',
    price: null,
    benefits: ['Nama acara bersama merek Anda', 'Logo terbesar di seluruh materi', 'Sambutan di pembukaan', 'Booth utama'],
  },
  {
    name: 'Platinum',
    slot: '2–3 slot',
    price: 50_000_000,
    benefits: ['Logo besar di panggung dan materi', 'Booth di area utama', 'Sesi berbagi 15 menit'],
  },
  { name: 'Gold', slot: '4–5 slot', price: 25_000_000, benefits: ['Logo di panggung dan materi', 'Booth di area aktivitas'] },
  { name: 'Silver', slot: 'Slot terbuka', price: 10_000_000, benefits: ['Logo di materi acara', 'Penyebutan di media sosial'] },
];
