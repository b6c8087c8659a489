import type { Db } from '../db/client';
import type { SiteEventBus } from '../platform/site-events';
import { type Answerer, extractiveAnswerer } from './answerer';
import { ChatIndexes, type ChatIndexSource } from './indexes';

/** What the chat routes need: the tenants' indexes, the answerer, and the stream's pace. */
export interface ChatService {
  indexes: ChatIndexSource;
  answerer: Answerer;
  /** Pause between streamed pieces in ms (`CHAT_STREAM_PACE_MS`; 0 by default). */
  paceMs: number;
  now: () => Date;
  onEnd?: ((end: { messageId: string; status: string; pieces: number }) => void) | undefined;
  close(): void;
}

export interface ChatOptions {
  paceMs?: number | undefined;
  answerer?: Answerer | undefined;
  /** How long an index is trusted without an event (ms). */
  maxAgeMs?: number | undefined;
  onEnd?: ChatService['onEnd'];
}

export function openChat(db: Db, events: SiteEventBus, options: ChatOptions = {}): ChatService {
  const indexes = new ChatIndexes(db, events, options.maxAgeMs);
  return {
    indexes,
    answerer: options.answerer ?? extractiveAnswerer,
    paceMs: options.paceMs ?? 0,
    now: () => new Date(),
    onEnd: options.onEnd,
    close: () => indexes.close(),
  };
}
