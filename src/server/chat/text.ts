import { stemmer } from '@orama/stemmers/indonesian';
import { stopwords } from '@orama/stopwords/indonesian';
import { QUESTION_WORDS, SLANG, STEM_EXCEPTIONS } from './lexicon';

const STOP = new Set([...stopwords, ...QUESTION_WORDS]);

/*
 * Indonesian text for retrieval: words, stop words and stems (Orama's Indonesian Snowball stemmer
 * and stop-word list), and HTML turned into plain text cut at its headings. The index and the
 * questions go through the same functions, so "pendaftaran" finds "mendaftar" (both "daftar").
 */

/**
 * Lower-case words and numbers of a text (letters with their accents removed; "2.500.000" stays one
 * number). A hyphenated word also counts whole: "Full-Stack" is "full", "stack" and "fullstack".
 */
export function words(text: string): string[] {
  const flat = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    // Thousands separators inside numbers: 2.500.000 → 2500000.
    .replace(/(\d)[.,](?=\d{3}\b)/g, '$1');
  const compounds = [...flat.matchAll(/\p{L}+(?:-\p{L}+)+/gu)].map((match) => match[0].replace(/-/g, ''));
  return [...flat.split(/[^\p{L}\p{N}]+/u), ...compounds].filter((word) => word.length > 1 || /\d/.test(word));
}

const stems = new Map<string, string>();
/** A word's stem (cached: the same words come back in every question). */
export function stem(word: string): string {
  let found = stems.get(word);
  if (found === undefined) {
    found = STEM_EXCEPTIONS[word] ?? (/\d/.test(word) || word.length < 4 ? word : stemmer(word) || word);
    if (stems.size > 50_000) stems.clear();
    stems.set(word, found);
  }
  return found;
}

export const isStopWord = (word: string) => STOP.has(word);

/** A word as the index keeps it: its stem, or null for a stop word. */
export function indexTerm(word: string): string | null {
  const lower = word.toLowerCase();
  return STOP.has(lower) ? null : stem(lower);
}

/** A question's words with chat forms put in standard Indonesian ("bikin" → "buat"). */
export function standardWords(text: string): string[] {
  return words(text).flatMap((word) => {
    const standard = SLANG[word] ?? SLANG[word.replace(/(nya|in)$/, '')];
    return standard ? words(standard) : [word];
  });
}

/** The topic terms of a text: stems of its words that are not stop words, each once, in order. */
export function topicTerms(text: string): string[] {
  return [...new Set(standardWords(text).flatMap((word) => (STOP.has(word) ? [] : [stem(word)])))];
}

/* ---------- HTML to text ---------- */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
};

/** Decodes the entities sanitised HTML uses. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Plain text of an HTML fragment: block ends become sentence breaks, tags go, entities are decoded, spaces collapse. */
export function htmlText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<\/(p|li|h[1-6]|blockquote|pre|tr|div|dd|dt|figcaption)>|<br\s*\/?>/gi, '\n')
      .replace(/<[^>]+>/g, ' '),
  )
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((line) => (/[.!?:;…]$/.test(line) ? line : `${line}.`))
    .join(' ');
}

export interface Section {
  /** The heading the text sits under; '' for what comes before the first heading. */
  heading: string;
  text: string;
}

/** An HTML fragment cut at its h2–h4 headings into sections of plain text. */
export function htmlSections(html: string): Section[] {
  const sections: Section[] = [];
  const pattern = /<h([2-4])[^>]*>([\s\S]*?)<\/h\1>/gi;
  let heading = '';
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    sections.push({ heading, text: htmlText(html.slice(last, match.index)) });
    heading = htmlText(match[2] ?? '').replace(/\.$/, '');
    last = (match.index ?? 0) + match[0].length;
  }
  sections.push({ heading, text: htmlText(html.slice(last)) });
  return sections.filter((section) => section.text || section.heading);
}

/** Markdown cut at its `##`–`####` headings into sections of plain text (light: links keep their words). */
export function markdownSections(markdown: string): Section[] {
  const sections: Section[] = [];
  let heading = '';
  let lines: string[] = [];
  const flush = () => {
    const text = lines
      .map((line) =>
        line
          .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
          .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
          .replace(/[*_`>#]+/g, '')
          .replace(/^\s*[-+]\s+/, '')
          .trim(),
      )
      .filter(Boolean)
      .map((line) => (/[.!?:;…]$/.test(line) ? line : `${line}.`))
      .join(' ');
    if (text || heading) sections.push({ heading, text });
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    const match = /^#{2,4}\s+(.*)$/.exec(line);
    if (match) {
      flush();
      heading = (match[1] ?? '').trim();
    } else lines.push(line);
  }
  flush();
  return sections;
}

/** A text's sentences (split after . ! ? followed by a space and a capital or a digit). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+(?=[\p{Lu}\d"“(])/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 1);
}
