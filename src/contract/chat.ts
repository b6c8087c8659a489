import { miniEnvelope, queryFlag, queryInt, z } from './mini';
import { paged } from './paged';

/*
 * The AI-chat API (SPEC §7 "Chat", §3 "Chat" and "Identity", §4 "Chat stream"): identity login and
 * me, the streamed v2/chat, a conversation's messages and its deletion. zod/mini: the chat island
 * and the server validate with the same schema objects.
 *
 * The assistant answers only from the tenant's own published pages (server/chat/): every answer
 * names its sources, and a question the pages do not answer gets `grounded: false` and the contact
 * page, never an invented class, date or price.
 */

/** The chat service's own bearer token (`Authorization: Bearer <token>`), from identity login. */
export const CHAT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Longest question, in characters. */
export const CHAT_QUERY_MAX = 1000;
/** Messages a conversation keeps; past it the visitor starts a new conversation. */
export const CHAT_CONVERSATION_MAX_MESSAGES = 200;
/** Default and largest page of a conversation's messages. */
export const CHAT_MESSAGES_PER_PAGE = 10;
export const CHAT_MESSAGES_PER_PAGE_MAX = 50;

/** SPEC §5 and §8: a chat answer that has no body. */
export const RESPONSE_STREAM_ERROR = 'Response stream error';
/** Response headers of v2/chat naming the conversation and the message before the first line. */
export const CHAT_HEADERS = { conversation: 'X-Conversation-Id', message: 'X-Message-Id' } as const;
/** The streamed answer's media type: one JSON object per line. */
export const NDJSON = 'application/x-ndjson';

/* ---------- Identity ---------- */

/** POST v1/identity/login: an optional display name; with the site's access token the identity is the account's. */
export const ChatLoginSchema = z.strictObject({
  name: z.optional(z.string().check(z.trim(), z.maxLength(80, 'nama maksimal 80 karakter'))),
});
export type ChatLogin = z.infer<typeof ChatLoginSchema>;

export const ChatUserSchema = z.object({
  id: z.string(),
  /** `account`: tied to a signed-in account of the site; `guest`: this browser only. */
  kind: z.enum(['guest', 'account']),
  name: z.nullable(z.string()),
  /** The tenant's chat workspace, to send as workspace_id. */
  workspace_id: z.string(),
});
export type ChatUser = z.infer<typeof ChatUserSchema>;

export const ChatLoginResultSchema = z.object({ token: z.string(), expires_at: z.string(), user: ChatUserSchema });
export type ChatLoginResult = z.infer<typeof ChatLoginResultSchema>;
export const ChatLoginResponseSchema = miniEnvelope(ChatLoginResultSchema);
export const ChatMeResponseSchema = miniEnvelope(ChatUserSchema);

/* ---------- The stream ---------- */

const WorkspaceId = z.string('workspace_id wajib diisi').check(z.trim(), z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'workspace_id tidak valid'));
const ConversationId = z.string('conversation_id tidak valid').check(z.trim(), z.uuid('conversation_id tidak valid'));

/** POST v2/chat (SPEC §3 "Chat"): workspace_id, query and, to go on with one, conversation_id. */
export const ChatRequestSchema = z.strictObject({
  workspace_id: WorkspaceId,
  query: z
    .string('pertanyaan wajib diisi')
    .check(
      z.trim(),
      z.minLength(1, 'pertanyaan wajib diisi'),
      z.maxLength(CHAT_QUERY_MAX, `pertanyaan maksimal ${CHAT_QUERY_MAX} karakter`),
    ),
  conversation_id: z.optional(z.nullable(ConversationId)),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** A page an answer came from: its title and its address on the tenant's site. */
export const ChatSourceSchema = z.object({ title: z.string(), url: z.string() });
export type ChatSource = z.infer<typeof ChatSourceSchema>;

/** How a message ended: answered in full, stopped by the asker, or broken off by a failure. */
export const CHAT_MESSAGE_STATES = ['streaming', 'complete', 'stopped', 'error'] as const;
export type ChatMessageState = (typeof CHAT_MESSAGE_STATES)[number];

/**
 * One line of the stream (SPEC §3 "Streamed lines carry id (conversation), message_id, text"). `text`
 * is the next piece of the answer, appended to what came before. The last line has `done: true`, the
 * answer's `sources` and `grounded` (false: the pages hold no answer), or `error` when it broke off.
 */
export const ChatLineSchema = z.object({
  id: z.string(),
  message_id: z.string(),
  text: z.string(),
  done: z.optional(z.boolean()),
  sources: z.optional(z.array(ChatSourceSchema)),
  grounded: z.optional(z.boolean()),
  error: z.optional(z.string()),
});
export type ChatLine = z.infer<typeof ChatLineSchema>;

/* ---------- Conversations ---------- */

export const ConversationParamSchema = z.strictObject({ id: ConversationId });

/** GET v1/conversations/{id}/messages: page and perPage (oldest first). */
export const ConversationMessagesQuerySchema = z.strictObject({
  page: z._default(queryInt('page'), 1),
  perPage: z._default(queryInt('perPage', CHAT_MESSAGES_PER_PAGE_MAX), CHAT_MESSAGES_PER_PAGE),
});

/** A history item (SPEC §3: "History items hold query and response.value"). */
export const ChatHistoryItemSchema = z.object({
  id: z.string(),
  query: z.string(),
  response: z.object({
    value: z.string(),
    sources: z.array(ChatSourceSchema),
    grounded: z.boolean(),
    status: z.enum(CHAT_MESSAGE_STATES),
  }),
  created_at: z.string(),
});
export type ChatHistoryItem = z.infer<typeof ChatHistoryItemSchema>;

export const ConversationMessagesSchema = z.extend(paged(ChatHistoryItemSchema), { id: z.string(), title: z.string() });
export type ConversationMessages = z.infer<typeof ConversationMessagesSchema>;
export const ConversationMessagesResponseSchema = miniEnvelope(ConversationMessagesSchema);
export const ConversationDeletedResponseSchema = miniEnvelope(z.object({ id: z.string() }));

/* ---------- Staff review ---------- */

/** GET v1/questions (the tenant's admins): what visitors asked, newest first; `grounded=false` for the ones the pages could not answer. */
export const QuestionsQuerySchema = z.strictObject({
  page: z._default(queryInt('page'), 1),
  perPage: z._default(queryInt('perPage', CHAT_MESSAGES_PER_PAGE_MAX), CHAT_MESSAGES_PER_PAGE),
  grounded: z.optional(queryFlag),
});
export type QuestionsQuery = z.infer<typeof QuestionsQuerySchema>;

export const AskedQuestionSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  query: z.string(),
  response: ChatHistoryItemSchema.shape.response,
  /** Who asked: a guest of a browser, or a site account. */
  asker: z.enum(['guest', 'account']),
  created_at: z.string(),
});
export const QuestionsPageSchema = paged(AskedQuestionSchema);
export type QuestionsPage = z.infer<typeof QuestionsPageSchema>;

/* ---------- The browser's own history (SPEC §3 "Local history entries") ---------- */

export const LocalHistoryEntrySchema = z.object({
  conversation_id: z.string(),
  message_id: z.string(),
  user_message: z.string(),
  bot_message: z.string(),
  created_at: z.string(),
});
export type LocalHistoryEntry = z.infer<typeof LocalHistoryEntrySchema>;

/** What the assistant says about itself and where it sends a question it cannot answer. */
export const CHAT_COPY = {
  title: 'Asisten Tanya Jawab',
  launcher: 'Tanya asisten',
  intro:
    'Halo! Saya menjawab dari halaman resmi situs ini: kelas, program, kursus, berita, dan tanya jawab. Setiap jawaban menyebutkan sumbernya. Pertanyaan disimpan agar tim kami dapat memperbaiki informasi di situs.',
  dontKnow:
    'Maaf, saya belum menemukan jawabannya di halaman situs ini. Agar tidak memberi informasi yang keliru, silakan hubungi tim kami melalui halaman kontak.',
  contactPath: '/Make-Appointment',
  contactLabel: 'Hubungi tim kami',
  sources: 'Sumber',
} as const;
