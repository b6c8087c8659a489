import { POST_KINDS, type PostKind } from '~/contract/posts';
import { type AdminSection, isAdminPath, sectionOfPath } from './sections';
import { type AdminViewer, isStaffRole } from './viewer';

/** What an address under /Admin shows to a viewer (the page `src/pages/Admin/[...section].astro` renders it). */
export type AdminRoute =
  | { view: 'denied'; title: string; section?: undefined }
  | { view: 'forbidden' | 'missing'; title: string; section?: AdminSection | undefined }
  | { view: 'preview'; title: string; section: AdminSection; kind: PostKind; id: number }
  | { view: 'post-editor'; title: string; lead: string; section: AdminSection; kind: PostKind | undefined; id: number | undefined }
  | {
      view: 'home' | 'posts' | 'categories' | 'copy' | 'settings' | 'builds' | 'people' | 'audit' | 'classes' | 'payouts';
      title: string;
      lead: string;
      section: AdminSection;
    };

const SECTION_VIEWS = {
  '': 'home',
  Tulisan: 'posts',
  Kategori: 'categories',
  Halaman: 'copy',
  Pengaturan: 'settings',
  Build: 'builds',
  Pengguna: 'people',
  Audit: 'audit',
  Kelas: 'classes',
  Pencairan: 'payouts',
} as const;

const isKind = (value: string | undefined): value is PostKind => POST_KINDS.includes(value as PostKind);
const postId = (value: string | undefined): number | undefined => (value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined);

/**
 * The console's routing: `/Admin` (home), `/Admin/{Section}`, `/Admin/Tulisan/Baru`,
 * `/Admin/Tulisan/{kind}/{id}` (the editor) and `/Admin/Pratinjau/{kind}/{id}` (a post's preview
 * in its real page template). A role outside STAFF_ROLES is denied everywhere; a staff role in a
 * section it does not use is forbidden there; anything else unknown is missing.
 */
export function adminRoute(pathname: string, viewer: AdminViewer): AdminRoute {
  if (!isStaffRole(viewer.role)) return { view: 'denied', title: 'Akses ditolak' };
  if (!isAdminPath(pathname)) return { view: 'missing', title: 'Bagian konsol tidak ditemukan' };
  const section = sectionOfPath(pathname);
  if (!section) return { view: 'missing', title: 'Bagian konsol tidak ditemukan' };
  if (!section.roles.includes(viewer.role)) return { view: 'forbidden', title: 'Akses ditolak', section };
  const [, , first = '', ...rest] = pathname.split('/');
  if (first === 'Pratinjau') {
    const [kind, id] = rest;
    const number = postId(id);
    return isKind(kind) && number !== undefined && rest.length === 2
      ? { view: 'preview', title: 'Pratinjau', section, kind, id: number }
      : { view: 'missing', title: 'Pratinjau tidak ditemukan', section };
  }
  if (first === 'Tulisan' && rest.length > 0) {
    if (rest.length === 1 && rest[0] === 'Baru')
      return {
        view: 'post-editor',
        title: 'Tulisan baru',
        lead: 'Tulis, simpan sebagai draf, pratinjau, lalu terbitkan.',
        section,
        kind: undefined,
        id: undefined,
      };
    const [kind, id] = rest;
    const number = postId(id);
    if (isKind(kind) && number !== undefined && rest.length === 2)
      return {
        view: 'post-editor',
        title: 'Sunting tulisan',
        lead: 'Perubahan tersimpan saat Anda menekan Simpan.',
        section,
        kind,
        id: number,
      };
    return { view: 'missing', title: 'Tulisan tidak ditemukan', section };
  }
  if (rest.length > 0) return { view: 'missing', title: 'Bagian konsol tidak ditemukan', section };
  const view = SECTION_VIEWS[section.slug as keyof typeof SECTION_VIEWS];
  return { view, title: section.slug ? section.label : 'Konsol', lead: section.lead, section };
}
