/**
 * Every failure the platform reports to a caller, defined once: what kind of failure it is and its
 * Indonesian message (safe to show a visitor). Services and routes throw `fail(name, params)`; only
 * `http/errors.ts` knows which HTTP status each kind becomes, so services never touch HTTP.
 *
 * Adding an error: one entry in `ERRORS` below (kind + message, a function when it names a value).
 *
 * @example
 *   throw fail('postNotFound');
 *   throw fail('appNotFound', { code });
 *   throw fail('invalid', { fields: [{ field: 'email', message: 'alamat email tidak valid' }] });
 */

import { linkLifetime } from '~/contract/account';

/** What went wrong, as a caller must react to it (http/errors.ts maps each to a status). */
export type ErrorKind =
  | 'invalid' // the input is wrong: fix it and send again
  | 'unauthenticated' // no or a bad credential: sign in / get a token
  | 'forbidden' // the credential is good but may not do this
  | 'not-found'
  | 'method-not-allowed'
  | 'conflict' // the state changed or the thing exists: reload and decide
  | 'gone' // it existed and no longer may be used
  | 'too-large'
  | 'unsupported-media'
  | 'unprocessable' // understood, but cannot be done in this state
  | 'too-many' // rate limited: try again after `retryAfterSeconds`
  | 'busy' // the server is saturated: try again soon
  | 'unavailable' // a dependency is down: try again later
  | 'upstream' // an outside service (payment gateway) answered wrongly
  | 'internal';

/** One field's complaint, for forms to mark the field. */
export interface FieldError {
  field: string;
  message: string;
}

/** Extra facts an error may carry to the caller. */
export interface ErrorDetails {
  fields?: FieldError[] | undefined;
  /** Seconds until a retry can succeed (`Retry-After`). */
  retryAfterSeconds?: number | undefined;
  /** Other headers the answer must carry (e.g. `Allow`). */
  headers?: Record<string, string> | undefined;
}

interface ErrorDef {
  kind: ErrorKind;
  // biome-ignore lint/suspicious/noExplicitAny: each entry types its own parameters; `Params` reads them back.
  message: string | ((params: any) => string);
}

/** The catalogue: every error a caller can get, by name. Keep names in camelCase, grouped by feature. */
export const ERRORS = {
  // Any feature
  invalid: {
    kind: 'invalid',
    message: (p: { fields: FieldError[] }) => `Data tidak valid: ${p.fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`,
  },
  endpointNotFound: { kind: 'not-found', message: 'Endpoint tidak ditemukan' },
  bodyTooLarge: { kind: 'too-large', message: (p: { maxKb: number }) => `Isi permintaan terlalu besar (maksimal ${p.maxKb} KB)` },
  /** `what`: what there were too many of (`permintaan`, `percobaan masuk`); give `retryAfterSeconds` too. */
  tooMany: {
    kind: 'too-many',
    message: (p: { what?: string; seconds: number }) => `Terlalu banyak ${p.what ?? 'permintaan'}; coba lagi dalam ${p.seconds} detik`,
  },
  databaseUnavailable: { kind: 'unavailable', message: 'Basis data sedang tidak dapat dihubungi, coba lagi sebentar lagi' },
  internal: { kind: 'internal', message: 'Terjadi kesalahan pada server' },

  // HTTP (shared layer: reading requests, app codes, cross-site calls)
  /** `accepted`: the types taken, e.g. `application/json atau text/plain`. */
  wrongContentType: { kind: 'unsupported-media', message: (p: { accepted: string }) => `Content-Type harus ${p.accepted}` },
  invalidJson: { kind: 'invalid', message: 'JSON tidak valid: periksa format isi permintaan' },
  /** Give the field holding the NUL in `fields`. */
  nulCharacter: { kind: 'invalid', message: 'Permintaan tidak valid' },
  crossSiteRefused: {
    kind: 'forbidden',
    message: 'Permintaan lintas situs ditolak: kirim dari situs tenant atau gunakan header AppToken/Authorization',
  },
  appNotFound: { kind: 'not-found', message: (p: { code: string | undefined }) => `Aplikasi ${p.code} tidak ditemukan` },
  appTokenOtherApp: { kind: 'forbidden', message: 'AppToken tidak berlaku untuk aplikasi ini' },

  // Platform (shared layer)
  idempotencyKeyInvalid: { kind: 'invalid', message: 'Idempotency-Key tidak valid: 16–64 huruf, angka, - atau _' },
  idempotencyBusy: { kind: 'conflict', message: 'Permintaan yang sama sedang diproses; coba lagi sebentar lagi.' },
  idempotencyKeyReused: {
    kind: 'unprocessable',
    message: 'Kunci pengiriman ini sudah dipakai untuk data lain; muat ulang formulir lalu kirim lagi.',
  },

  // Identity
  appTokenMissing: { kind: 'unauthenticated', message: 'AppToken wajib dikirim' },
  appTokenInvalid: { kind: 'unauthenticated', message: 'AppToken tidak valid atau sudah kedaluwarsa' },
  appTokenReadOnly: { kind: 'forbidden', message: 'AppToken ini tidak memiliki scope write' },
  lmsIdNotAppToken: { kind: 'forbidden', message: 'lmsId tidak sesuai dengan AppToken' },
  appCredentialsWrong: { kind: 'unauthenticated', message: 'id atau secret aplikasi salah' },
  originNotTenant: { kind: 'forbidden', message: 'Origin bukan host milik tenant ini' },
  provinceNotFound: { kind: 'not-found', message: (p: { provinceId: string }) => `Provinsi ${p.provinceId} tidak ditemukan` },
  signInRequired: { kind: 'unauthenticated', message: 'Silakan masuk terlebih dahulu' },
  sessionInvalid: { kind: 'unauthenticated', message: 'Sesi tidak valid atau sudah berakhir; silakan masuk kembali' },
  accountOtherTenant: { kind: 'forbidden', message: 'Akun ini bukan milik tenant tersebut' },
  roleRefused: { kind: 'forbidden', message: (p: { roles: readonly string[] }) => `Akses ditolak: hanya untuk ${p.roles.join(', ')}` },
  /** Give the header in `fields`. */
  lmsIdMissing: { kind: 'invalid', message: 'Header lmsId wajib dikirim' },
  lmsIdUnknown: { kind: 'not-found', message: 'Tenant dengan lmsId tersebut tidak ditemukan' },
  lmsIdNotAccount: { kind: 'forbidden', message: 'lmsId tidak sesuai dengan akun ini' },
  /** The one answer to a wrong password and to an unknown e-mail, so neither reveals who has an account. */
  wrongCredentials: { kind: 'unauthenticated', message: 'Email atau password salah' },
  /** `wait`: the wait in words (`5 menit`); give `retryAfterSeconds` too. */
  accountLocked: {
    kind: 'too-many',
    message: (p: { wait: string }) => `Terlalu banyak percobaan masuk yang gagal. Akun ini dikunci sementara; coba lagi dalam ${p.wait}.`,
  },
  codeRefused: { kind: 'invalid', message: 'Kode masuk tidak valid atau sudah dipakai; silakan masuk kembali.' },
  /** Give the field `email` in `fields`. */
  emailTaken: { kind: 'conflict', message: 'Email sudah terdaftar. Silakan masuk.' },
  /*
   * One-time account links (lifetimes: ACCOUNT_LINK_HOURS): expired 410, used 409, unknown 400,
   * so a page can tell them apart; each says how to get a new link.
   */
  verifyLinkExpired: {
    kind: 'gone',
    message: `Tautan verifikasi ini sudah kedaluwarsa (berlaku ${linkLifetime('verify-email')}). Minta tautan baru dari halaman Akun.`,
  },
  verifyLinkUsed: { kind: 'conflict', message: 'Tautan verifikasi ini sudah dipakai. Setiap tautan hanya berlaku sekali.' },
  verifyLinkUnknown: {
    kind: 'invalid',
    message: 'Tautan verifikasi ini tidak dikenal. Buka tautan lengkap dari email verifikasi terbaru Anda.',
  },
  resetLinkExpired: {
    kind: 'gone',
    message: `Tautan atur ulang password ini sudah kedaluwarsa (berlaku ${linkLifetime('reset-password')}). Minta tautan baru di halaman Lupa Password.`,
  },
  resetLinkUsed: {
    kind: 'conflict',
    message: 'Tautan atur ulang password ini sudah dipakai. Minta tautan baru di halaman Lupa Password bila perlu.',
  },
  resetLinkUnknown: {
    kind: 'invalid',
    message: 'Tautan atur ulang password ini tidak dikenal. Buka tautan lengkap dari email terbaru, atau minta tautan baru.',
  },
  emailAlreadyVerified: { kind: 'conflict', message: 'Email Anda sudah terverifikasi; tidak perlu mengirim ulang.' },
  /** `wait`: the wait in words (`40 menit`); give `retryAfterSeconds` too. */
  accountMailLimit: {
    kind: 'too-many',
    message: (p: { wait: string }) => `Email sudah beberapa kali dikirim ke akun ini. Tunggu ${p.wait} sebelum meminta lagi.`,
  },
  /** Give the field `currentPassword` in `fields`. */
  currentPasswordWrong: { kind: 'invalid', message: 'Password saat ini salah.' },
  /** Sign-in, a one-time code or a reset link of an account an admin deactivated (only after its password or link checked out). */
  accountDeactivated: { kind: 'forbidden', message: 'Akun ini dinonaktifkan. Hubungi admin situs.' },
  /** Also for an account of another tenant, so ids of other sites reveal nothing. */
  personNotFound: { kind: 'not-found', message: 'Pengguna tidak ditemukan' },
  superadminRoleOnly: { kind: 'forbidden', message: 'Hanya superadmin yang dapat memberi atau mencabut peran superadmin.' },
  ownRoleUnchangeable: { kind: 'forbidden', message: 'Anda tidak dapat mengubah peran akun Anda sendiri; minta admin lain.' },
  ownAccountDeactivate: { kind: 'forbidden', message: 'Anda tidak dapat menonaktifkan akun Anda sendiri.' },
  superadminAccountOnly: {
    kind: 'forbidden',
    message: 'Hanya superadmin yang dapat menonaktifkan atau mengaktifkan kembali akun superadmin.',
  },

  // Payments
  paymentsUnavailable: { kind: 'unavailable', message: 'Pembayaran belum tersedia di situs ini. Hubungi admin.' },
  invoiceNotFound: { kind: 'not-found', message: 'Tagihan tidak ditemukan' },
  /** Also for an invoice of another user, or one not paid: a receipt exists only for the owner's paid invoice. */
  receiptNotFound: { kind: 'not-found', message: 'Kuitansi tidak ditemukan. Kuitansi hanya tersedia untuk tagihan Anda yang sudah lunas.' },
  catalogueShared: {
    kind: 'conflict',
    message: (p: { owner: string }) => `Katalog situs ini adalah katalog ${p.owner}; ubah kelasnya dari situs ${p.owner}`,
  },
  invoiceNotRefundable: { kind: 'conflict', message: 'Hanya tagihan yang sudah dibayar yang dapat dikembalikan dananya' },
  classFree: { kind: 'invalid', message: 'Kelas ini gratis: tidak perlu pembayaran' },
  alreadyEnrolled: { kind: 'conflict', message: 'Anda sudah terdaftar di kelas ini' },
  registrationClosed: { kind: 'conflict', message: 'Pendaftaran kelas ini sedang tidak dibuka' },
  classFull: { kind: 'conflict', message: 'Kuota kelas ini sudah penuh' },
  belowGatewayMinimum: { kind: 'conflict', message: 'Biaya kelas ini di bawah batas minimum pembayaran (Rp10.000). Hubungi admin.' },
  invoiceExpired: { kind: 'conflict', message: 'Tagihan ini sudah kedaluwarsa. Gunakan Bayar ulang untuk membuat tagihan baru.' },
  gatewayDown: { kind: 'upstream', message: 'Gateway pembayaran sedang tidak dapat dihubungi. Coba lagi beberapa saat lagi.' },
  gatewayRefused: { kind: 'upstream', message: 'Gateway pembayaran menolak tagihan ini. Hubungi admin.' },
  noInvoiceYet: { kind: 'not-found', message: 'Belum ada tagihan untuk kelas ini' },
  invoiceStillOpen: { kind: 'conflict', message: 'Tagihan sebelumnya masih berlaku: selesaikan pembayarannya' },
  invoiceFailed: { kind: 'conflict', message: 'Tagihan sebelumnya gagal, bukan kedaluwarsa: buat tagihan baru' },
  callbackContentType: { kind: 'unsupported-media', message: 'Callback harus application/x-www-form-urlencoded' },
  /** Give `headers: { Allow: 'POST' }`. */
  callbackByGet: { kind: 'method-not-allowed', message: 'Callback pembayaran harus dikirim dengan POST; GET hanya membaca status' },
  mentorProfileMissing: { kind: 'not-found', message: 'Akun ini belum terhubung dengan profil mentor. Hubungi admin.' },
  /** `available`: the balance as Rupiah (`Rp50.000`). */
  balanceTooLow: { kind: 'conflict', message: (p: { available: string }) => `Saldo tidak mencukupi: saldo tersedia ${p.available}` },
  payoutNotFound: { kind: 'not-found', message: 'Permintaan pencairan tidak ditemukan' },
  payoutOwnRequest: { kind: 'forbidden', message: 'Permintaan Anda sendiri harus diputuskan admin lain' },
  payoutDecided: { kind: 'conflict', message: (p: { status: string }) => `Permintaan ini sudah diputuskan (${p.status})` },
  payoutJustDecided: { kind: 'conflict', message: 'Permintaan ini baru saja diputuskan admin lain' },

  // Chat
  chatUnavailable: { kind: 'unavailable', message: 'Asisten tanya jawab sedang tidak tersedia' },
  chatOff: { kind: 'forbidden', message: 'Asisten tanya jawab tidak aktif di situs ini' },
  chatTokenMissing: { kind: 'unauthenticated', message: 'Token obrolan wajib dikirim (Authorization: Bearer)' },
  chatTokenInvalid: { kind: 'unauthenticated', message: 'Token obrolan tidak valid atau sudah kedaluwarsa; masuk kembali' },
  workspaceNotFound: { kind: 'not-found', message: 'Workspace tidak ditemukan' },
  conversationNotFound: { kind: 'not-found', message: 'Percakapan tidak ditemukan' },
  conversationFull: {
    kind: 'conflict',
    message: (p: { max: number }) => `Percakapan ini sudah berisi ${p.max} pesan; mulai percakapan baru untuk bertanya lagi`,
  },

  // Mail
  staffAddressMissing: { kind: 'unavailable', message: 'Alamat email staf belum diatur; hubungi pengelola situs' },
  mailNotFound: { kind: 'not-found', message: (p: { id: number }) => `Surat #${p.id} tidak ditemukan` },
  mailAlreadySent: { kind: 'conflict', message: (p: { id: number }) => `Surat #${p.id} sudah terkirim` },
  mailSending: { kind: 'conflict', message: (p: { id: number }) => `Surat #${p.id} sedang dikirim; tunggu hasilnya` },

  // Uploads (`reason` names what is wrong with the file; give it as the `file` field's message too)
  fileInvalid: { kind: 'invalid', message: (p: { reason: string }) => `Berkas ditolak: ${p.reason}` },
  fileTooLarge: { kind: 'too-large', message: (p: { reason: string }) => `Berkas ditolak: ${p.reason}` },
  fileUnsupported: { kind: 'unsupported-media', message: (p: { reason: string }) => `Berkas ditolak: ${p.reason}` },
  uploadNotFound: { kind: 'not-found', message: 'Berkas tidak ditemukan' },

  // Builds
  webhookTooLarge: { kind: 'too-large', message: 'Isi webhook terlalu besar' },
  webhookHeadersMissing: {
    kind: 'unauthenticated',
    message: 'Header webhook-id, webhook-timestamp dan webhook-signature wajib dikirim',
  },
  webhookStale: { kind: 'unauthenticated', message: 'webhook-timestamp di luar toleransi 5 menit; periksa jam pengirim' },
  webhookSignatureInvalid: { kind: 'unauthenticated', message: 'Tanda tangan webhook tidak valid' },
  webhookInvalidJson: { kind: 'invalid', message: 'JSON tidak valid: periksa format isi webhook' },
  webhookReplayed: { kind: 'conflict', message: (p: { id: string }) => `Webhook ${p.id} sudah pernah diterima` },
  buildsDisabled: { kind: 'unavailable', message: 'Build situs tidak diaktifkan di server ini' },
  buildNotKept: { kind: 'not-found', message: (p: { buildId: string }) => `Build ${p.buildId} tidak ada di antara build yang disimpan` },

  // Posts (the `…ToUpdate…` ones, `slugTaken`: throw with `failOn` naming the field)
  postNotFound: { kind: 'not-found', message: 'Post tidak ditemukan' },
  postSlugNotFound: { kind: 'not-found', message: (p: { slug: string }) => `Post "${p.slug}" tidak ditemukan` },
  postToUpdateNotFound: { kind: 'not-found', message: (p: { slug: string }) => `post "${p.slug}" tidak ditemukan` },
  categoryNotFound: { kind: 'not-found', message: 'Kategori tidak ditemukan' },
  categorySlugNotFound: { kind: 'not-found', message: (p: { slug: string }) => `Kategori "${p.slug}" tidak ditemukan` },
  categoryToUpdateNotFound: { kind: 'not-found', message: (p: { slug: string }) => `kategori "${p.slug}" tidak ditemukan` },
  /** `current`: the stored version; `sent`: the one the editor loaded. */
  postVersionConflict: {
    kind: 'conflict',
    message: (p: { current: number; sent: number }) =>
      `Tulisan ini sudah diubah orang lain (versi ${p.current}, Anda menyunting versi ${p.sent}). Tekan Muat versi terbaru untuk melihat perubahannya; teks Anda tetap di editor sampai Anda memuatnya.`,
  },
  /** `posts`: how many posts (any status) are in the category. */
  categoryInUse: {
    kind: 'conflict',
    message: (p: { posts: number }) => `Kategori ini dipakai oleh ${p.posts} tulisan; pindahkan tulisan itu ke kategori lain dulu.`,
  },
  /** A post's, a category's or a class's slug. */
  slugTaken: { kind: 'conflict', message: (p: { slug: string }) => `slug "${p.slug}" sudah dipakai` },

  // Catalogue (the `classCode…` and `classHas…` ones: throw with `failOn` naming `code`)
  programNotFound: { kind: 'not-found', message: 'Program tidak ditemukan' },
  classNotFound: { kind: 'not-found', message: 'Kelas tidak ditemukan' },
  classCalendarEmpty: {
    kind: 'not-found',
    message: 'Kelas ini belum punya tanggal mulai dan selesai, jadi belum bisa ditambahkan ke kalender. Lihat jadwalnya di halaman kelas.',
  },
  classCodeNotFound: { kind: 'not-found', message: (p: { code: string }) => `kelas "${p.code}" tidak ditemukan` },
  classCodeTaken: { kind: 'conflict', message: (p: { code: string }) => `kode kelas "${p.code}" sudah dipakai` },
  classHasLearners: {
    kind: 'conflict',
    message: 'kelas ini sudah punya peserta dan tidak dapat dihapus; sembunyikan dengan isPublished: false',
  },
  classHasInvoices: {
    kind: 'conflict',
    message: 'kelas ini sudah punya tagihan pembayaran dan tidak dapat dihapus; sembunyikan dengan isPublished: false',
  },
  courseNotFound: { kind: 'not-found', message: 'Kursus tidak ditemukan' },
  chapterNotFound: { kind: 'not-found', message: 'Bab tidak ditemukan' },
  chapterSignInRequired: { kind: 'unauthenticated', message: 'Masuk untuk membaca bab ini' },
  chapterLearnersOnly: {
    kind: 'forbidden',
    message: (p: { className: string | null }) => `Bab ini khusus peserta kelas ${p.className ?? 'kursus ini'}`,
  },

  // Certificates (the `learner…`, `enrolment…` ones: throw with `failOn` naming the field)
  certificateNotFound: { kind: 'not-found', message: 'Sertifikat tidak ditemukan' },
  /** `revokedOn`: the date in words (`14 Agustus 2026`). */
  certificateRevoked: {
    kind: 'gone',
    message: (p: { revokedOn: string; reason: string }) =>
      `Sertifikat ini telah dicabut pada ${p.revokedOn} dan PDF-nya tidak lagi diberikan. Alasan: ${p.reason}`,
  },
  certificateAlreadyRevoked: {
    kind: 'conflict',
    message: (p: { revokedOn: string }) => `Sertifikat ini sudah dicabut pada ${p.revokedOn}`,
  },
  learnerNotFound: { kind: 'not-found', message: 'Peserta dengan akun tersebut tidak ditemukan di situs ini' },
  enrolmentNotFound: { kind: 'not-found', message: (p: { code: string }) => `Peserta ini tidak terdaftar di kelas "${p.code}"` },
  enrolmentCancelled: {
    kind: 'conflict',
    message: (p: { code: string }) => `Pendaftaran peserta ini di kelas "${p.code}" sudah dibatalkan; tidak dapat dinyatakan lulus`,
  },

  // Content
  portfolioNotFound: { kind: 'not-found', message: 'Portofolio tidak ditemukan' },
  careerNotFound: { kind: 'not-found', message: 'Karier tidak ditemukan' },
  careerIdNotFound: { kind: 'not-found', message: (p: { careerId: number }) => `Karier ${p.careerId} tidak ditemukan` },
  jobNotFound: { kind: 'not-found', message: 'Lowongan tidak ditemukan' },

  // Tenants
  settingsNotFound: { kind: 'not-found', message: 'Pengaturan tenant tidak ditemukan' },
  settingNotFound: { kind: 'not-found', message: (p: { key: string }) => `Pengaturan "${p.key}" tidak ditemukan` },
  /** `revision`: the tenant's current settings revision. */
  settingsChanged: {
    kind: 'conflict',
    message: (p: { revision: number }) => `Pengaturan sudah diubah orang lain (revisi ${p.revision}); muat ulang lalu simpan lagi`,
  },
  copyNotFound: { kind: 'not-found', message: (p: { key: string }) => `Salinan "${p.key}" tidak ditemukan` },

  // Statistics (`type` is cut to 40 characters; `types`: the charts there are)
  chartNotFound: {
    kind: 'not-found',
    message: (p: { type: string; types: readonly string[] }) => `Grafik "${p.type.slice(0, 40)}" tidak ada; pilih ${p.types.join(', ')}`,
  },
  activeBatchNotFound: { kind: 'not-found', message: 'Batch aktif tidak ditemukan' },

  // Forms (each a complaint about one field: throw with `failOn`)
  schoolNpsnTaken: { kind: 'conflict', message: 'Sekolah dengan NPSN ini sudah terdaftar' },
  memberEmailInOtherTeam: {
    kind: 'conflict',
    message: (p: { email: string }) => `${p.email} sudah terdaftar di tim lain pada kompetisi ini`,
  },
  memberNisnInOtherTeam: {
    kind: 'conflict',
    message: (p: { nisn: string }) => `NISN ${p.nisn} sudah terdaftar di tim lain pada kompetisi ini`,
  },
  memberJustInOtherTeam: {
    kind: 'conflict',
    message: 'Seorang anggota baru saja terdaftar di tim lain pada kompetisi ini; periksa kembali anggota tim',
  },
  letterTaken: { kind: 'conflict', message: 'Surat rekomendasi ini sudah dipakai tim lain; unggah surat untuk tim ini' },
  teamNameTaken: { kind: 'conflict', message: 'Nama tim sudah dipakai; pilih nama lain' },
} as const satisfies Record<string, ErrorDef>;

export type ErrorName = keyof typeof ERRORS;
type Params<N extends ErrorName> = (typeof ERRORS)[N]['message'] extends (params: infer P) => string ? [params: P] : [];

/** A failure of the platform, by catalogue name; `http/errors.ts` turns it into the API's error answer. */
export class DomainError extends Error {
  constructor(
    override readonly name: ErrorName,
    readonly kind: ErrorKind,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }
}

/** The catalogue's error `name`; `details` adds fields, a retry time or headers. */
export function fail<N extends ErrorName>(name: N, ...args: [...Params<N>, details?: ErrorDetails]): DomainError {
  const def: ErrorDef = ERRORS[name];
  const params = typeof def.message === 'function' ? args[0] : undefined;
  const details = (typeof def.message === 'function' ? args[1] : args[0]) as ErrorDetails | undefined;
  const message = typeof def.message === 'function' ? def.message(params) : def.message;
  const fields = details?.fields ?? (params as { fields?: FieldError[] } | undefined)?.fields;
  return new DomainError(name, def.kind, message, { ...details, fields });
}

/**
 * The catalogue's error `name` as a complaint about one field: the error's message is the field's
 * message too, so a form marks the field with what the answer says.
 *
 * @example
 *   throw failOn('slug', 'slugTaken', { slug }); // 409, fields: [{ field: 'slug', message: 'slug "x" sudah dipakai' }]
 */
export function failOn<N extends ErrorName>(field: string, name: N, ...params: Params<N>): DomainError {
  const def: ErrorDef = ERRORS[name];
  const message = typeof def.message === 'function' ? def.message(params[0]) : def.message;
  return new DomainError(name, def.kind, message, { fields: [{ field, message }] });
}

/** Whether `error` is the catalogue's `name` (tests, and code that turns one failure into another). */
export function isError(error: unknown, name: ErrorName): error is DomainError {
  return error instanceof DomainError && error.name === name;
}
