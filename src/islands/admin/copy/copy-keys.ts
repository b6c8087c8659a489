/*
 * The copy keys as staff name them: `site` and `home` first, then each page by its Indonesian name
 * (or its route spelled out), with the address it is served at.
 */

const PAGE_NAMES: Record<string, string> = {
  About: 'Tentang kami',
  Aksara: 'Aksara',
  Bandung: 'Kantor Bandung',
  Campus: 'Kampus',
  Clients: 'Klien',
  Collaboration: 'Kolaborasi',
  Corporates: 'Korporat',
  Government: 'Pemerintah',
  Jakarta: 'Kantor Jakarta',
  'Liga-Smk': 'Liga SMK',
  Login: 'Masuk',
  'Make-Appointment': 'Buat janji temu',
  Metamorfosa: 'Metamorfosa',
  Network: 'Jaringan',
  Pricing: 'Harga',
  'Privacy-Policy': 'Kebijakan privasi',
  Register: 'Daftar akun',
  'Talent-Hiring': 'Rekrutmen talenta',
  'Terms-And-Conditions': 'Syarat dan ketentuan',
  'Training-Services': 'Layanan pelatihan',
  'Training-Services/Syllabus': 'Silabus layanan pelatihan',
  Video: 'Video',
  Welcome: 'Selamat datang (tes DISC)',
};

/** One key of the list: its name, where it shows, and its kind. */
export interface CopyEntry {
  key: string;
  label: string;
  /** `/About`; what the site and home copy are for, otherwise. */
  where: string;
  kind: 'site' | 'home' | 'page';
}

export function copyEntry(key: string): CopyEntry {
  if (key === 'site') return { key, label: 'Info situs', where: 'Tagline, kontak, media sosial, sapaan', kind: 'site' };
  if (key === 'home') return { key, label: 'Beranda', where: '/ (blok halaman depan)', kind: 'home' };
  const route = key.replace(/^page:/, '');
  const label = PAGE_NAMES[route] ?? route.replace(/\//g, ' › ').replace(/-/g, ' ');
  return { key, label, where: `/${route}`, kind: 'page' };
}

/** The list in the console's order: site, home, then pages by name. */
export function copyEntries(keys: readonly string[]): CopyEntry[] {
  const rank = { site: 0, home: 1, page: 2 } as const;
  return keys.map(copyEntry).sort((a, b) => rank[a.kind] - rank[b.kind] || a.label.localeCompare(b.label, 'id'));
}
