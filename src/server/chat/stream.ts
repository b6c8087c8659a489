import type { ChatLine, ChatSource } from '~/contract/chat';
import type { Db } from '../db/client';
import { type Answerer, DONT_KNOW, groundingOf, pieces, sourcesOf } from './answerer';
import { finishMessage, type OpenedMessage, recentMessages } from './conversations';
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

/**
 * What the pages say about a question. A short question in a conversation ("Kalau biayanya berapa?",
 * two topic words or fewer) is a follow-up: it is read together with the last question that was
 * answered, and alone only if that finds nothing. A longer question is read alone first.
 */
export async function retrieveFor(
  db: Db,
  index: TenantIndex,
  query: string,
  conversationId?: string | null,
): Promise<{ retrieval: Retrieval; pages: PageHit[] }> {
  const alone = () => {
    const retrieval = index.search(query);
    return { retrieval, pages: groundingOf(retrieval) };
  };
  if (!conversationId) return alone();
  const earlier = (await recentMessages(db, conversationId, 3)).filter((message) => message.grounded).at(-1);
  if (!earlier) return alone();
  const together = () => {
    const retrieval = index.search(`${earlier.query} ${query}`);
    return { retrieval, pages: groundingOf(retrieval) };
  };
  const followUp = topicTerms(query).length <= 2;
  const first = followUp ? together() : alone();
  if (first.pages.length) return first;
  const second = followUp ? alone() : together();
  return second.pages.length ? second : first;
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
  input: { opened: OpenedMessage; query: string; index: TenantIndex; retrieval: Retrieval; pages: PageHit[] },
  requestSignal: AbortSignal,
): ReadableStream<Uint8Array> {
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  requestSignal.addEventListener('abort', onAbort, { once: true });
  const { conversationId: id, messageId } = input.opened;
  const line = (fields: Omit<ChatLine, 'id' | 'message_id'>) =>
    encoder.encode(`${JSON.stringify({ id, message_id: messageId, ...fields })}\n`);

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const grounded = input.pages.length > 0;
      const sources: ChatSource[] = grounded ? sourcesOf(input.pages) : [];
      let answer = '';
      let sent = 0;
      let status: 'complete' | 'stopped' | 'error' = 'complete';
      try {
        const parts: AsyncIterable<string> | string[] = grounded
          ? options.answerer.answer(
              {
                question: input.query,
                pages: input.pages,
                terms: input.retrieval.terms,
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
