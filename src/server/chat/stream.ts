import type { ChatLine, ChatSource } from '~/contract/chat';
import type { Db } from '../db/client';
import { type Answerer, DONT_KNOW, groundingOf, pieces, sourcesOf } from './answerer';
import { finishMessage, lastAnsweredSearch, type OpenedMessage } from './conversations';
import type { PageHit, Retrieval, TenantIndex } from './retrieval';
import { topicTerms } from './text';

/*
 * One answer, streamed as newline-delimited JSON (SPEC §4 "Chat stream"): every line carries the
 * conversation id (`id`), the message id and the next piece of text; the last line has `done`, the
 * sources and `grounded`. Each line is written as soon as it is composed. When the asker goes away
 * (the request aborts or the body is cancelled) composing stops at once and the message keeps what
 * was sent, marked `stopped`; a failure midway ends the stream with an `error` line and `error`.
 */

export interface StreamOptions {
  db: Db;
  answerer: Answerer;
  /** Pause between pieces (ms): 0 in production; tests and the browser tests slow answers to stop them. */
  paceMs: number;
  now: () => Date;
  /** Told when a stream ends (state and pieces sent): for tests and logs. */
  onEnd?: ((end: { messageId: string; status: string; pieces: number }) => void) | undefined;
}

export interface Found {
  retrieval: Retrieval;
  /** The pages to answer from; empty: "don't know". */
  pages: PageHit[];
  /** What was searched: the question, or it with the earlier one (stored, the next follow-up's context). */
  searched: string;
}

/**
 * What the pages say about a question. In a conversation, a short question ("Kalau biayanya
 * berapa?", two topic words or fewer) is a follow-up: it is searched together with what the last
 * answered question searched, and that counts only if the page found has the follow-up's own most
 * specific word ("Ada beasiswa?" after a class is about scholarships, not the class). Otherwise, or
 * when that finds nothing, the question is searched alone.
 */
export async function retrieveFor(db: Db, index: TenantIndex, query: string, conversationId?: string | null): Promise<Found> {
  const search = (text: string): Found => {
    const retrieval = index.search(text);
    return { retrieval, pages: groundingOf(retrieval), searched: text };
  };
  const alone = search(query);
  if (!conversationId || topicTerms(query).length > 2) return alone;
  const earlier = await lastAnsweredSearch(db, conversationId);
  if (!earlier) return alone;
  // The earlier search's tail: a chain of follow-ups never grows the context without end.
  const together = search(`${earlier.slice(-500)} ${query}`);
  const key = alone.retrieval.terms.reduce<string | undefined>(
    (best, term) => (best === undefined || index.weight(term) > index.weight(best) ? term : best),
    undefined,
  );
  const best = together.pages[0];
  if (best && (key === undefined || best.covered.includes(key))) return together;
  return alone;
}

const encoder = new TextEncoder();
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** The NDJSON body of one answer; `requestSignal` is the request's (aborted when the client goes away). */
export function answerStream(
  options: StreamOptions,
  input: { opened: OpenedMessage; query: string; index: TenantIndex; found: Found },
  requestSignal: AbortSignal,
): ReadableStream<Uint8Array> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  // Gone already (while the question was being stored): nothing is composed.
  if (requestSignal.aborted) stop.abort();
  else requestSignal.addEventListener('abort', onAbort, { once: true });
  const { conversationId: id, messageId } = input.opened;
  const line = (fields: Omit<ChatLine, 'id' | 'message_id'>) =>
    encoder.encode(`${JSON.stringify({ id, message_id: messageId, ...fields })}\n`);

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const grounded = input.found.pages.length > 0;
      const sources: ChatSource[] = grounded ? sourcesOf(input.found.pages) : [];
      let answer = '';
      let sent = 0;
      let status: 'complete' | 'stopped' | 'error' = 'complete';
      try {
        const parts: AsyncIterable<string> | string[] = grounded
          ? options.answerer.answer(
              {
                question: input.query,
                pages: input.found.pages,
                terms: input.found.retrieval.terms,
                weight: (term) => input.index.weight(term),
                now: options.now(),
              },
              stop.signal,
            )
          : pieces(DONT_KNOW);
        for await (const part of parts) {
          if (stop.signal.aborted) break;
          answer += part;
          controller.enqueue(line({ text: part }));
          sent += 1;
          if (options.paceMs > 0) await sleep(options.paceMs, stop.signal);
        }
        if (stop.signal.aborted) status = 'stopped';
        else controller.enqueue(line({ text: '', done: true, sources, grounded }));
      } catch (error) {
        if (stop.signal.aborted) status = 'stopped';
        else {
          status = 'error';
          console.error(`[chat] jawaban ${messageId} terputus:`, error);
          try {
            controller.enqueue(
              line({ text: '', done: true, sources, grounded, error: 'Jawaban terputus karena gangguan; silakan coba lagi.' }),
            );
          } catch {
            // The client is gone as well.
          }
        }
      } finally {
        requestSignal.removeEventListener('abort', onAbort);
        await finishMessage(options.db, messageId, { answer, sources, grounded, status }).catch((error: unknown) =>
          console.error(`[chat] pesan ${messageId} tidak tersimpan:`, error),
        );
        options.onEnd?.({ messageId, status, pieces: sent });
        try {
          controller.close();
        } catch {
          // Already cancelled by the client.
        }
      }
    },
    cancel() {
      stop.abort();
    },
  });
}
