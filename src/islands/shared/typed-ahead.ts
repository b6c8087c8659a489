/** Controls whose typed text is kept (checkboxes and selects follow the island's own state). */
const TEXT_TYPES = new Set(['text', 'email', 'tel', 'date', 'password', 'search', 'url', 'number']);

/**
 * `initial` with what the visitor typed into the server-rendered form (`form[aria-label=label]`)
 * before the island hydrated: React sets a controlled input back to its state when it hydrates, so
 * an e-mail typed in the first second would be wiped. Call it in the state initialiser: the
 * hydrating render runs before React touches the page. On the server it is `initial` as it is.
 */
export function typedAhead<T extends Record<string, string | boolean>>(label: string, initial: T): T {
  if (typeof document === 'undefined') return initial;
  const form = [...document.querySelectorAll('form')].find((candidate) => candidate.getAttribute('aria-label') === label);
  if (!form) return initial;
  const values: Record<string, string | boolean> = { ...initial };
  for (const [name, value] of Object.entries(initial)) {
    if (typeof value !== 'string') continue;
    const field = form.elements.namedItem(name);
    const typed =
      field instanceof RadioNodeList || field instanceof HTMLTextAreaElement
        ? field.value
        : field instanceof HTMLInputElement && TEXT_TYPES.has(field.type)
          ? field.value
          : '';
    if (typed) values[name] = typed;
  }
  return values as T;
}
