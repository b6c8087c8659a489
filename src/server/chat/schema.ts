import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ChatSource } from '~/contract/chat';
import { at, createdAt, lmsId, updatedAt } from '../db/columns';
import { users } from '../identity/schema';

/*
 * The AI-chat service (server/chat/): who asks (an identity, a guest browser or a site
 * account), their conversations and each question with its answer. Only a token's SHA-256 is stored.
 */

/** A chat identity: the bearer of a chat token (identity login). With `user_id`, the site account's. */
export const chatIdentities = pgTable(
  'chat_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lmsId: lmsId(),
    /** The site account it belongs to; null for a guest (this browser only). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    name: text('name'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (table) => [index('chat_identities_user').on(table.userId), index('chat_identities_expiry').on(table.expiresAt)],
);

/** A conversation of one identity in the tenant's workspace; its title is the first question. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lmsId: lmsId(),
    identityId: uuid('identity_id')
      .notNull()
      .references(() => chatIdentities.id, { onDelete: 'cascade' }),
    workspace: text('workspace').notNull(),
    title: text('title').notNull(),
    /** Messages so far: numbers each message (`seq`) and caps a conversation. */
    messageCount: integer('message_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('chat_conversations_identity').on(table.identityId, table.updatedAt)],
);

/** One question and its answer, written as the answer streams: `streaming` until complete, stopped or error. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    query: text('query').notNull(),
    /** What was searched for it: the question, or with the earlier one it follows up (the next follow-up's context). */
    searched: text('searched').notNull(),
    answer: text('answer').notNull().default(''),
    sources: jsonb('sources').$type<ChatSource[]>().notNull().default(sql`'[]'::jsonb`),
    /** False: the tenant's pages held no answer (the "don't know" reply). */
    grounded: boolean('grounded').notNull().default(false),
    status: text('status').notNull().default('streaming'),
    /** Which answerer wrote it (`extractive`, or a language-model provider's name). */
    answerer: text('answerer').notNull(),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (table) => [
    uniqueIndex('chat_messages_seq').on(table.conversationId, table.seq),
    check('chat_messages_status', sql`${table.status} in ('streaming', 'complete', 'stopped', 'error')`),
  ],
);
