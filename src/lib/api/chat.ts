import {
  CHAT_HEADERS,
  type ChatLine,
  ChatLineSchema,
  type ChatLogin,
  ChatLoginResponseSchema,
  type ChatLoginResult,
  ChatMeResponseSchema,
  type ChatRequest,
  type ChatUser,
  ConversationDeletedResponseSchema,
  type ConversationMessages,
  ConversationMessagesResponseSchema,
  NDJSON,
  RESPONSE_STREAM_ERROR,
} from '~/contract/chat';
import { HEADERS } from '~/contract/constants';
import { type ApiClient, credentialHeaders, type RequestOptions } from './client';
import { type ApiRequestError, normalizeError } from './errors';
import { ndjsonLines } from './ndjson';

/*
 * The AI chat (SPEC §7 "Chat"), on the `ai` base. Identity login carries the main services' headers
 * (app token, lms id, the site's sign-in); every other call carries only the chat's own token, which
 * the chat service issued. The streamed answer is read with plain `fetch`: no JSON client streams.
 */

const bearer = (token: string) => ({ [HEADERS.authorization]: `Bearer ${token}` });

/** How long an answer may stream before the browser gives up on it (a slow answer is still well within it). */
export const CHAT_STREAM_TIMEOUT_MS = 180_000;

/**
 * POST v1/identity/login: a chat token for this browser. With the site's sign-in held by the client
 * the identity is the account's, else a guest of this browser. Any 2xx is a success (SPEC §4).
 */
export async function identityLogin(client: ApiClient, body: ChatLogin = {}, options?: RequestOptions): Promise<ChatLoginResult> {
  // The tenant and the account come from the same headers as on the main services' calls.
  const headers = credentialHeaders('main', { ...client.credentials(), ...options?.credentials });
  return (await client.call('ai', 'v1/identity/login', ChatLoginResponseSchema, { ...options, method: 'POST', body, headers })).data;
}

/** GET v1/identity/me: who the chat token belongs to; 401 when the token is unknown or expired. */
export async function identityMe(client: ApiClient, token: string, options?: RequestOptions): Promise<ChatUser> {
  return (await client.call('ai', 'v1/identity/me', ChatMeResponseSchema, { ...options, headers: bearer(token) })).data;
}

/** GET v1/conversations/{id}/messages: one page of a conversation, oldest first; 404 when it is not this identity's. */
export async function chatMessages(
  client: ApiClient,
  token: string,
  id: string,
  query: { page?: number; perPage?: number } = {},
  options?: RequestOptions,
): Promise<ConversationMessages> {
  const path = `v1/conversations/${encodeURIComponent(id)}/messages`;
  return (await client.call('ai', path, ConversationMessagesResponseSchema, { ...options, query, headers: bearer(token) })).data;
}

/** DELETE v1/conversations/{id}: the conversation and its messages; 404 when it is not this identity's. */
export async function deleteConversation(client: ApiClient, token: string, id: string, options?: RequestOptions): Promise<void> {
  const path = `v1/conversations/${encodeURIComponent(id)}`;
  await client.call('ai', path, ConversationDeletedResponseSchema, { ...options, method: 'DELETE', headers: bearer(token) });
}

/** One streamed line as the contract describes it, or undefined when it is not JSON or not a chat line. */
export function parseChatLine(text: string): ChatLine | undefined {
  try {
    const parsed = ChatLineSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The API's error for a refused request, as the client's `call` makes it (message, status, Retry-After). */
async function failureOf(response: Response): Promise<ApiRequestError> {
  const text = await response.text().catch(() => '');
  let data: unknown = text || undefined;
  try {
    data = JSON.parse(text);
  } catch {
    // A text body is its own message.
  }
  const retryAfter = response.headers.get('Retry-After') ?? undefined;
  return normalizeError(Object.assign(new Error(`HTTP ${response.status}`), { data, response: { status: response.status, retryAfter } }));
}

export interface StreamChatOptions {
  /** Aborting it stops the answer (the reader rejects with an AbortError). */
  signal?: AbortSignal | undefined;
  /** Called once the answer's response names its conversation and message (before the first line). */
  onOpen?: ((ids: { conversationId: string; messageId: string }) => void) | undefined;
  /** Called with each line, in order. */
  onLine(line: ChatLine): void;
}

/**
 * POST v2/chat: asks and reads the answer as it streams, one JSON line at a time (SPEC §4 "Chat
 * stream"). Resolves when the stream ends. A refusal before the stream (400, 401, 403, 404, 429)
 * throws the API's error; an answer without a body throws `Response stream error` (SPEC §5); a line
 * that is not a chat line is logged and skipped.
 */
export async function streamChat(
  client: ApiClient,
  token: string,
  request: ChatRequest,
  { signal, onOpen, onLine }: StreamChatOptions,
): Promise<void> {
  const response = await client.send('ai', 'v2/chat', {
    method: 'POST',
    body: request,
    headers: { Accept: `${NDJSON}, application/json;q=0.9`, ...bearer(token) },
    timeoutMs: CHAT_STREAM_TIMEOUT_MS,
    ...(signal && { signal }),
  });
  if (!response.ok) throw await failureOf(response);
  if (!response.body) throw new Error(RESPONSE_STREAM_ERROR);
  const conversationId = response.headers.get(CHAT_HEADERS.conversation);
  const messageId = response.headers.get(CHAT_HEADERS.message);
  if (conversationId && messageId) onOpen?.({ conversationId, messageId });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const splitter = ndjsonLines();
  const emit = (texts: string[]) => {
    for (const text of texts) {
      const line = parseChatLine(text);
      if (line) onLine(line);
      else console.warn('Baris jawaban chat tidak dikenali, dilewati:', text.slice(0, 200));
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // `stream: true` keeps a character whose bytes span two chunks whole.
    emit(splitter.push(decoder.decode(value, { stream: true })));
  }
  emit(splitter.push(decoder.decode()));
  emit(splitter.end());
}
