import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import {
  CHAT_HEADERS,
  ChatLoginSchema,
  ChatRequestSchema,
  ConversationMessagesQuerySchema,
  ConversationParamSchema,
  NDJSON,
  QuestionsQuerySchema,
} from '~/contract/chat';
import { z } from '~/contract/mini';
import type { ApiDeps, ApiEnv } from '../context';
import { accessTokenOf, clientAddress } from '../http/credentials';
import { assertSameSite } from '../http/csrf';
import { fieldErrors } from '../http/errors';
import { enforceLimit } from '../http/rate-limit';
import { created, ok, page } from '../http/respond';
import { readJson, readQuery } from '../http/validate';
import { requireAppToken, requireRole, requireUser, userOfToken } from '../identity';
import { fail } from '../platform/errors';
import type { TenantRecord } from '../platform/tenants';
import { readChatSetting } from '../tenants';
import { askedQuestions, conversationMessages, deleteConversation, openMessage, ownConversation } from './conversations';
import { type ChatIdentity, chatUserOf, identityOfToken, openIdentity } from './identities';
import type { ChatService } from './service';
import { answerStream, retrieveFor } from './stream';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Per address and per identity: a person asking a lot is fine, a script is not. No cap per tenant: an
 * extractive answer costs next to nothing, and a cap anyone could spend would silence every visitor.
 */
const LIMITS = {
  login: { name: 'chat-login', limit: 20, windowMs: HOUR },
  askBurst: { name: 'chat-ask', limit: 20, windowMs: 5 * MINUTE },
  askDay: { name: 'chat-ask-day', limit: 300, windowMs: 24 * HOUR },
  askAddress: { name: 'chat-ask-address', limit: 60, windowMs: 10 * MINUTE },
  read: { name: 'chat-read', limit: 120, windowMs: MINUTE },
} as const;

type ChatEnv = ApiEnv & { Variables: { chatIdentity: ChatIdentity; chatTenant: TenantRecord } };

/**
 * The AI-chat API (SPEC §7 "Chat"), mounted at `/api/ai/`: identity login and me, the streamed
 * v2/chat, a conversation's messages and its deletion. Login needs the app token (it names the
 * tenant); everything else the chat token it gives, as `Authorization: Bearer`.
 */
export function chatRoutes(deps: ApiDeps) {
  const app = new Hono<ChatEnv>();
  const chat = (): ChatService => {
    if (!deps.chat) throw fail('chatUnavailable');
    return deps.chat;
  };
  const chatSetting = async (tenant: TenantRecord) => {
    const setting = await readChatSetting(deps.db, tenant.lmsId);
    if (!setting.enabled) throw fail('chatOff');
    return setting;
  };

  /** The chat token's identity and its tenant; 401 for a missing, unknown or expired token. */
  const requireChatIdentity = createMiddleware<ChatEnv>(async (c, next) => {
    const header = c.req.header('Authorization')?.trim() ?? '';
    const token = /^bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    if (!token) throw fail('chatTokenMissing');
    const identity = await identityOfToken(deps.db, token);
    if (!identity) throw fail('chatTokenInvalid');
    const tenant = await deps.tenants.byLmsId(identity.lmsId);
    if (!tenant) throw fail('chatTokenInvalid');
    c.set('chatIdentity', identity);
    c.set('chatTenant', tenant);
    await next();
  });
  const limit = (rule: (typeof LIMITS)[keyof typeof LIMITS], key: string) => enforceLimit(deps, rule, key);

  app.post('/v1/identity/login', requireAppToken(deps), async (c) => {
    await limit(LIMITS.login, clientAddress(c, deps.trustProxyHops));
    const tenant = c.get('tenant');
    const setting = await chatSetting(tenant);
    const body = c.req.header('Content-Length') === '0' || !c.req.header('Content-Type') ? {} : await readJson(c, ChatLoginSchema);
    // The site's sign-in, when sent, makes it the account's identity; an expired one leaves a guest.
    const credential = accessTokenOf(c);
    if (credential?.fromCookie) assertSameSite(c, tenant);
    const user = credential ? await userOfToken(deps.db, credential.value) : undefined;
    const account = user && user.lmsId === tenant.lmsId ? user : undefined;
    const result = await openIdentity(deps.db, {
      lmsId: tenant.lmsId,
      workspace: setting.workspace,
      userId: account?.id ?? null,
      name: body.name || account?.name || null,
    });
    return created(c, result, 'Berhasil masuk ke asisten');
  });

  app.get('/v1/identity/me', requireChatIdentity, async (c) => {
    const setting = await chatSetting(c.get('chatTenant'));
    return ok(c, chatUserOf(c.get('chatIdentity'), setting.workspace), 'Berhasil');
  });

  app.post('/v2/chat', requireChatIdentity, async (c) => {
    const who = c.get('chatIdentity');
    const tenant = c.get('chatTenant');
    const request = await readJson(c, ChatRequestSchema);
    const setting = await chatSetting(tenant);
    if (request.workspace_id !== setting.workspace) throw fail('workspaceNotFound');
    // The address first: a new identity is cheap, an address is not.
    await limit(LIMITS.askAddress, clientAddress(c, deps.trustProxyHops));
    await limit(LIMITS.askBurst, who.id);
    await limit(LIMITS.askDay, who.id);
    if (request.conversation_id && !(await ownConversation(deps.db, who, request.conversation_id))) throw fail('conversationNotFound');
    const service = chat();
    // Search before storing: a failure here is a plain error answer, with nothing stored.
    const index = await service.indexes.index(tenant);
    const found = await retrieveFor(deps.db, index, request.query, request.conversation_id);
    const opened = await openMessage(deps.db, who, {
      workspace: setting.workspace,
      query: request.query,
      searched: found.searched,
      conversationId: request.conversation_id,
      answerer: service.answerer.name,
    });
    const body = answerStream(
      { db: deps.db, answerer: service.answerer, paceMs: service.paceMs, now: service.now, onEnd: service.onEnd },
      { opened, query: request.query, index, found },
      c.req.raw.signal,
    );
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': `${NDJSON}; charset=utf-8`,
        [CHAT_HEADERS.conversation]: opened.conversationId,
        [CHAT_HEADERS.message]: opened.messageId,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        // Proxies must pass each line on as it comes.
        'X-Accel-Buffering': 'no',
      },
    });
  });

  const conversationId = (c: Context<ChatEnv>) => {
    const result = z.safeParse(ConversationParamSchema, { id: c.req.param('id') });
    if (!result.success) throw fail('invalid', { fields: fieldErrors(result.error) });
    return result.data.id;
  };

  app.get('/v1/conversations/:id/messages', requireChatIdentity, async (c) => {
    const id = conversationId(c);
    const paging = readQuery(c, ConversationMessagesQuerySchema);
    await limit(LIMITS.read, c.get('chatIdentity').id);
    const data = await conversationMessages(deps.db, c.get('chatIdentity'), id, paging);
    return ok(c, data, 'Berhasil');
  });

  app.delete('/v1/conversations/:id', requireChatIdentity, async (c) => {
    const id = conversationId(c);
    await limit(LIMITS.read, c.get('chatIdentity').id);
    await deleteConversation(deps.db, c.get('chatIdentity'), id);
    return ok(c, { id }, 'Percakapan dihapus');
  });

  // The tenant's admins read what was asked and answered (signed in on the site, with its app token).
  app.get('/v1/questions', requireAppToken(deps), requireUser(deps), requireRole('admin', 'superadmin'), async (c) => {
    const query = readQuery(c, QuestionsQuerySchema);
    return page(c, await askedQuestions(deps.db, c.get('tenant').lmsId, query), 'Berhasil');
  });

  return app;
}
