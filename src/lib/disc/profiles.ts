import type { DiscLetter } from './questionnaire';

/**
 * What each DISC type means, written for a vocational-school student and their parents. The names are
 * the Indonesian ones that keep the letters D-I-S-C: Dominan, Intim, Stabil, Cermat. Third person
 * throughout, so the copy reads right in every tenant's voice (Anda or kamu).
 */
export interface DiscProfile {
  letter: DiscLetter;
  /** The Indonesian name. */
  title: string;
  /** The name in the English model, for readers who met DISC elsewhere. */
  english: string;
  /** Three or four words under the title. */
  tagline: string;
  description: string;
  strengths: readonly string[];
  watchOuts: readonly string[];
  /** How they learn best. */
  learning: readonly string[];
}

export const DISC_PROFILES: Readonly<Record<DiscLetter, DiscProfile>> = {
  D: {
    letter: 'D',
    title: 'Dominan',
    english: 'Dominance',
    tagline: 'Tegas, berani, suka tantangan',
    description:
      'Orang bertipe Dominan bergerak cepat menuju hasil. Ia senang memegang kendali, berani mengambil keputusan, dan justru bersemangat ketika masalahnya sulit. Di kelas atau di tim proyek, ia sering menjadi yang pertama mengusulkan langkah dan mendorong teman-temannya menyelesaikan pekerjaan tepat waktu.',
    strengths: [
      'Berani mengambil keputusan dan tanggung jawab',
      'Tidak mudah menyerah menghadapi masalah sulit',
      'Mampu menggerakkan tim menuju target',
      'Terus terang, sehingga masalah cepat dibicarakan',
    ],
    watchOuts: [
      'Bisa terkesan memerintah atau kurang sabar mendengarkan',
      'Terburu-buru sehingga detail terlewat',
      'Sulit menerima keputusan yang bukan idenya',
    ],
    learning: [
      'Tantangan dengan target yang jelas, misalnya proyek atau lomba',
      'Kebebasan memilih cara menyelesaikan tugas',
      'Umpan balik yang langsung dan singkat',
      'Peran memimpin dalam kerja kelompok',
    ],
  },
  I: {
    letter: 'I',
    title: 'Intim',
    english: 'Influence',
    tagline: 'Hangat, ceria, mudah bergaul',
    description:
      'Intim di sini berarti akrab: orang bertipe ini mudah dekat dengan siapa saja dan senang berada di tengah orang lain. Ia penuh ide, pandai bercerita, dan bisa membuat suasana belajar terasa hidup. Teman-temannya sering ikut bersemangat setelah berbicara dengannya, karena ia pandai memengaruhi dan meyakinkan.',
    strengths: [
      'Mudah berteman dan membangun kerja sama',
      'Pandai menyampaikan ide dan meyakinkan orang lain',
      'Optimis dan menularkan semangat',
      'Kreatif mencari ide baru',
    ],
    watchOuts: [
      'Mudah teralihkan dan menunda tugas yang membosankan',
      'Kurang teliti pada detail dan jadwal',
      'Ingin disukai semua orang sehingga sulit berkata tidak',
    ],
    learning: [
      'Diskusi, presentasi, dan kerja kelompok',
      'Materi yang bervariasi dengan contoh dari kehidupan nyata',
      'Pengakuan atas usaha dan kemajuannya',
      'Jadwal dan pengingat yang membantu menjaga fokus',
    ],
  },
  S: {
    letter: 'S',
    title: 'Stabil',
    english: 'Steadiness',
    tagline: 'Sabar, setia, dapat diandalkan',
    description:
      'Orang bertipe Stabil tenang, sabar, dan setia pada timnya. Ia pendengar yang baik, suka membantu tanpa banyak bicara, dan bekerja dengan ritme yang teratur. Ia paling nyaman dalam suasana yang rukun dan jelas, dan sering menjadi penjaga suasana di kelas maupun di rumah.',
    strengths: [
      'Sabar dan tekun menyelesaikan tugas sampai tuntas',
      'Pendengar yang baik dan teman yang setia',
      'Menjaga suasana tim tetap rukun',
      'Konsisten dan dapat diandalkan',
    ],
    watchOuts: [
      'Kurang nyaman dengan perubahan mendadak',
      'Enggan menyampaikan pendapat atau menolak permintaan',
      'Menunda keputusan karena ingin semua pihak senang',
    ],
    learning: [
      'Langkah demi langkah dengan contoh yang jelas',
      'Suasana belajar yang tenang dan bersahabat',
      'Waktu untuk berlatih sebelum dinilai',
      'Pemberitahuan lebih awal bila ada perubahan',
    ],
  },
  C: {
    letter: 'C',
    title: 'Cermat',
    english: 'Compliance',
    tagline: 'Teliti, teratur, berpikir logis',
    description:
      'Orang bertipe Cermat menyukai ketepatan. Ia membaca petunjuk dengan saksama, memeriksa ulang pekerjaannya, dan ingin tahu alasan di balik setiap aturan. Ia bekerja rapi dan sistematis, sehingga hasilnya jarang salah. Dalam pemrograman, dialah yang sering menemukan kesalahan kecil yang terlewat oleh orang lain.',
    strengths: [
      'Teliti dan menjaga mutu pekerjaan',
      'Berpikir logis dan analitis',
      'Teratur, terencana, dan tepat waktu',
      'Taat aturan dan dapat dipercaya memegang data',
    ],
    watchOuts: [
      'Terlalu perfeksionis sehingga pekerjaan lama selesai',
      'Terlalu kritis pada diri sendiri dan orang lain',
      'Ragu bertindak bila informasi belum lengkap',
    ],
    learning: [
      'Petunjuk tertulis dan kriteria penilaian yang jelas',
      'Waktu untuk mendalami materi dan bertanya "mengapa"',
      'Latihan mandiri dengan contoh yang tepat',
      'Umpan balik yang spesifik dan berdasarkan fakta',
    ],
  },
};
