import { cors } from 'hono/cors';
import { CHAT_HEADERS } from '~/contract/chat';
import { HEADERS } from '~/contract/common';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '~/contract/idempotency';
import { REST_API_KEY_HEADER } from '~/contract/remote-db';
import { UPLOAD_TOKEN_HEADER } from '~/contract/uploads';
import type { ApiDeps } from '../context';
import { originHost } from '../platform/tenants';

/**
 * A tenant's site may run on another host than this API (each base is configurable), so browsers on
 * any tenant host may call it; other origins get no CORS headers and their browsers block the call.
 * Credentials (cookies) are never allowed cross-origin: the site sends its tokens as headers, so a
 * page of one tenant cannot read another tenant's answers with a visitor's cookies.
 */
export function tenantCors(deps: Pick<ApiDeps, 'tenants'>) {
  return cors({
    origin: async (origin) => {
      const host = originHost(origin);
      return host && (await deps.tenants.byHost(host)) ? origin : null;
    },
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: [
      HEADERS.appToken,
      HEADERS.lmsId,
      HEADERS.authorization,
      UPLOAD_TOKEN_HEADER,
      'Content-Type',
      'Accept',
      // A form's submission key (forms and REST inserts), for a site on another host than its API.
      IDEMPOTENCY_HEADER,
      // The hosted database REST (PostgREST's protocol): the tenant's public key, preferences and ranges.
      REST_API_KEY_HEADER,
      'Prefer',
      'Range',
      'Range-Unit',
    ],
    // What a page's script may read of an answer besides the basics: REST ranges and preferences, when to retry, and a replay.
    exposeHeaders: [
      'Content-Range',
      'Preference-Applied',
      'Retry-After',
      IDEMPOTENT_REPLAYED_HEADER,
      CHAT_HEADERS.conversation,
      CHAT_HEADERS.message,
    ],
    maxAge: 600,
  });
}
