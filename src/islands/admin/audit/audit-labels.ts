import { ROLES, type Role } from '~/contract/roles';
import { roleLabel } from '~/lib/auth/role-labels';
import { formatStamp } from '../kit';

/*
 * How the audit log reads in Indonesian: each recorded action (server/audit/README.md "What writes are
 * recorded"), its target, the fields of a summary and their values. Anything unknown shows as it is.
 */

/** The actions the server records, in the filter's order, each in words. */
export const ACTION_LABELS: Readonly<Record<string, string>> = {
  'post.create': 'Tulisan dibuat',
  'post.update': 'Tulisan diubah',
  'post.delete': 'Tulisan dihapus',
  'category.create': 'Kategori dibuat',
  'category.update': 'Kategori diubah',
  'category.delete': 'Kategori dihapus',
  'copy.update': 'Teks halaman diubah',
  'settings.update': 'Pengaturan diubah',
  'user.role': 'Peran pengguna diubah',
  'user.deactivate': 'Akun dinonaktifkan',
  'user.reactivate': 'Akun diaktifkan kembali',
  'payout.approve': 'Pencairan disetujui',
  'payout.reject': 'Pencairan ditolak',
  'invoice.refund': 'Pembayaran dikembalikan',
  'certificate.revoke': 'Sertifikat dicabut',
  'class.complete': 'Peserta dinyatakan lulus',
  'build.request': 'Build ulang diminta',
  'build.rollback': 'Build lama dijadikan live',
};

export const actionLabel = (action: string): string => ACTION_LABELS[action] ?? action;

const TARGET_KINDS: Readonly<Record<string, string>> = {
  post: 'Tulisan',
  category: 'Kategori',
  copy: 'Teks halaman',
  user: 'Akun',
  payout: 'Pencairan',
  invoice: 'Tagihan',
  certificate: 'Sertifikat',
  build: 'Build',
  'build-job': 'Antrean build',
};

/** `post:12` → 'Tulisan #12', `copy:about` → 'Teks halaman about', `enrolment:KLS-1:…` → the class and learner. */
export function targetLabel(target: string): string {
  if (target === 'settings') return 'Pengaturan situs';
  const [kind = '', ...rest] = target.split(':');
  const id = rest.join(':');
  if (kind === 'enrolment' && rest.length === 2) return `Peserta ${rest[1]} di kelas ${rest[0]}`;
  const word = TARGET_KINDS[kind];
  if (!word || !id) return target;
  return /^\d+$/.test(id) ? `${word} #${id}` : `${word} ${id}`;
}

const FIELD_LABELS: Readonly<Record<string, string>> = {
  title: 'Judul',
  name: 'Nama',
  slug: 'Slug',
  summary: 'Ringkasan',
  content: 'Isi',
  description: 'Deskripsi',
  cover: 'Gambar sampul',
  status: 'Status',
  role: 'Peran',
  reason: 'Alasan',
  value: 'Isi',
  kindSlug: 'Jenis',
  categoryId: 'Kategori',
  author: 'Penulis',
  publishedAt: 'Terbit',
  revokedAt: 'Dicabut',
  deactivatedAt: 'Dinonaktifkan',
  endedSessions: 'Sesi diakhiri',
  score: 'Nilai',
  certificate: 'Sertifikat',
  version: 'Versi',
  isActive: 'Tampil',
  live: 'Build live',
  full: 'Build penuh',
  id: 'ID',
};

export const fieldLabel = (field: string): string => FIELD_LABELS[field] ?? field;

/** The statuses a summary holds (posts, payouts, invoices, enrolments), in words. */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  draft: 'draf',
  scheduled: 'terjadwal',
  published: 'terbit',
  requested: 'menunggu persetujuan',
  approved: 'disetujui',
  rejected: 'ditolak',
  pending: 'menunggu pembayaran',
  paid: 'lunas',
  expired: 'kedaluwarsa',
  failed: 'gagal',
  cancelled: 'dibatalkan',
  refunded: 'dana dikembalikan',
  passed: 'lulus',
};

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** A summary value in a line: a dash for a side that has none, '(kosong)' for empty, roles and times in words. */
export function valueText(field: string, value: unknown): string {
  if (value === undefined) return '—';
  if (value === null || value === '') return '(kosong)';
  if (typeof value === 'boolean') return value ? 'ya' : 'tidak';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (field === 'role' && isRole(value)) return roleLabel(value);
    if (field === 'status' && STATUS_WORDS[value]) return STATUS_WORDS[value];
    if (ISO_MOMENT.test(value) && !Number.isNaN(new Date(value).getTime())) return formatStamp(value);
    return value;
  }
  const json = JSON.stringify(value);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}

/** The actor's role in words; a role outside SPEC §6 (or none) as it is. */
export const actorRoleLabel = (role: string): string => (isRole(role) ? roleLabel(role) : role || 'tanpa peran');
