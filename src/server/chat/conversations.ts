import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import {
  CHAT_CONVERSATION_MAX_MESSAGES,
  type ChatHistoryItem,
  type ChatMessageState,
  type ChatSource,
  type ConversationMessages,
  type QuestionsPage,
  type QuestionsQuery,
} from '~/contract/chat';
import type { Db, Tx } from '../db/client';
import { chatConversations, chatIdentities, chatMessages } from '../db/schema';
import { fail } from '../platform/errors';
import { pageOf } from '../platform/paging';
import type { ChatIdentity } from './identities';

/*
 * Conversations and their messages. A conversation is seen, continued and deleted only by the
 * identity that began it, or by another identity of the same site account; anyone else gets 404,
 * as for a conversation that does not exist (no way to learn which ids exist).
 */

/** The conversation `id` if `who` may see it. */
export async function ownConversation(db: Db | Tx, who: ChatIdentity, id: string) {
  const [row] = await db
    .select({ id: chatConversations.id, title: chatConversations.title, messageCount: chatConversations.messageCount })
    .from(chatConversations)
    .innerJoin(chatIdentities, eq(chatIdentities.id, chatConversations.identityId))
    .where(
      and(
        eq(chatConversations.id, id),
        eq(chatConversations.lmsId, who.lmsId),
        who.userId
          ? or(eq(chatConversations.identityId, who.id), eq(chatIdentities.userId, who.userId))
          : eq(chatConversations.identityId, who.id),
      ),
    )
    .limit(1);
  return row;
}

export interface OpenedMessage {
  conversationId: string;
  messageId: string;
}

/**
 * A new message in `conversationId` (which must be the asker's) or in a new conversation titled by
 * the question. Its number is taken by one conditional UPDATE, so two messages sent at once get two
 * numbers and a full conversation takes no more.
 */
export async function openMessage(
  db: Db,
  who: ChatIdentity,
  input: { workspace: string; query: string; searched: string; conversationId?: string | null | undefined; answerer: string },
): Promise<OpenedMessage> {
  return db.transaction(async (tx) => {
    let conversationId = input.conversationId ?? undefined;
    if (conversationId) {
      const own = await ownConversation(tx, who, conversationId);
      if (!own) throw fail('conversationNotFound');
    } else {
      const [created] = await tx
        .insert(chatConversations)
        .values({ lmsId: who.lmsId, identityId: who.id, workspace: input.workspace, title: titleOf(input.query) })
        .returning({ id: chatConversations.id });
      conversationId = created?.id;
    }
    if (!conversationId) throw new Error('percakapan tidak tersimpan');
    const [numbered] = await tx
      .update(chatConversations)
      .set({ messageCount: sql`${chatConversations.messageCount} + 1`, updatedAt: sql`now()` })
      .where(and(eq(chatConversations.id, conversationId), sql`${chatConversations.messageCount} < ${CHAT_CONVERSATION_MAX_MESSAGES}`))
      .returning({ seq: chatConversations.messageCount });
    if (!numbered) {
      // Deleted meanwhile (404), or full.
      if (!(await ownConversation(tx, who, conversationId))) throw fail('conversationNotFound');
      throw fail('conversationFull', { max: CHAT_CONVERSATION_MAX_MESSAGES });
    }
    const [message] = await tx
      .insert(chatMessages)
      .values({ conversationId, seq: numbered.seq, query: input.query, searched: input.searched, answerer: input.answerer })
      .returning({ id: chatMessages.id });
    if (!message) throw new Error('pesan tidak tersimpan');
    return { conversationId, messageId: message.id };
  });
}

/** A conversation's title: its first question, cut at a word near 80 characters. */
export function titleOf(query: string): string {
  const flat = query.replace(/\s+/g, ' ').trim();
  if (flat.length <= 80) return flat;
  const cut = flat.slice(0, 80);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40))}…`;
}

/** Where a message ended up: its answer so far, sources, whether grounded, and its state. */
export async function finishMessage(
  db: Db,
  messageId: string,
  result: { answer: string; sources: ChatSource[]; grounded: boolean; status: Exclude<ChatMessageState, 'streaming'> },
): Promise<void> {
  await db
    .update(chatMessages)
    .set({ ...result, finishedAt: sql`now()` })
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.status, 'streaming')));
}

/** What was searched for the conversation's last answered question: the context of a follow-up. */
export async function lastAnsweredSearch(db: Db, conversationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ searched: chatMessages.searched })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.grounded, true)))
    .orderBy(desc(chatMessages.seq))
    .limit(1);
  return row?.searched;
}

/** One page of a conversation's messages, oldest first (GET v1/conversations/{id}/messages). */
export async function conversationMessages(
  db: Db,
  who: ChatIdentity,
  id: string,
  paging: { page: number; perPage: number },
): Promise<ConversationMessages> {
  const own = await ownConversation(db, who, id);
  if (!own) throw fail('conversationNotFound');
  const [total] = await db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.conversationId, id));
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, id))
    .orderBy(asc(chatMessages.seq))
    .limit(paging.perPage)
    .offset((paging.page - 1) * paging.perPage);
  return {
    id,
    title: own.title,
    ...pageOf(
      rows.map((row) => historyItem(row)),
      paging.page,
      paging.perPage,
      total?.n ?? 0,
    ),
  };
}

/** An answer still `streaming` after this long was cut off by a server that stopped mid-answer. */
const STREAM_ABANDONED_MS = 10 * 60_000;

function historyItem(row: typeof chatMessages.$inferSelect, now = Date.now()): ChatHistoryItem {
  const abandoned = row.status === 'streaming' && now - row.createdAt.getTime() > STREAM_ABANDONED_MS;
  return {
    id: row.id,
    query: row.query,
    response: {
      value: row.answer,
      sources: row.sources,
      grounded: row.grounded,
      status: abandoned ? 'error' : (row.status as ChatMessageState),
    },
    created_at: row.createdAt.toISOString(),
  };
}

/** Deletes a conversation with its messages (DELETE v1/conversations/{id}); 404 when not the asker's. */
export async function deleteConversation(db: Db, who: ChatIdentity, id: string): Promise<void> {
  const own = await ownConversation(db, who, id);
  if (!own) throw fail('conversationNotFound');
  await db.delete(chatConversations).where(eq(chatConversations.id, id));
}

/**
 * What the tenant's visitors asked, newest first, with the answers they got and their sources: for
 * the staff who stand behind the answers, and to find the questions the pages could not answer
 * (`grounded: false`), which are the content to write next.
 */
export async function askedQuestions(db: Db, lmsId: string, query: QuestionsQuery): Promise<QuestionsPage> {
  const where = and(
    eq(chatConversations.lmsId, lmsId),
    ...(query.grounded === undefined ? [] : [eq(chatMessages.grounded, query.grounded)]),
  );
  const [total] = await db
    .select({ n: count() })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(where);
  const rows = await db
    .select({ message: chatMessages, userId: chatIdentities.userId })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .innerJoin(chatIdentities, eq(chatIdentities.id, chatConversations.identityId))
    .where(where)
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.seq))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  const items = rows.map(({ message, userId }) => {
    const item = historyItem(message);
    return { ...item, conversation_id: message.conversationId, asker: userId ? ('account' as const) : ('guest' as const) };
  });
  return pageOf(items, query.page, query.perPage, total?.n ?? 0);
}
