/** Texts of the maintenance screen (SPEC §2 "Page shell"), shown instead of any page's content. */
export const MAINTENANCE = {
  title: 'Website Sedang Dalam Perbaikan',
  text: 'Seperti halnya manusia, kami bertumbuh untuk menjadi lebih baik!',
} as const;

/**
 * The pages that stay open while the site is under maintenance: signing in (the form, and the return
 * of redirect-login mode), so that staff reach the console (/Admin, never closed) to turn it off.
 */
export const OPEN_UNDER_MAINTENANCE: ReadonlySet<string> = new Set(['/Login', '/CallbackAuth']);

/** Texts of the not-found and error screens (SPEC §2 "Page shell", §8). */
export const STATUS_TEXT = {
  notFound: 'Oops.. Maaf halaman tidak ditemukan',
  notFoundDetail: 'This page could not be found',
  error: 'Opps.. Maaf terjadi kesalahan pada website',
  home: 'Kembali ke halaman utama',
} as const;
