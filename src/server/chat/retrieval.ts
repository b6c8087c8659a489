import MiniSearch, { type SearchResult } from 'minisearch';
import { SYNONYMS } from './lexicon';
import type { Passage, PassageKind } from './passages';
import { indexTerm, isStopWord, standardWords, stem, topicTerms, words } from './text';

/*
 * A tenant's search index over its passages: BM25 (MiniSearch) on Indonesian stems, title and
 * heading weighted above body text. A hit is judged by how much of the question it covers, each
 * question term weighted by how rare it is in the tenant's content: "kelas memasak" matches many
 * pages on "kelas", but "memasak" appears nowhere, so it is not an answer.
 */

export interface PageHit {
  url: string;
  title: string;
  /** The page's passages: those that matched, best first, then the rest of the page in order. */
  passages: Passage[];
  score: number;
  /** Share (0–1) of the question's weight that the page's matching passages contain. */
  coverage: number;
  /** Question terms that appear nowhere in the tenant's content (and so not on this page either). */
  unknown: string[];
  /** Question terms this page has. */
  covered: string[];
  /** Whether the page has the question's most specific term (the rarest one the tenant's content has at all). */
  hasKey: boolean;
}

export interface Retrieval {
  /** The question's topic terms (stems). */
  terms: string[];
  /** Pages, best first. */
  pages: PageHit[];
}

/**
 * Words that say what kind of page is wanted: "kapan kelas Python dimulai" asks for a class page
 * even where a course page says "kelas Python" too, "di podcast" for an episode. Each hint
 * multiplies the score of the pages it names (by kind, or by the address's first segment).
 */
type PageTest = (page: { kind: PassageKind; url: string }) => boolean;
const ofKind =
  (...kinds: PassageKind[]): PageTest =>
  (page) =>
    kinds.includes(page.kind);
const under =
  (...prefixes: string[]): PageTest =>
  (page) =>
    prefixes.some((prefix) => page.url.startsWith(prefix));
const KIND_HINTS: readonly [RegExp, PageTest, number][] = [
  [/^(kelas|jadwal|mulai|dimulai|batch|angkatan|kuota|kursi)$/, ofKind('class'), 1.4],
  [/^(biaya|harga|bayar|tarif|gratis)$/, ofKind('class'), 1.2],
  [/^(kursus|modul|bab|materi)$/, ofKind('course', 'chapter'), 1.4],
  [/^(program|kurikulum|silabus)$/, ofKind('program'), 1.2],
  [/^(berita|kabar)$/, under('/News/', '/Berita/'), 1.5],
  [/^(podcast|episode|eps)$/, under('/Podcasts/'), 1.5],
  [/^(blog|tips)$/, under('/Blog/'), 1.3],
  [/^(artikel)$/, under('/Articles/'), 1.5],
  [/^(acara|event|webinar|workshop|festival)$/, under('/Event/'), 1.3],
  [/^(tulisan|cerita|kisah|surat)$/, under('/Tulisan-Temans/', '/Blog/'), 1.3],
  [/^(faq|syarat|ketentuan|kebijakan|privasi)$/, ofKind('page', 'faq'), 1.2],
];

function kindPrior(question: string): (page: { kind: PassageKind; url: string }) => number {
  const asked = words(question);
  const hints = KIND_HINTS.filter(([pattern]) => asked.some((word) => pattern.test(word)));
  return (page) => hints.reduce((factor, [, test, boost]) => (test(page) ? factor * boost : factor), 1);
}

/**
 * At least this share of the question's weight must be on the best page for it to count as an
 * answer; more (`MIN_COVERAGE_UNKNOWN`) when the question names something the content never
 * mentions ("kelas bahasa Jepang": "kelas" and "bahasa" are there, "Jepang" is not).
 */
export const MIN_COVERAGE = 0.45;
export const MIN_COVERAGE_UNKNOWN = 0.58;
/** …and when the page lacks the question's most specific term (which the content has elsewhere). */
export const MIN_COVERAGE_OFF_KEY = 0.52;

export class TenantIndex {
  readonly #search: MiniSearch<Passage>;
  readonly #passages = new Map<string, Passage>();
  readonly #pages = new Map<string, Passage[]>();
  /** In how many passages each term occurs (for the rarity weight). */
  readonly #frequency = new Map<string, number>();

  /** The site's own name: on every page, so it says nothing about which page is asked for. */
  readonly #siteTerms: ReadonlySet<string>;

  constructor(passages: readonly Passage[], siteTitle = '') {
    this.#siteTerms = new Set(topicTerms(siteTitle));
    this.#search = new MiniSearch<Passage>({
      fields: ['title', 'heading', 'text'],
      storeFields: [],
      tokenize: (text) => words(text),
      processTerm: (term) => indexTerm(term),
      searchOptions: { processTerm: (term) => indexTerm(term) },
    });
    for (const passage of passages) {
      this.#passages.set(passage.id, passage);
      const page = this.#pages.get(passage.url);
      if (page) page.push(passage);
      else this.#pages.set(passage.url, [passage]);
      for (const term of topicTerms(`${passage.title} ${passage.heading} ${passage.text}`)) {
        this.#frequency.set(term, (this.#frequency.get(term) ?? 0) + 1);
      }
    }
    this.#search.addAll(passages);
  }

  /** A term's weight: rare terms say more about what is asked (smoothed inverse passage frequency). */
  weight(term: string): number {
    const seen = this.#frequency.get(term) ?? 0;
    return Math.log(1 + this.#passages.size / (seen + 0.5));
  }

  /** The pages that answer a question best, each with its matching passages. */
  search(question: string, limit = 5): Retrieval {
    // "Apa itu Nusantara Learning?" is about the site itself: its name counts when it is all there is.
    const all = topicTerms(question);
    const topical = all.filter((term) => !this.#siteTerms.has(term));
    const terms = (topical.length ? topical : all).slice(0, 30);
    if (!terms.length) return { terms, pages: [] };
    // Two words the content writes as one ("full stack" → "fullstack", "ui ux" → "uiux") are asked for
    // whole as well, and slang in the site's words ("duit" → "biaya"). Each extra word maps to the
    // question terms it stands for, so finding it covers them.
    const asked = standardWords(question).filter((word) => !isStopWord(word));
    const extra = new Map<string, { word: string; covers: string[] }>();
    const offer = (word: string, covers: string[]) => {
      const term = stem(word);
      if (this.#frequency.has(term) && !terms.includes(term) && !extra.has(term)) extra.set(term, { word, covers });
    };
    for (let i = 0; i + 1 < asked.length; i++) {
      const [first, next] = [asked[i] as string, asked[i + 1] as string];
      offer(first + next, [stem(first), stem(next)]);
    }
    for (const word of asked) for (const alternative of SYNONYMS[word] ?? []) offer(alternative, [stem(word)]);
    // The question itself: MiniSearch cuts and stems it exactly as `topicTerms` did.
    const standard = standardWords(question).join(' ');
    const query = extra.size ? `${standard} ${[...extra.values()].map((entry) => entry.word).join(' ')}` : standard;
    const results: SearchResult[] = this.#search.search(query, {
      boost: { title: 2.5, heading: 1.8, text: 1 },
      prefix: (term) => term.length >= 5,
      fuzzy: (term) => (term.length >= 7 ? 0.15 : false),
      combineWith: 'OR',
    });
    const total = terms.reduce((sum, term) => sum + this.weight(term), 0);
    const pages = new Map<string, Omit<PageHit, 'covered' | 'hasKey'> & { matched: Set<string> }>();
    const key = terms
      .filter((term) => this.#frequency.has(term))
      .reduce<string | undefined>((best, term) => (best === undefined || this.weight(term) > this.weight(best) ? term : best), undefined);
    for (const result of results) {
      const passage = this.#passages.get(String(result.id));
      if (!passage) continue;
      let page = pages.get(passage.url);
      if (!page) {
        page = { url: passage.url, title: passage.title, passages: [], score: result.score, coverage: 0, unknown: [], matched: new Set() };
        pages.set(passage.url, page);
      } else page.score += result.score * 0.1;
      page.passages.push(passage);
      for (const term of result.queryTerms) {
        page.matched.add(term);
        for (const covered of extra.get(term)?.covers ?? []) page.matched.add(covered);
      }
    }
    const prior = kindPrior(question);
    const ranked: PageHit[] = [...pages.values()].map(({ matched, ...page }) => {
      const covered = terms.filter((term) => matched.has(term));
      const kind = page.passages[0]?.kind === 'faq' ? 'page' : (page.passages[0]?.kind ?? 'page');
      return {
        ...page,
        score: page.score * prior({ kind, url: page.url }),
        unknown: terms.filter((term) => !matched.has(term) && !this.#frequency.has(term) && !/^\d+$/.test(term)),
        covered,
        hasKey: key === undefined || matched.has(key),
        coverage: total ? covered.reduce((sum, term) => sum + this.weight(term), 0) / total : 0,
      };
    });
    // Rank by score, scaled by coverage: a page that holds all of the question beats one that repeats part of it.
    ranked.sort((a, b) => b.score * (0.5 + b.coverage) - a.score * (0.5 + a.coverage));
    const best = ranked.slice(0, limit);
    for (const page of best) {
      const matched = new Set(page.passages);
      page.passages = [...page.passages, ...(this.#pages.get(page.url) ?? []).filter((passage) => !matched.has(passage))];
    }
    return { terms, pages: best };
  }
}
