import { routeOfPageModule } from '~/lib/seo/sitemap';

/** The addresses of the site's fixed pages (every page file without parameters), as the build renders them and the sitemap lists them. */
export const FIXED_PAGES: string[] = Object.keys(import.meta.glob('/src/pages/**/*.astro'))
  .map((module) => routeOfPageModule(module.replace(/^\/src\/pages\//, '')))
  .filter((route) => route !== null);

/** Files beside the pages that every build writes: the error pages, the sitemap, robots.txt, the favicon and the share image. */
export const BUILD_FILES: Record<string, string> = {
  '/404': '404.html',
  '/500': '500.html',
  '/sitemap.xml': 'sitemap.xml',
  '/robots.txt': 'robots.txt',
  '/favicon.svg': 'favicon.svg',
  '/og.png': 'og.png',
};

/**
 * Fixed pages that belong to one visitor (their account and payouts, the sign-in and payment returns,
 * the pages the account's mailed links open): built, but `noindex` and out of the sitemap.
 */
export const PRIVATE_PAGES: ReadonlySet<string> = new Set([
  '/Akun',
  '/Atur-Ulang-Password',
  '/Lupa-Password',
  '/Verifikasi-Email',
  '/Akun/Kuitansi',
  '/Akun/Pencairan',
  '/Akun/Pencairan/Persetujuan',
  '/CallbackAuth',
  '/CallbackPayment',
  '/Payment-Status/Success',
  '/Payment-Status/Error',
]);
