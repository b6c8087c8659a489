import { type ChatLine, type ChatMessageState, ChatRequestSchema } from '~/contract/chat';
import { streamChat } from '~/lib/api/chat';
import { ApiRequestError } from '~/lib/api/errors';
import { type ChatTurn, keepEntry } from '~/lib/chat/history';
import { CHAT_BROKEN_OFF, chatFailureText } from '~/lib/chat/messages';
import { withChatIdentity } from './chat-identity';
import {
  $chatConversation,
  $chatHistory,
  $chatNotice,
  $chatOpen,
  $chatStatus,
  $chatStreaming,
  $chatTurns,
  need,
  saveHistory,
  setConversation,
} from './chat-state';

/*
 * The AI chat's asking (SPEC §4 "Chat stream"): a question and the answer streaming into
 * its turn. One answer streams at a time: a new question cancels the running one, and so do stopping,
 * a new conversation or opening another (chat-conversations.ts). The state is chat-state.ts.
 */

let running: { controller: AbortController; key: string } | undefined;
let turnCount = 0;

export function setChatOpen(open: boolean): void {
  $chatOpen.set(open);
}

const turnOf = (key: string) => $chatTurns.get().find((turn) => turn.key === key);
const updateTurn = (next: ChatTurn) => $chatTurns.set($chatTurns.get().map((turn) => (turn.key === next.key ? next : turn)));

/** Keeps the turn's answer in the history: added the first time it has ids, its text updated after (`keepEntry`). */
function keepTurn(turn: ChatTurn): void {
  const conversation = $chatConversation.get();
  if (!turn.messageId || !conversation) return;
  const entry = {
    conversation_id: conversation,
    message_id: turn.messageId,
    user_message: turn.query,
    bot_message: turn.answer,
    created_at: new Date(need().now?.() ?? Date.now()).toISOString(),
  };
  saveHistory(keepEntry($chatHistory.get(), entry));
}

const ENDINGS: Record<Exclude<ChatMessageState, 'streaming'>, (answer: string) => string> = {
  // The answer itself: the log announces only added turns (aria-relevant="additions"), not text
  // that grows inside one, so a screen reader hears the answer once, whole, from here.
  complete: (answer) => `Jawaban selesai: ${answer}`,
  stopped: () => 'Jawaban dihentikan.',
  error: () => 'Jawaban tidak selesai.',
};

/** Ends a turn: its state and notice, the history's copy of the text, and the announcement. */
function finish(key: string, state: Exclude<ChatMessageState, 'streaming'>, notice?: string): void {
  const turn = turnOf(key);
  if (turn?.state !== 'streaming') return;
  const ended = { ...turn, state, notice };
  updateTurn(ended);
  keepTurn(ended);
  $chatStatus.set(ENDINGS[state](ended.answer));
}

/** The ids the answer's response names before its first line: a question stopped before any line is still in its conversation. */
function takeIds(key: string, ids: { conversationId: string; messageId: string }): void {
  const turn = turnOf(key);
  if (turn?.state !== 'streaming' || turn.messageId) return;
  updateTurn({ ...turn, messageId: ids.messageId });
  if ($chatConversation.get() !== ids.conversationId) setConversation(ids.conversationId);
}

const inHistory = (messageId: string | undefined) => $chatHistory.get().some((entry) => entry.message_id === messageId);

/** One streamed line into its turn (SPEC §4): the text appended; the first line with ids names the conversation and is saved once. */
function takeLine(key: string, line: ChatLine): void {
  const turn = turnOf(key);
  if (turn?.state !== 'streaming') return;
  const named = !inHistory(turn.messageId ?? line.message_id);
  const next: ChatTurn = { ...turn, messageId: turn.messageId ?? line.message_id, answer: turn.answer + line.text };
  if (line.done) {
    next.sources = line.sources ?? [];
    next.grounded = line.grounded !== false;
  }
  updateTurn(next);
  if (line.id && $chatConversation.get() !== line.id) setConversation(line.id);
  if (named) keepTurn(next);
  if (line.error) {
    console.error('Jawaban chat terputus di server:', line.error);
    finish(key, 'error', CHAT_BROKEN_OFF);
  } else if (line.done) finish(key, 'complete');
}

/** Said when a question's conversation is gone and the question starts a new one. */
export const CONVERSATION_GONE = 'Percakapan sebelumnya tidak lagi tersedia; pertanyaan ini memulai percakapan baru.';

/** Stops the answer streaming now, keeping what came (SPEC §4); silent, as an abort is (SPEC §8). */
export function stopChat(): void {
  if (!running) return;
  const { controller, key } = running;
  running = undefined;
  $chatStreaming.set(false);
  controller.abort();
  finish(key, 'stopped');
}

/**
 * Asks `text` in the conversation on show (a new one when none is) and streams the answer into a new
 * turn. A running answer is cancelled first. Failures end the turn with a notice; nothing throws.
 */
export async function sendChat(text: string): Promise<void> {
  const current = need();
  const query = text.trim();
  if (!query) return;
  stopChat();
  const controller = new AbortController();
  const key = `tanya-${++turnCount}`;
  running = { controller, key };
  $chatStreaming.set(true);
  $chatNotice.set(undefined);
  $chatTurns.set([...$chatTurns.get(), { key, query, answer: '', sources: [], grounded: true, state: 'streaming' }]);
  let answered = false;
  const attempt = () =>
    withChatIdentity(current, (identity) => {
      const conversation = $chatConversation.get();
      const request = ChatRequestSchema.safeParse({
        workspace_id: current.workspace || identity.user.workspace_id,
        query,
        ...(conversation && { conversation_id: conversation }),
      });
      if (!request.success) throw new ApiRequestError(400, request.error.issues[0]?.message ?? 'Pertanyaan tidak valid');
      return streamChat(current.client, identity.token, request.data, {
        signal: controller.signal,
        onOpen(ids) {
          if (!controller.signal.aborted) takeIds(key, ids);
        },
        onLine(line) {
          if (controller.signal.aborted) return;
          answered = true;
          takeLine(key, line);
        },
      });
    });
  try {
    const askedIn = $chatConversation.get();
    try {
      await attempt();
    } catch (error) {
      // The conversation is gone (deleted elsewhere, or not this identity's any more): the question starts a new one.
      if (!(askedIn && error instanceof ApiRequestError && error.statusCode === 404) || controller.signal.aborted) throw error;
      setConversation(undefined);
      $chatTurns.set($chatTurns.get().filter((turn) => turn.key === key));
      $chatNotice.set(CONVERSATION_GONE);
      await attempt();
    }
    if (turnOf(key)?.state === 'streaming') {
      console.error('Jawaban chat berakhir tanpa baris penutup (done)');
      finish(key, 'error', CHAT_BROKEN_OFF);
    }
  } catch (error) {
    // Stopped by the visitor, a newer question or another conversation: no error to show (SPEC §8).
    if (controller.signal.aborted) return;
    const notice = chatFailureText(error, answered);
    if (notice === CHAT_BROKEN_OFF) console.error('Jawaban chat terputus:', error);
    finish(key, 'error', notice);
  } finally {
    if (running?.key === key) {
      running = undefined;
      $chatStreaming.set(false);
    }
  }
}
