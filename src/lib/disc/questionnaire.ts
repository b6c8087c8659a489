/**
 * The DISC questionnaire (SPEC §1 "a DISC test type", docs/design.md "Facts"): 24 groups of four
 * Indonesian adjectives, our own wording. In each group the taker picks the word most like them and
 * another word least like them. Each word scores one letter for 'most' and for 'least' separately,
 * and, as in the classic keys, some words count for nothing on one side (`null`).
 *
 * Balance: every group has one word of each letter; in the odd groups (1st, 3rd, …) one word counts
 * nothing as 'most', in the even groups one word counts nothing as 'least', three per letter each
 * way. So every letter can be scored by 21 words on each side, and an extreme sheet gives −21…21.
 * Plain data with no imports: islands ship it as it is (about 1.1 KB gzip, minified).
 */

export type DiscLetter = 'D' | 'I' | 'S' | 'C';

/** One adjective and the letter it scores when picked as 'most' and as 'least' (null: nothing). */
export interface DiscOption {
  word: string;
  most: DiscLetter | null;
  least: DiscLetter | null;
}

export type DiscGroup = readonly [DiscOption, DiscOption, DiscOption, DiscOption];

/** What the taker is asked, above the groups. */
export const DISC_INSTRUCTION =
  'Di setiap kelompok, pilih satu kata yang paling sesuai dengan diri sendiri dan satu kata lain yang paling tidak sesuai. Jawab dengan jujur dan cepat: tidak ada jawaban benar atau salah.';

export const DISC_QUESTIONNAIRE: readonly DiscGroup[] = [
  [
    { word: 'Ramah', most: 'I', least: 'I' },
    { word: 'Tegas', most: 'D', least: 'D' },
    { word: 'Pendiam', most: null, least: 'C' },
    { word: 'Sabar', most: 'S', least: 'S' },
  ],
  [
    { word: 'Teliti', most: 'C', least: 'C' },
    { word: 'Berani', most: 'D', least: 'D' },
    { word: 'Santai', most: 'S', least: null },
    { word: 'Ceria', most: 'I', least: 'I' },
  ],
  [
    { word: 'Setia', most: 'S', least: 'S' },
    { word: 'Rapi', most: 'C', least: 'C' },
    { word: 'Suka berdebat', most: null, least: 'D' },
    { word: 'Optimis', most: 'I', least: 'I' },
  ],
  [
    { word: 'Senang mengobrol', most: 'I', least: 'I' },
    { word: 'Pendengar yang baik', most: 'S', least: 'S' },
    { word: 'Kompetitif', most: 'D', least: 'D' },
    { word: 'Serius', most: 'C', least: null },
  ],
  [
    { word: 'Hati-hati', most: 'C', least: 'C' },
    { word: 'Impulsif', most: null, least: 'I' },
    { word: 'Mandiri', most: 'D', least: 'D' },
    { word: 'Tenang', most: 'S', least: 'S' },
  ],
  [
    { word: 'Ambisius', most: 'D', least: null },
    { word: 'Disiplin', most: 'C', least: 'C' },
    { word: 'Antusias', most: 'I', least: 'I' },
    { word: 'Rendah hati', most: 'S', least: 'S' },
  ],
  [
    { word: 'Penuh pertimbangan', most: 'C', least: 'C' },
    { word: 'Puas dengan yang ada', most: null, least: 'S' },
    { word: 'Ekspresif', most: 'I', least: 'I' },
    { word: 'Blak-blakan', most: 'D', least: 'D' },
  ],
  [
    { word: 'Lembut', most: 'S', least: 'S' },
    { word: 'Gigih', most: 'D', least: 'D' },
    { word: 'Hangat', most: 'I', least: null },
    { word: 'Analitis', most: 'C', least: 'C' },
  ],
  [
    { word: 'Mudah bergaul', most: 'I', least: 'I' },
    { word: 'Tidak mudah percaya', most: null, least: 'C' },
    { word: 'Pemaaf', most: 'S', least: 'S' },
    { word: 'Pantang menyerah', most: 'D', least: 'D' },
  ],
  [
    { word: 'Perfeksionis', most: 'C', least: 'C' },
    { word: 'Konsisten', most: 'S', least: null },
    { word: 'Cepat memutuskan', most: 'D', least: 'D' },
    { word: 'Humoris', most: 'I', least: 'I' },
  ],
  [
    { word: 'Spontan', most: 'I', least: 'I' },
    { word: 'Keras kepala', most: null, least: 'D' },
    { word: 'Logis', most: 'C', least: 'C' },
    { word: 'Dapat diandalkan', most: 'S', least: 'S' },
  ],
  [
    { word: 'Cinta damai', most: 'S', least: 'S' },
    { word: 'Suka tantangan', most: 'D', least: 'D' },
    { word: 'Menawan', most: 'I', least: 'I' },
    { word: 'Waspada', most: 'C', least: null },
  ],
  [
    { word: 'Kritis', most: 'C', least: 'C' },
    { word: 'Penuh pengertian', most: 'S', least: 'S' },
    { word: 'Suka jadi pusat perhatian', most: null, least: 'I' },
    { word: 'Ingin selalu menang', most: 'D', least: 'D' },
  ],
  [
    { word: 'Lincah', most: 'I', least: 'I' },
    { word: 'Taat aturan', most: 'C', least: 'C' },
    { word: 'Berwibawa', most: 'D', least: null },
    { word: 'Kooperatif', most: 'S', least: 'S' },
  ],
  [
    { word: 'Tangguh', most: 'D', least: 'D' },
    { word: 'Suka rutinitas', most: null, least: 'S' },
    { word: 'Sistematis', most: 'C', least: 'C' },
    { word: 'Menginspirasi', most: 'I', least: 'I' },
  ],
  [
    { word: 'Terencana', most: 'C', least: 'C' },
    { word: 'Percaya diri', most: 'D', least: 'D' },
    { word: 'Penyayang', most: 'S', least: 'S' },
    { word: 'Suka keramaian', most: 'I', least: null },
  ],
  [
    { word: 'Bisa menahan diri', most: 'S', least: 'S' },
    { word: 'Disukai banyak orang', most: 'I', least: 'I' },
    { word: 'Suka memimpin', most: 'D', least: 'D' },
    { word: 'Suka kepastian', most: null, least: 'C' },
  ],
  [
    { word: 'Mudah percaya', most: 'I', least: 'I' },
    { word: 'Berani ambil risiko', most: 'D', least: 'D' },
    { word: 'Tepat waktu', most: 'C', least: 'C' },
    { word: 'Sederhana', most: 'S', least: null },
  ],
  [
    { word: 'Teratur', most: 'C', least: 'C' },
    { word: 'Imajinatif', most: 'I', least: 'I' },
    { word: 'Tidak sabaran', most: null, least: 'D' },
    { word: 'Perhatian', most: 'S', least: 'S' },
  ],
  [
    { word: 'Sopan', most: 'S', least: 'S' },
    { word: 'Objektif', most: 'C', least: null },
    { word: 'Banyak ide', most: 'I', least: 'I' },
    { word: 'Suka mengambil alih', most: 'D', least: 'D' },
  ],
  [
    { word: 'Suka bertualang', most: 'D', least: 'D' },
    { word: 'Fokus', most: 'C', least: 'C' },
    { word: 'Suka tampil', most: null, least: 'I' },
    { word: 'Suka menolong', most: 'S', least: 'S' },
  ],
  [
    { word: 'Akurat', most: 'C', least: 'C' },
    { word: 'Lantang', most: 'D', least: null },
    { word: 'Suka menyemangati', most: 'I', least: 'I' },
    { word: 'Tekun', most: 'S', least: 'S' },
  ],
  [
    { word: 'Murah hati', most: null, least: 'S' },
    { word: 'Mengejar hasil', most: 'D', least: 'D' },
    { word: 'Berpikir mendalam', most: 'C', least: 'C' },
    { word: 'Persuasif', most: 'I', least: 'I' },
  ],
  [
    { word: 'Pandai bercerita', most: 'I', least: null },
    { word: 'Menjaga perasaan orang', most: 'S', least: 'S' },
    { word: 'Mengutamakan mutu', most: 'C', least: 'C' },
    { word: 'Cepat bertindak', most: 'D', least: 'D' },
  ],
];
