import type { PostKind } from '~/contract/posts';
import { isMaintenance } from '~/lib/tenant';
import type { HomeContent } from '~/lib/tenant/content-schema';
import { postPath } from './paths';
import { contentSource } from './source';

type HomeCard = HomeContent['programs']['items'][number];
/** A home card with the address it opens. */
export type LinkedCard = Omit<HomeCard, 'href' | 'post'> & { href: string };

/**
 * The home page's cards with their addresses: a card that names one of the tenant's posts
 * (`post: "program/bootcamp-data-analyst"`) opens that post's detail page. A post that does not exist
 * fails the build with the card named, rather than shipping a card that leads nowhere.
 */
export async function linkHomeCards(cards: readonly HomeCard[]): Promise<LinkedCard[]> {
  if (isMaintenance) return [];
  return Promise.all(
    cards.map(async ({ post: ref, href, ...card }) => {
      if (!ref) return { ...card, href: href ?? '/' };
      const [kindSlug, slug] = ref.split('/') as [PostKind, string];
      const post = await contentSource().getPost({ kindSlug, slug });
      if (!post) throw new Error(`isi beranda: kartu "${card.title}": post "${ref}" tidak ditemukan`);
      return { ...card, href: postPath(post) };
    }),
  );
}
