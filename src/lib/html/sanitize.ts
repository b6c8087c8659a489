import sanitize from 'sanitize-html';
import { EMBED_HOSTS, embedSrc, IMAGE_SCHEMES, LINK_SCHEMES, safeSrcset, safeUrl } from './urls';

/**
 * Prefix given to every id in CMS HTML (and to the #anchors that point at them), so an author's
 * `id="name"` can never clobber a global the page's own scripts read (`window.name`, …).
 */
export const ID_PREFIX = 'user-content-';

const TAGS = [
  ...['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'div', 'span'],
  ...['strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'code', 'mark', 'small', 'del', 'ins', 'abbr', 'q', 'cite', 'kbd'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption', 'iframe'],
  ...['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
];

// Disallowed elements are unwrapped (their text stays) except these, whose content is code,
// foreign markup, form widgets, media fallbacks or head matter that must not surface as text.
const DROPPED_WITH_CONTENT = [
  ...['script', 'style', 'template', 'svg', 'math', 'noscript', 'noembed', 'noframes', 'xmp'],
  ...['head', 'title', 'textarea', 'select', 'option', 'object', 'applet', 'audio', 'video', 'canvas'],
];

// Unknown block containers become a div rather than being unwrapped, so `<summary>Q</summary>A`
// does not run together as "QA".
const BLOCKS = new Set([
  ...['address', 'article', 'aside', 'center', 'details', 'dialog', 'fieldset', 'footer', 'form'],
  ...['header', 'hgroup', 'legend', 'main', 'nav', 'section', 'summary'],
]);

const LANG = /^[a-z]{2,3}(?:-[a-z\d]{1,8})*$/i;
const DIR = new Set(['ltr', 'rtl', 'auto']);
const SIZE = /^(\d{1,5})(?:px)?$|^\d{1,3}%$/i;
const REL_KEPT = ['nofollow', 'sponsored', 'ugc'];

type Attributes = sanitize.Attributes;

const prefixed = (id: string) => (id.startsWith(ID_PREFIX) ? id : `${ID_PREFIX}${id}`);

/** Attributes every kept element may carry, checked: a prefixed id, lang and dir. */
function globalAttributes(attribs: Attributes, fallbackId?: string): Attributes {
  const out: Attributes = {};
  const id = (attribs.id ?? fallbackId ?? '').trim().replace(/\s+/g, '-');
  if (id) out.id = prefixed(id);
  if (attribs.lang && LANG.test(attribs.lang)) out.lang = attribs.lang;
  const dir = attribs.dir?.toLowerCase();
  if (dir && DIR.has(dir)) out.dir = dir;
  return out;
}

function size(out: Attributes, attribs: Attributes) {
  for (const name of ['width', 'height'] as const) {
    const match = attribs[name]?.trim().match(SIZE);
    if (match) out[name] = match[1] ?? match[0];
  }
}

function link(out: Attributes, attribs: Attributes) {
  const href = attribs.href ?? '';
  if (/^\s*#/.test(href)) {
    const fragment = href.trim().slice(1);
    out.href = fragment ? `#${prefixed(fragment)}` : '#';
    return;
  }
  const safe = safeUrl(href, LINK_SCHEMES);
  if (!safe) return;
  out.href = safe.url;
  const rel = (attribs.rel ?? '').toLowerCase().split(/\s+/);
  const kept = REL_KEPT.filter((token) => rel.includes(token));
  if (safe.external) {
    // SPEC §7 "Logging": external links get rel noopener noreferrer; they also open in a new tab.
    kept.push('noopener', 'noreferrer');
    out.target = '_blank';
  }
  if (kept.length) out.rel = kept.join(' ');
}

function image(out: Attributes, attribs: Attributes) {
  const src = safeUrl(attribs.src ?? '', IMAGE_SCHEMES);
  if (!src) return;
  out.src = src.url;
  const srcset = attribs.srcset ? safeSrcset(attribs.srcset) : null;
  if (srcset) {
    out.srcset = srcset;
    if (attribs.sizes) out.sizes = attribs.sizes;
  }
  size(out, attribs);
  out.loading = 'lazy';
  out.decoding = 'async';
}

function embed(out: Attributes, attribs: Attributes) {
  const src = embedSrc(attribs.src ?? '');
  if (!src) return;
  out.src = src;
  size(out, attribs);
  // Players need scripts and same-origin access, so no sandbox; the policy keeps full paths of our
  // pages away from the video host.
  out.allowfullscreen = '';
  out.loading = 'lazy';
  out.referrerpolicy = 'strict-origin-when-cross-origin';
}

// Attributes set above and only there; the rest pass on to the per-element allow-list.
const CONTROLLED = new Set([
  ...['id', 'name', 'lang', 'dir', 'href', 'rel', 'target', 'src', 'srcset', 'sizes', 'width', 'height'],
  ...['loading', 'decoding', 'allowfullscreen', 'referrerpolicy'],
]);

/**
 * Every element goes through here before the allow-list: checked attributes are rebuilt in a fixed
 * order (so a second pass changes nothing) and the page's own h1 stays the only h1.
 */
function transformTag(tagName: string, attribs: Attributes): sanitize.Tag {
  const out = globalAttributes(attribs, tagName === 'a' ? attribs.name : undefined);
  if (tagName === 'a') link(out, attribs);
  else if (tagName === 'img') image(out, attribs);
  else if (tagName === 'iframe') embed(out, attribs);
  for (const [name, value] of Object.entries(attribs)) {
    if (!CONTROLLED.has(name) && !(name in out)) out[name] = value;
  }
  return { tagName: tagName === 'h1' ? 'h2' : BLOCKS.has(tagName) ? 'div' : tagName, attribs: out };
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    '*': ['id', 'lang', 'dir'],
    a: ['href', 'rel', 'target', 'title'],
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen', 'loading', 'referrerpolicy'],
    abbr: ['title'],
    ol: ['start', 'reversed'],
    li: ['value'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // The one class with a job in content: the language of a code block, for highlighting.
  allowedClasses: { pre: ['language-*'], code: ['language-*'] },
  // The library's own URL checks stay on as a second line behind the ones in ./urls.
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES], iframe: ['https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: EMBED_HOSTS,
  allowIframeRelativeUrls: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: { '*': transformTag },
  // An image or player whose source failed the checks would be an empty box: drop it whole.
  exclusiveFilter: (frame) => (frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src,
};

/**
 * CMS HTML (post content, portfolio descriptions) reduced to an allow-list: text structure,
 * tables, links (http(s), mailto:, tel:, relative, #anchors; external ones get target _blank and
 * rel noopener noreferrer), lazy images (http(s) or relative) and players from allow-listed video
 * hosts. No scripts, styles, event handlers, style attributes or foreign markup survive; h1 becomes
 * h2 and ids get {@link ID_PREFIX}. Pure and DOM-free, so the server runs it on write and pages run
 * it again on render; a second pass returns its input unchanged.
 */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}
