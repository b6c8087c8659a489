import { embedSrc, IMAGE_SCHEMES, safeUrl } from '~/lib/html/urls';
import { mediaSrcset } from '~/lib/tenant/media';

/** What an iframe needs to show a video: the player's address and, with a thumbnail, a stand-in page. */
export interface VideoEmbed {
  /** The allow-listed player, YouTube always as youtube-nocookie. */
  src: string;
  /** The thumbnail and a play link, shown until the visitor asks for the video; absent without a thumbnail. */
  srcdoc?: string;
}

const YOUTUBE_ID = /^[\w-]{11}$/;

/** A YouTube watch, short or embed address as the privacy-enhanced embed; other addresses as they are. */
function playerAddress(link: string): string {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return link;
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  const id =
    host === 'youtu.be'
      ? url.pathname.slice(1)
      : host === 'youtube.com' && url.pathname === '/watch'
        ? (url.searchParams.get('v') ?? '')
        : host === 'youtube.com' || host === 'youtube-nocookie.com'
          ? url.pathname.replace(/^\/embed\//, '')
          : '';
  return YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : link;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const FACADE_STYLE = [
  'html,body{margin:0;height:100%;overflow:hidden;background:#000}',
  'a{display:block;height:100%;position:relative}',
  'img{width:100%;height:100%;object-fit:cover}',
  'span{position:absolute;inset:0;margin:auto;width:4.25rem;height:3rem;border-radius:.75rem;background:rgb(0 0 0/.72);color:#fff;font:1.5rem/3rem system-ui,sans-serif;text-align:center}',
  'a:hover span,a:focus-visible span{background:#c4302b}',
].join('');

/**
 * A portfolio video as a lazily loaded player, or undefined when its link is not an allow-listed
 * player (the same list as the HTML sanitiser's iframes). With a thumbnail the iframe first shows a
 * stand-in page (`srcdoc`): the thumbnail and a play link to the player, so nothing is fetched from
 * the video host until the visitor asks for it, and no script is needed.
 */
export function videoEmbed(video: { link: string; thumbnail: string }, title: string): VideoEmbed | undefined {
  const src = embedSrc(playerAddress(video.link));
  if (!src) return undefined;
  const thumbnail = video.thumbnail ? safeUrl(video.thumbnail, IMAGE_SCHEMES) : null;
  if (!thumbnail) return { src };
  const play = `${src}${src.includes('?') ? '&' : '?'}autoplay=1`;
  const srcset = mediaSrcset(thumbnail.url);
  const image = `<img src="${escapeHtml(thumbnail.url)}"${srcset ? ` srcset="${escapeHtml(srcset)}" sizes="100vw"` : ''} alt="">`;
  const srcdoc = `<!doctype html><style>${FACADE_STYLE}</style><a href="${escapeHtml(play)}" aria-label="${escapeHtml(`Putar video: ${title}`)}">${image}<span aria-hidden="true">▶</span></a>`;
  return { src, srcdoc };
}
