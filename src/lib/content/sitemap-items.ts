import { isMaintenance } from '~/lib/tenant';
import { itemIndexOf, mainAddresses } from './routes';
import { contentSource } from './source';

/**
 * The main address of every content item the build writes, for the sitemap: every post under its
 * kind's own list (news under /News; the /Berita, id and Detail forms name the same posts), every
 * career and job, the portfolio kinds and items. Nothing while the tenant is under maintenance.
 */
export async function contentAddresses(): Promise<string[]> {
  return isMaintenance ? [] : mainAddresses(await itemIndexOf(contentSource()));
}
