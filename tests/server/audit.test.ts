import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AuditEntry, AuditPageSchema } from '~/contract/audit';
import { type ApiClient, createPost, deletePost, getAppSettings, signIn, updateAppSettings, updatePost } from '~/lib/api';
import { demoAccount } from '~/server/seed/seed';
import { appClientOf, DEMO_APP_CODE, otherTenantOf, signInAs } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';

const AuditResponseSchema = z.object({ statusCode: z.number(), message: z.string(), data: AuditPageSchema });

/** GET v1/audit as `client`, with the query's set values. */
const readAudit = async (client: ApiClient, query: Record<string, string | number | undefined> = {}) =>
  (await client.call('main', 'v1/audit', AuditResponseSchema, { query })).data;

let unique = 0;
const slugOf = (name: string) => `uji-audit-${name}-${Date.now().toString(36)}-${++unique}`;

describe.each(await dbKinds())('the audit log on %s', (kind) => {
  const platform = platformFor(kind);
  let writer: ApiClient;
  let admin: ApiClient;
  let otherAdmin: ApiClient;
  let writerId: string;
  let adminId: string;

  beforeAll(async () => {
    [writer, admin] = [await appClientOf(platform), await appClientOf(platform)];
    const signedIn = async (client: ApiClient, role: 'writer' | 'admin') => {
      const { accessToken, user } = await signIn(client, demoAccount('demo', role));
      client.setCredentials({ accessToken });
      return user.id;
    };
    writerId = await signedIn(writer, 'writer');
    adminId = await signedIn(admin, 'admin');
    const other = await otherTenantOf(platform);
    otherAdmin = await appClientOf(platform, ['read', 'write'], other.appCode);
    await signInAs(otherAdmin, 'admin', other.code);
  }, 60_000);

  it('records a writer creating, changing and deleting a post, and the admin reads it by action and actor', async () => {
    const slug = slugOf('berita');
    const long = `<p>${'panjang '.repeat(60)}</p>`;
    const post = await createPost(writer, { kindSlug: 'news', title: 'Berita audit', slug, content: long });
    await updatePost(writer, slug, { kindSlug: 'news', title: 'Berita audit diubah' });
    await deletePost(writer, { kindSlug: 'news', slug });
    const target = `post:${post.id}`;

    const mine = (await readAudit(admin, { actor: writerId, pageSize: 100 })).items.filter((entry) => entry.target === target);
    expect(mine.map((entry) => entry.action)).toEqual(['post.delete', 'post.update', 'post.create']);
    for (const entry of mine) expect(entry).toMatchObject({ actorId: writerId, actorName: expect.any(String), actorRole: 'writer' });
    expect(mine[0]?.actorName).toBe(mine[2]?.actorName);

    const [deleted, updated, created] = mine as [AuditEntry, AuditEntry, AuditEntry];
    expect(created.summary.before).toBeUndefined();
    expect(created.summary.after).toMatchObject({ id: post.id, slug, title: 'Berita audit' });
    // Long texts are cut to 200 characters.
    expect(String(created.summary.after?.content).length).toBeLessThanOrEqual(201);
    // Only what changed: the title (updatedAt is not a change of substance).
    expect(updated.summary).toEqual({ before: { title: 'Berita audit' }, after: { title: 'Berita audit diubah' } });
    expect(deleted.summary.after).toBeUndefined();
    expect(deleted.summary.before).toMatchObject({ id: post.id, title: 'Berita audit diubah' });

    const updates = await readAudit(admin, { action: 'post.update', pageSize: 100 });
    expect(updates.items.every((entry) => entry.action === 'post.update')).toBe(true);
    expect(updates.items.map((entry) => entry.target)).toContain(target);
    expect(updates.items.map((entry) => entry.target).filter((t) => t === target)).toHaveLength(1);

    const all = await readAudit(admin, { pageSize: 100 });
    const times = all.items.map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await readAudit(admin, { actor: writerId, from: '2000-01-01', to: '2000-12-31' })).items).toEqual([]);
  });

  it('records an admin changing the settings, with the values before and after', async () => {
    const before = await getAppSettings(admin, DEMO_APP_CODE);
    const title = `Judul audit ${Date.now().toString(36)}`;
    await updateAppSettings(admin, DEMO_APP_CODE, { title });
    await updateAppSettings(admin, DEMO_APP_CODE, { title: before.title });

    const [restored, changed] = (await readAudit(admin, { action: 'settings.update', actor: adminId })).items;
    expect(changed).toMatchObject({
      actorId: adminId,
      actorRole: 'admin',
      target: 'settings',
      summary: { before: { title: before.title }, after: { title } },
    });
    expect(restored?.summary).toEqual({ before: { title }, after: { title: before.title } });
  });

  it('answers 403 to a writer', async () => {
    await expect(readAudit(writer)).rejects.toMatchObject({ statusCode: 403 });
  });

  it("shows another tenant's admin none of this tenant's entries", async () => {
    const theirs = await readAudit(otherAdmin, { pageSize: 100 });
    expect(theirs.items.filter((entry) => entry.actorId === writerId || entry.actorId === adminId)).toEqual([]);
    expect((await readAudit(otherAdmin, { actor: writerId })).totalItems).toBe(0);
  });

  it('refuses a malformed filter', async () => {
    await expect(readAudit(admin, { actor: 'nobody' })).rejects.toMatchObject({ statusCode: 400 });
  });
});
