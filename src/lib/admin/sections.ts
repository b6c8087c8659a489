import type { Role } from '~/contract/roles';

/**
 * The staff console's sections (/Admin/…) and who sees them (SPEC §6): writers write posts and
 * categories; admins and superadmins run everything of their own tenant; mentors see their classes
 * and payouts. The console only hides what a role cannot use: the API checks every call itself.
 */
export interface AdminSection {
  /** The address under /Admin ('' is the console's home). */
  slug: string;
  label: string;
  /** One line under the heading. */
  lead: string;
  roles: readonly Role[];
}

const WRITERS: readonly Role[] = ['writer', 'admin', 'superadmin'];
const ADMINS: readonly Role[] = ['admin', 'superadmin'];

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { slug: '', label: 'Ringkasan', lead: 'Apa yang bisa Anda kelola di konsol ini.', roles: ['writer', 'admin', 'superadmin', 'mentor'] },
  {
    slug: 'Tulisan',
    label: 'Tulisan',
    lead: 'Berita, blog, artikel, podcast, tulisan teman, acara, dan program situs ini.',
    roles: WRITERS,
  },
  { slug: 'Kategori', label: 'Kategori', lead: 'Kategori tiap jenis tulisan.', roles: WRITERS },
  { slug: 'Halaman', label: 'Teks halaman', lead: 'Teks halaman tetap situs (Tentang, Harga, …) dalam Markdown.', roles: ADMINS },
  {
    slug: 'Pengaturan',
    label: 'Tampilan & pengaturan',
    lead: 'Judul, logo, warna, huruf, meta, mode masuk, dan perawatan.',
    roles: ADMINS,
  },
  { slug: 'Build', label: 'Build & rilis', lead: 'Riwayat build, build yang live, build ulang, dan rollback.', roles: ADMINS },
  { slug: 'Pengguna', label: 'Pengguna', lead: 'Akun situs ini: peran, nonaktifkan, aktifkan kembali.', roles: ADMINS },
  { slug: 'Audit', label: 'Log audit', lead: 'Siapa mengubah apa, dan kapan.', roles: ADMINS },
  { slug: 'Kelas', label: 'Kelas saya', lead: 'Kelas yang Anda ajar dan jadwal berikutnya.', roles: ['mentor'] },
  { slug: 'Pencairan', label: 'Pencairan dana', lead: 'Saldo dan pencairan dana mentor.', roles: ['mentor', 'admin', 'superadmin'] },
];

/** The sections a role sees, in menu order. */
export const sectionsOf = (role: Role): AdminSection[] => ADMIN_SECTIONS.filter((section) => section.roles.includes(role));

/** The section an address under /Admin belongs to (`/Admin/Tulisan/news/12` → Tulisan); the preview belongs to Tulisan. */
export function sectionOfPath(pathname: string): AdminSection | undefined {
  const first = pathname.split('/')[2] ?? '';
  return ADMIN_SECTIONS.find((section) => section.slug === (first === 'Pratinjau' ? 'Tulisan' : first));
}

export const isAdminPath = (pathname: string): boolean => pathname === '/Admin' || pathname.startsWith('/Admin/');
