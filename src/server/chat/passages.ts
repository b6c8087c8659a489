import type { ClassSummary } from '~/contract/classes';
import type { Section } from './text';

/*
 * A passage: a piece of a tenant's page the assistant searches and quotes, with the page it sits on.
 * documents.ts and page-passages.ts cut the content into them.
 */

export type PassageKind = 'class' | 'program' | 'course' | 'chapter' | 'post' | 'page' | 'faq';

export interface Passage {
  /** Unique within the tenant's index. */
  id: string;
  kind: PassageKind;
  /** The page's address on the tenant's site and its title: the answer's source. */
  url: string;
  title: string;
  /** The heading the passage sits under on that page ('' for the page's opening). */
  heading: string;
  text: string;
  /** For a class: what its facts are made of (dates, price, state), read when the answer is composed. */
  class?: ClassSummary | undefined;
  /** Facts written from the catalogue's fields (found by search, never quoted: the answer states them afresh). */
  facts?: boolean | undefined;
}

/** Longest passage, in characters: a long section is cut at sentence ends into several. */
const PASSAGE_MAX = 1200;

function cut(text: string): string[] {
  if (text.length <= PASSAGE_MAX) return [text];
  const parts: string[] = [];
  let current = '';
  for (const sentence of text.split(/(?<=[.!?…])\s+/)) {
    if (current && current.length + sentence.length > PASSAGE_MAX) {
      parts.push(current);
      current = '';
    }
    current = current ? `${current} ${sentence}` : sentence;
  }
  if (current) parts.push(current);
  return parts;
}

export class Passages {
  readonly all: Passage[] = [];
  add(base: Omit<Passage, 'id' | 'heading' | 'text'>, sections: Section[]) {
    for (const section of sections) {
      for (const text of cut(section.text)) {
        if (!text && !section.heading) continue;
        this.all.push({ ...base, id: `${base.url}#${this.all.length}`, heading: section.heading, text: text || section.heading });
      }
    }
  }
}

export const list = (label: string, items: readonly string[]) => (items.length ? `${label}: ${items.join('; ')}.` : '');
export const joined = (...parts: string[]) => parts.filter(Boolean).join(' ');
