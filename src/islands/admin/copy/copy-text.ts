import { parse, stringify, YAMLError } from 'yaml';

/*
 * A copy value as the editor shows it, and back. A page (`page:<route>`) is its front matter, shown as
 * YAML as in the tenant's `.md` files, and its Markdown body, each in its own textarea; `site` and
 * `home` are data only (YAML). Reading the YAML back gives the same object, so a page whose front
 * matter was not touched is stored as it was.
 */

/** What the editor holds for one key: the front matter (or the whole value) as YAML, and the body when the value has one. */
export interface CopyText {
  data: string;
  body?: string | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Keys in the order people write them (names and headings before text, links last, a page's title
 * first): the database keeps objects without their order, and YAML reads best in this one.
 */
const KEY_ORDER = [
  ...['type', 'title', 'name', 'question', 'description', 'tagline', 'summary', 'voice', 'eyebrow', 'heading', 'lead', 'text'],
  ...['answer', 'quote', 'author', 'role', 'label', 'value', 'counter', 'network', 'url', 'href', 'post', 'tag', 'icon'],
  ...['class', 'price', 'period', 'features', 'highlighted', 'hero', 'highlights', 'stats', 'programs', 'steps', 'testimonials'],
  ...['partners', 'plans', 'items', 'blocks', 'cta', 'secondaryCta', 'contact', 'email', 'phone', 'whatsapp', 'address', 'socials'],
];
const rank = (key: string) => {
  const index = KEY_ORDER.indexOf(key);
  return index === -1 ? KEY_ORDER.length : index;
};

/** The value with every object's keys in `KEY_ORDER` (others after, by name); the same data. */
function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (!isRecord(value)) return value;
  const keys = Object.keys(value).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return Object.fromEntries(keys.map((key) => [key, ordered(value[key])]));
}

const yaml = (value: unknown) => stringify(ordered(value), { lineWidth: 0 });

/** Whether a stored value is a page: front matter plus a Markdown body. */
export const isPageValue = (value: unknown): value is { data: unknown; body: string } =>
  isRecord(value) && typeof value.body === 'string' && 'data' in value;

export function textOf(value: unknown): CopyText {
  return isPageValue(value) ? { data: yaml(value.data), body: value.body } : { data: yaml(value) };
}

/** The value to send, or the message of the YAML that does not read (with its line). */
export function copyValueOf(text: CopyText): { value: unknown } | { error: string } {
  let data: unknown;
  try {
    data = parse(text.data);
  } catch (error) {
    if (!(error instanceof YAMLError)) throw error;
    const line = error.linePos?.[0].line;
    return { error: `YAML tidak terbaca${line ? ` di baris ${line}` : ''}: ${error.message.split('\n')[0]}` };
  }
  if (!isRecord(data)) return { error: 'Isinya harus daftar kunci dan nilai (mis. "title: Tentang kami").' };
  return { value: text.body === undefined ? data : { data, body: text.body } };
}

/** Whether the text holds what was loaded (no unsaved change). */
export const sameText = (a: CopyText, b: CopyText): boolean => a.data === b.data && a.body === b.body;
