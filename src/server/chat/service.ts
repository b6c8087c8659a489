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

/** `CHAT_STREAM_PACE_MS`: a whole number of ms, at most 2000; anything else is refused at start. */
export function chatPaceFromEnv(env: Record<string, string | undefined>): number {
  const raw = env.CHAT_STREAM_PACE_MS?.trim();
  if (!raw) return 0;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) > 2000) throw new Error(`CHAT_STREAM_PACE_MS harus 0–2000 (ms), bukan "${raw}"`);
  return Number(raw);
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
