import type { Uploaded } from '~/contract/uploads';
import type { ApiClient } from '~/lib/api/client';

/*
 * Where the console can show a logo or favicon from. A setting names either an http(s) URL (shown as
 * it is) or a file of the tenant's seed folder, which only the build copies to the site (under a
 * hashed name): those are shown through the addresses the page was built with, when it gives them.
 */

/** The built addresses of the stored logos and favicon (`tenantAssets` of lib/tenant), when the page passes them. */
export interface ShownAssets {
  logoDark?: string | undefined;
  logoLight?: string | undefined;
  favicon?: string | undefined;
}

/**
 * The addresses this page already shows the stored images at: the console bar's logo (the dark one)
 * and the page's icon. The light logo appears nowhere on the console page.
 */
export function assetsOnPage(doc: Document = document): ShownAssets {
  const logo = doc.querySelector<HTMLImageElement>('.admin-bar__brand img')?.getAttribute('src') ?? undefined;
  const icon = doc.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.getAttribute('href') ?? undefined;
  return { logoDark: logo || undefined, favicon: icon || undefined };
}

const isWebUrl = (value: string) => /^https?:\/\//i.test(value);

/** What to show for a setting's value: the URL itself, or the built address of the stored file; undefined when neither is known. */
export function shownUrl(value: string, saved: string, built: string | undefined): string | undefined {
  if (isWebUrl(value)) return value;
  return value === saved ? built : undefined;
}

/**
 * An upload as a setting's value: the upload service's address of the file with its read token, made
 * absolute (a setting holds an http(s) URL or a seed-folder file, never a bare path with a query).
 */
export function uploadedUrl(client: ApiClient, uploaded: Uploaded, base: string = location.href): string {
  const service = new URL(client.bases.upload, base);
  if (!service.pathname.endsWith('/')) service.pathname += '/';
  return new URL(`${encodeURIComponent(uploaded.id)}?token=${encodeURIComponent(uploaded.token)}`, service).href;
}
