import { beforeAll, describe, expect, it } from 'vitest';
import { priceBreakdown } from '~/contract/tax';
import { formatRupiah } from '~/lib/format/money';
import { extractiveText, groundingOf, sourcesOf } from '~/server/chat/answerer';
import type { TenantIndex } from '~/server/chat/retrieval';
import { dbContentSource } from '~/server/sites/db-source';
import { addAnswerable, addUnanswerable, describeScore, emptyScore, loadQuestionSet } from '../fixtures/chat/evaluate';
import { tenantOf } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';

/*
 * The assistant's retrieval over the demo tenant's seeded content, held to the evaluation set of
 * tests/fixtures/chat (questions written from the seed, each with the page that answers it, and
 * questions about what the tenant does not offer). `npm run bench:chat` prints the same figures
 * end to end over HTTP, with timings.
 */

const set = loadQuestionSet();

describe.each(await dbKinds())('chat retrieval over the demo content on %s', (kind) => {
  const platform = platformFor(kind);
  let index: TenantIndex;

  beforeAll(async () => {
    const chat = platform.deps.chat;
    if (!chat) throw new Error('chat not opened');
    index = await chat.indexes.index(await tenantOf(platform));
  }, 120_000);

  const answer = (question: string) => {
    const retrieval = index.search(question);
    const pages = groundingOf(retrieval);
    const text = pages.length
      ? extractiveText({ question, pages, terms: retrieval.terms, weight: (term) => index.weight(term), now: new Date() })
      : '';
    return { text, sources: sourcesOf(pages), grounded: pages.length > 0 };
  };

  it('has a question set of at least 40 answerable and 10 unanswerable questions', () => {
    expect(set.tenant).toBe('demo');
    expect(set.answerable.length).toBeGreaterThanOrEqual(40);
    expect(set.unanswerable.length).toBeGreaterThanOrEqual(10);
  });

  it('answers at least 90% of the questions from the right page', () => {
    const score = emptyScore();
    for (const question of set.answerable) addAnswerable(score, question, answer(question.q));
    console.info(`[chat retrieval, ${kind}] ${describeScore(score).slice(0, 3).join('\n')}`);
    if (process.env.SHOW_MISSES) console.info(JSON.stringify(score.misses, null, 1));
    expect(score.cited / score.total, JSON.stringify(score.misses, null, 1)).toBeGreaterThanOrEqual(0.9);
  });

  it('says it does not know every question about what the tenant does not offer', () => {
    const score = emptyScore();
    for (const question of set.unanswerable) addUnanswerable(score, question, answer(question.q));
    expect(score.falseAnswers).toEqual([]);
    expect(score.dontKnow).toBe(set.unanswerable.length);
  });

  it('answers a question about the site itself from its own pages', () => {
    const about = answer('Apa itu Nusantara Learning?');
    expect(about.grounded).toBe(true);
    expect(about.text).toContain('Nusantara Learning');
  });

  it("states a class's price exactly as the catalogue holds it, for the class it cites", async () => {
    const source = dbContentSource(platform.deps.db, await tenantOf(platform));
    let checked = 0;
    for (const question of set.answerable.filter((entry) => entry.source.startsWith('/Class/'))) {
      const { text, sources } = answer(question.q);
      const cited = sources[0]?.url.match(/^\/Class\/(.+)$/)?.[1];
      if (!cited) continue;
      const item = await source.getClass(cited);
      expect(item, cited).toBeDefined();
      expect(text).toContain(`Biaya: ${item && item.price > 0 ? formatRupiah(priceBreakdown(item.price, item.tax).total) : 'gratis'}.`);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });
});
