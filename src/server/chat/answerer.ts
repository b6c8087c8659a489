import { CHAT_COPY, type ChatSource } from '~/contract/chat';
import { CLASS_LEVEL_LABELS, CLASS_TYPE_LABELS } from '~/contract/classes';
import { priceBreakdown, taxNote } from '~/contract/tax';
import { classBadge } from '~/lib/catalogue/class-card';
import { formatDate, formatDateRange } from '~/lib/format/dates';
import { formatRupiah } from '~/lib/format/money';
import type { Passage } from './passages';
import { MIN_COVERAGE, MIN_COVERAGE_OFF_KEY, MIN_COVERAGE_UNKNOWN, type PageHit, type Retrieval } from './retrieval';
import { sentences, topicTerms } from './text';

/*
 * Who writes the answer. Retrieval and the decision whether the tenant's pages answer at all are
 * shared (`groundingOf`); an answerer only words an answer from the pages it is given and must cite
 * them. The embedded one is extractive: the sentences of those pages that answer, and a class's
 * dates, price and badge as the catalogue holds them. A language-model provider can implement the
 * same interface later (its URL and key per tenant) and keep the same retrieval and citations.
 */

export interface AnswerInput {
  question: string;
  /** The pages to answer from (at least one), best first, with the question's weighted terms. */
  pages: PageHit[];
  weight: (term: string) => number;
  terms: string[];
  now: Date;
}

export interface Answerer {
  /** Recorded with each message (`extractive`, or the provider's name). */
  readonly name: string;
  /** The answer in pieces, as they are written; stops early when `signal` aborts. */
  answer(input: AnswerInput, signal: AbortSignal): AsyncIterable<string>;
}

/** The pages an answer may use: the best page if it covers enough of the question, and a close second. */
export function groundingOf(retrieval: Retrieval): PageHit[] {
  const [best, second] = retrieval.pages;
  if (!best || best.coverage < minimumCoverage(best)) return [];
  const used = [best];
  if (second && second.coverage >= Math.max(MIN_COVERAGE, best.coverage - 0.05) && second.score >= best.score * 0.8) used.push(second);
  return used;
}

/**
 * How much of the question a page must cover to answer it: more when the question names something
 * the content never mentions, or something the content has elsewhere but not on this page ("harga
 * kelas Java" is not answered by the price list because it says "kelas" and "harga").
 */
function minimumCoverage(page: PageHit): number {
  if (page.unknown.length) return MIN_COVERAGE_UNKNOWN;
  if (!page.hasKey) return MIN_COVERAGE_OFF_KEY;
  return MIN_COVERAGE;
}

export const sourcesOf = (pages: readonly PageHit[]): ChatSource[] => pages.map((page) => ({ title: page.title, url: page.url }));

/** The reply when the pages hold no answer: said plainly, with where to ask a person. */
export const DONT_KNOW = CHAT_COPY.dontKnow;

/** A class's facts as its page shows them: badge now, dates, registration, place, price. */
function classFactLines(item: NonNullable<Passage['class']>, now: Date): string[] {
  const badge = classBadge(item, now).label;
  const lines = [
    `Kelas ${item.name} (${item.code}): ${badge}.`,
    `Jenis: ${CLASS_TYPE_LABELS[item.type]}, tingkat ${CLASS_LEVEL_LABELS[item.level]}.`,
  ];
  if (item.alwaysOpen) lines.push('Jadwal: bisa mulai kapan saja, pendaftaran selalu dibuka.');
  else {
    const { startsAt, endsAt, registrationOpensAt: opens, registrationClosesAt: closes } = item;
    const when = startsAt ? (endsAt ? formatDateRange(startsAt, endsAt) : `mulai ${formatDate(startsAt)}`) : 'belum diumumkan';
    lines.push(`Jadwal: ${when}${item.schedule ? ` (${item.schedule})` : ''}.`);
    if (opens && closes) lines.push(`Pendaftaran: ${formatDate(opens)} sampai ${formatDate(closes)}.`);
    else if (closes) lines.push(`Pendaftaran ditutup ${formatDate(closes)}.`);
  }
  lines.push(`Tempat: ${item.isOnline ? 'daring (online)' : [item.place, item.heldCity?.name].filter(Boolean).join(', ')}.`);
  // What the learner pays, under the tenant's PPN rule, as every page says it.
  lines.push(
    item.price > 0 ? `Biaya: ${formatRupiah(priceBreakdown(item.price, item.tax).total)}. ${taxNote(item.tax)}` : 'Biaya: gratis.',
  );
  if (item.mentors.length) lines.push(`Mentor: ${item.mentors.map((mentor) => mentor.name).join(', ')}.`);
  return lines;
}

/**
 * The sentences of a page that carry most of the question, in reading order. A question term counts
 * for more the rarer it is in the tenant's content, and the fewer of the page's sentences say it:
 * on the Jakarta page every sentence says "Jakarta", only one says "Sabtu", which is what was asked.
 */
function answeringSentences(page: PageHit, input: AnswerInput, count: number): string[] {
  const wanted = new Set(input.terms);
  const all: { text: string; terms: string[]; heading: string[]; faq: boolean; order: number }[] = [];
  const seen = new Set<string>();
  page.passages.forEach((passage, rank) => {
    if (passage.facts) return;
    const heading = topicTerms(passage.heading).filter((term) => wanted.has(term));
    sentences(passage.text).forEach((text, index) => {
      if (seen.has(text)) return;
      seen.add(text);
      all.push({
        text,
        terms: topicTerms(text).filter((term) => wanted.has(term)),
        heading,
        faq: passage.kind === 'faq',
        order: rank * 1000 + index,
      });
    });
  });
  const onPage = new Map<string, number>();
  for (const sentence of all)
    for (const term of new Set([...sentence.terms, ...sentence.heading])) onPage.set(term, (onPage.get(term) ?? 0) + 1);
  // Words of the page's title found the page; what else the question says is what a sentence must answer.
  const named = new Set(topicTerms(page.title));
  const worth = (terms: string[]) =>
    terms.reduce((sum, term) => sum + (input.weight(term) * (named.has(term) ? 0.25 : 1)) / Math.sqrt(onPage.get(term) ?? 1), 0);
  const scored = all.map((sentence) => {
    // A question-and-answer passage whose question matches is answered by its whole answer.
    const headingScore = worth(sentence.heading) * (sentence.faq ? 1 : 0.3);
    return { ...sentence, score: worth(sentence.terms) + headingScore - sentence.order * 0.00001 };
  });
  const chosen = scored
    .filter((sentence) => sentence.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, count);
  // Nothing in the text names a question term (the title matched): the page's opening.
  const picked = chosen.length ? chosen : scored.slice(0, Math.min(2, count));
  return picked.sort((a, b) => a.order - b.order).map((sentence) => sentence.text);
}

/** The whole extractive answer as text (lines separated by newlines). */
export function extractiveText(input: AnswerInput): string {
  const parts: string[] = [];
  input.pages.forEach((page, index) => {
    const item = page.passages.find((passage) => passage.class)?.class;
    const lines = item ? classFactLines(item, input.now) : [];
    const lead = index === 0 ? `Menurut halaman “${page.title}”:` : `Halaman “${page.title}” juga menyebutkan:`;
    const body = answeringSentences(page, input, index === 0 ? (item ? 2 : 4) : 2);
    parts.push([item ? '' : lead, ...lines, body.join(' ')].filter(Boolean).join('\n'));
  });
  return parts.join('\n\n');
}

/** Text cut into the pieces a stream sends: a few words each, at word ends, whitespace kept. */
export function pieces(text: string, size = 24): string[] {
  const out: string[] = [];
  let current = '';
  // Words and the spaces between them alternate; a piece ends after a word once it is long enough.
  for (const token of text.split(/(\s+)/)) {
    current += token;
    const isWord = token.trim() !== '';
    if (isWord && current.length >= size) {
      out.push(current);
      current = '';
    }
  }
  if (current) out.push(current);
  return out;
}

/** The embedded answerer: extractive, from the tenant's own pages. */
export const extractiveAnswerer: Answerer = {
  name: 'extractive',
  async *answer(input, signal) {
    for (const piece of pieces(extractiveText(input))) {
      if (signal.aborted) return;
      yield piece;
    }
  },
};
