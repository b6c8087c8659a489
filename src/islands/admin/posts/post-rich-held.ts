/*
 * What the post editor can hold of a stored text, told before the (lazily loaded) editor runs: kept
 * apart from the editor's nodes so that the form's own chunk carries no Tiptap.
 */

/** Elements the editor holds (StarterKit, images, `post-rich-nodes.ts`) or unwraps without loss (div, span). */
const HELD = new Set(
  [
    ...['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'br', 'hr', 'blockquote', 'pre', 'code', 'div', 'span'],
    ...['strong', 'b', 'em', 'i', 'u', 's', 'del', 'strike', 'ul', 'ol', 'li', 'a', 'img'],
    ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'iframe'],
  ].map((tag) => tag.toUpperCase()),
);

/** The elements of `html` the editor would lose once the text is changed (`figure`, `sup`, …), each named once. */
export function unheldElements(html: string): string[] {
  if (!html || typeof DOMParser === 'undefined') return [];
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const lost = new Set<string>();
  for (const element of body.querySelectorAll('*')) if (!HELD.has(element.tagName)) lost.add(element.tagName.toLowerCase());
  return [...lost];
}
