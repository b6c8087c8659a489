import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostListResponseSchema } from '~/contract/posts';
import { resolveBases } from '~/lib/api/bases';
import { contentClient, providePlatformFetch } from '~/lib/content/source';
import { tenantClientKeys } from '~/server/services/keys';
import { DEMO_APP_CODE } from './support/api-client';
import { openTestPlatform, type TestPlatform } from './support/platform';

/** Pages rendered on the server read content through the embedded API in process, with their own app token. */
describe('content source of server-rendered pages', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await openTestPlatform('pglite');
  }, 60_000);
  afterAll(async () => platform?.close());

  it('asks for a read token as a page of the tenant would and lists the tenant’s news', async () => {
    providePlatformFetch(async () => platform.api.fetch as (request: Request) => Promise<Response>);
    const tenant = await platform.deps.tenants.byAppCode(DEMO_APP_CODE);
    if (!tenant) throw new Error('demo tenant missing');
    const keys = tenantClientKeys(platform.deps.keys, tenant);
    const client = await contentClient(
      { ...keys, appCode: tenant.appCode, scopes: ['read'], lmsId: tenant.lmsId, bases: resolveBases(), host: 'nusantaralearning.example' },
      {},
    );
    const { data } = await client.call('main', 'v3/post/list', PostListResponseSchema, { query: { kindSlug: 'news' } });
    expect(data.totalItems).toBe(8);
    expect(data.items.every((post) => post.kindSlug === 'news')).toBe(true);
    // The same client is reused by every page of the build.
    expect(await contentClient({} as never, {})).toBe(client);
  });
});
