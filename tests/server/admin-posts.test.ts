import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuditPageSchema } from '~/contract/audit';
import type { ManagedPostSummary, Post, PostCreate, PostKind } from '~/contract/posts';
import { type ApiClient, createCategory, createPost, deletePost, getPost, listPosts, signIn } from '~/lib/api';
import {
  deleteCategory,
  getManagedPost,
  listCategories,
  listManagedCategories,
  listManagedPosts,
  listPostAuthors,
  updatePost,
  updatePostById,
} from '~/lib/api/posts';
import { demoAccount } from '~/server/seed/seed';
import { appClientOf, clientOf, otherTenantOf, signInAs } from './support/api-client';
import { dbKinds, platformFor } from './support/platform';

/*
 * The staff console's posts: the list and detail of every status, the version check of a save,
 * publishing and scheduling as updates, and a category that cannot be deleted while in use.
 */

const AuditResponseSchema = z.object({ statusCode: z.number(), message: z.string(), data: AuditPageSchema });

/** Expects a call to fail with `statusCode`, naming `field` when given. */
const failsWith = (call: Promise<unknown>, statusCode: number, field?: string) =>
  expect(call).rejects.toMatchObject(
    field ? { statusCode, fields: expect.arrayContaining([expect.objectContaining({ field })]) } : { statusCode },
  );

const ids = (items: { id: number }[]) => items.map((item) => item.id);
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
let unique = 0;
/** A word no seeded post has, so a test finds only its own posts. */
const stampOf = (name: string) => `${name}${Date.now().toString(36)}${++unique}`;

describe.each(await dbKinds())('the staff console’s posts on %s', (kind) => {
  const platform = platformFor(kind);
  let site: ApiClient;
  let writer: ApiClient;
  let admin: ApiClient;
  let superadmin: ApiClient;
  let student: ApiClient;
  let mentor: ApiClient;
  /** Another tenant's writer on that tenant's site, and the same account on this tenant's site. */
  let otherWriter: ApiClient;
  let strayWriter: ApiClient;
  let writerId: string;

  beforeAll(async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => appClientOf(platform)));
    [site, writer, admin, superadmin, student, mentor] = clients as [ApiClient, ApiClient, ApiClient, ApiClient, ApiClient, ApiClient];
    const signedIn = await signIn(writer, demoAccount('demo', 'writer'));
    writer.setCredentials({ accessToken: signedIn.accessToken });
    writerId = signedIn.user.id;
    await Promise.all([
      signInAs(admin, 'admin'),
      signInAs(superadmin, 'superadmin'),
      signInAs(student, 'student'),
      signInAs(mentor, 'mentor'),
    ]);
    const other = await otherTenantOf(platform);
    otherWriter = await appClientOf(platform, ['read', 'write'], other.appCode);
    await signInAs(otherWriter, 'writer', other.code);
    strayWriter = clientOf(platform);
    strayWriter.setCredentials({ ...site.credentials(), accessToken: otherWriter.credentials().accessToken });
  }, 60_000);

  /** Five posts of one author, created in this order: two published, a draft, a draft due later, a scheduled one. */
  async function fivePosts(kindSlug: PostKind, stamp: string, extra: Partial<PostCreate> = {}) {
    const author = `Penulis ${stamp}`;
    const made: Post[] = [];
    const specs: Partial<PostCreate>[] = [
      { publishedAt: at(-48) },
      { publishedAt: at(-24) },
      { isActive: false },
      { isActive: false, publishedAt: at(48) },
      { publishedAt: at(24) },
    ];
    for (const [i, spec] of specs.entries()) {
      made.push(await createPost(writer, { kindSlug, title: `Tulisan ${stamp} ${i}`, author, content: '<p>Isi</p>', ...extra, ...spec }));
    }
    const [publishedOld, publishedNew, draft, draftLater, scheduled] = made as [Post, Post, Post, Post, Post];
    return { author, publishedOld, publishedNew, draft, draftLater, scheduled, all: made };
  }
  const remove = async (posts: Post[]) => {
    for (const post of posts) await deletePost(writer, { kindSlug: post.kindSlug, slug: post.slug });
  };

  describe('GET v3/post/manage/list', () => {
    it('lists every status to writers, newest change first, and filters draft, scheduled and published', async () => {
      const stamp = stampOf('status');
      const { author, publishedOld, publishedNew, draft, draftLater, scheduled, all } = await fivePosts('tulisan-temans', stamp);
      expect(all.map((post) => post.version)).toEqual([1, 1, 1, 1, 1]);

      const listed = await listManagedPosts(writer, { kindSlug: 'tulisan-temans', author });
      expect(listed).toMatchObject({ page: 1, perPage: 20, totalItems: 5, totalPages: 1 });
      expect(ids(listed.items)).toEqual(ids([scheduled, draftLater, draft, publishedNew, publishedOld]));
      const byId = new Map(listed.items.map((item) => [item.id, item]));
      expect(byId.get(draft.id)).toMatchObject({ status: 'draft', isActive: false, version: 1, author, title: draft.title });
      expect(byId.get(draftLater.id)).toMatchObject({ status: 'draft', isActive: false });
      expect(byId.get(scheduled.id)).toMatchObject({ status: 'scheduled', isActive: true });
      expect(byId.get(publishedOld.id)).toMatchObject({ status: 'published', isActive: true, updatedAt: publishedOld.updatedAt });
      expect(Object.keys(byId.get(draft.id) as ManagedPostSummary)).not.toContain('content');

      const only = async (status: 'draft' | 'scheduled' | 'published') =>
        ids((await listManagedPosts(admin, { kindSlug: 'tulisan-temans', author, status })).items);
      expect(await only('draft')).toEqual(ids([draftLater, draft]));
      expect(await only('scheduled')).toEqual(ids([scheduled]));
      expect(await only('published')).toEqual(ids([publishedNew, publishedOld]));

      // Visitors see the published two only.
      expect(ids((await listPosts(site, { kindSlug: 'tulisan-temans', search: stamp })).items)).toEqual(ids([publishedNew, publishedOld]));
      for (const hidden of [draft, draftLater, scheduled])
        await failsWith(getPost(site, { kindSlug: 'tulisan-temans', id: hidden.id }), 404);

      // A change brings a post to the top.
      await updatePostById(writer, publishedOld.id, { kindSlug: 'tulisan-temans', summary: 'Diubah' });
      expect((await listManagedPosts(superadmin, { kindSlug: 'tulisan-temans', author })).items[0]).toMatchObject({
        id: publishedOld.id,
        version: 2,
      });
      await remove(all);
    });

    it('filters by exact author (trimmed), category and search, and pages without gaps', async () => {
      const stamp = stampOf('saring');
      const category = await createCategory(writer, { kindSlug: 'articles', name: `Kategori ${stamp}` });
      const { author, all, draft, scheduled } = await fivePosts('articles', stamp);
      await updatePostById(writer, draft.id, { kindSlug: 'articles', categoryId: category.id });
      await updatePostById(writer, scheduled.id, { kindSlug: 'articles', categoryId: category.id });

      expect((await listManagedPosts(writer, { kindSlug: 'articles', author: `  ${author}  ` })).totalItems).toBe(5);
      expect((await listManagedPosts(writer, { kindSlug: 'articles', author: author.slice(0, -1) })).totalItems).toBe(0);
      expect((await listManagedPosts(writer, { kindSlug: 'articles', author: author.toUpperCase() })).totalItems).toBe(0);
      const inCategory = await listManagedPosts(writer, { kindSlug: 'articles', categoryId: category.id });
      expect(ids(inCategory.items)).toEqual(ids([scheduled, draft]));
      expect(inCategory.items.every((item) => item.category?.id === category.id)).toBe(true);
      expect(ids((await listManagedPosts(writer, { kindSlug: 'articles', categoryId: category.id, status: 'draft' })).items)).toEqual([
        draft.id,
      ]);

      // Search: full text and title substring, drafts included; a word of the stamp's posts only.
      expect((await listManagedPosts(writer, { kindSlug: 'articles', search: stamp })).totalItems).toBe(5);
      expect((await listManagedPosts(writer, { kindSlug: 'articles', search: stamp.slice(0, -2) })).totalItems).toBeGreaterThanOrEqual(5);
      expect(ids((await listManagedPosts(writer, { kindSlug: 'articles', search: `${stamp} 2` })).items)).toContain(draft.id);
      expect((await listManagedPosts(writer, { kindSlug: 'news', search: stamp })).totalItems).toBe(0);

      const everything = await listManagedPosts(writer, { kindSlug: 'articles', author });
      const pages = await Promise.all(
        [1, 2, 3].map((page) => listManagedPosts(writer, { kindSlug: 'articles', author, page, pageSize: 2 })),
      );
      expect(pages.map((page) => [page.items.length, page.totalItems, page.totalPages, page.perPage])).toEqual([
        [2, 5, 3, 2],
        [2, 5, 3, 2],
        [1, 5, 3, 2],
      ]);
      expect(pages.flatMap((page) => ids(page.items))).toEqual(ids(everything.items));
      expect((await listManagedPosts(writer, { kindSlug: 'articles', author, page: 4, pageSize: 2 })).items).toEqual([]);

      // Without filters: the seeded articles and these, every status.
      const seededArticles = (await listPosts(site, { kindSlug: 'articles', pageSize: 100 })).totalItems;
      expect((await listManagedPosts(writer, { kindSlug: 'articles', pageSize: 50 })).totalItems).toBe(seededArticles + 3);

      const authors = await listPostAuthors(writer, 'articles');
      expect(authors).toContainEqual({ name: author, posts: 5 });
      expect(authors.every((entry) => entry.name !== '' && entry.posts > 0)).toBe(true);
      const names = authors.map((entry) => entry.name);
      expect(new Set(names).size).toBe(names.length);
      await remove(all);
      await deleteCategory(writer, { kindSlug: 'articles', slug: category.slug });
      expect((await listPostAuthors(writer, 'articles')).map((entry) => entry.name)).not.toContain(author);
    });

    it('refuses a bad query, naming the parameter', async () => {
      await failsWith(listManagedPosts(writer, { kindSlug: 'resep' as PostKind }), 400, 'kindSlug');
      await failsWith(listManagedPosts(writer, { kindSlug: 'news', status: 'hidden' as 'draft' }), 400, 'status');
      await failsWith(listManagedPosts(writer, { kindSlug: 'news', pageSize: 51 }), 400, 'pageSize');
      await failsWith(listManagedPosts(writer, { kindSlug: 'news', page: 0 }), 400, 'page');
      await failsWith(listManagedPosts(writer, { kindSlug: 'news', categoryId: -1 }), 400, 'categoryId');
      await failsWith(listManagedPosts(writer, { kindSlug: 'news', ...({ sort: 'title' } as object) }), 400);
      expect((await listManagedPosts(writer, { kindSlug: 'news', pageSize: 50 })).perPage).toBe(50);
    });
  });

  describe('GET v3/post/manage/detail', () => {
    it('answers any post of the tenant by kind and id, with its content, status and version', async () => {
      const stamp = stampOf('rinci');
      const { draft, scheduled, publishedNew, all } = await fivePosts('news', stamp);
      for (const [post, status] of [
        [draft, 'draft'],
        [scheduled, 'scheduled'],
        [publishedNew, 'published'],
      ] as const) {
        const read = await getManagedPost(writer, { kindSlug: 'news', id: post.id });
        expect(read).toEqual({ ...post, status, isActive: status !== 'draft' });
        expect(read.content).toBe('<p>Isi</p>');
      }
      await failsWith(getManagedPost(writer, { kindSlug: 'blog', id: draft.id }), 404);
      await failsWith(getManagedPost(writer, { kindSlug: 'news', id: 2_000_000_000 }), 404);
      await failsWith(getManagedPost(writer, { kindSlug: 'news' } as { kindSlug: 'news'; id: number }), 400, 'id');
      await remove(all);
      await failsWith(getManagedPost(writer, { kindSlug: 'news', id: draft.id }), 404);
    });
  });

  describe('who may read', () => {
    it('refuses visitors (401), students and mentors (403), and another tenant’s writer (403 here, 404 there)', async () => {
      const stamp = stampOf('akses');
      const draft = await createPost(writer, { kindSlug: 'blog', title: `Draf ${stamp}`, author: `Penulis ${stamp}`, isActive: false });
      const calls = [
        (client: ApiClient) => listManagedPosts(client, { kindSlug: 'blog' }),
        (client: ApiClient) => getManagedPost(client, { kindSlug: 'blog', id: draft.id }),
        (client: ApiClient) => listPostAuthors(client, 'blog'),
      ];
      for (const call of calls) {
        await failsWith(call(site), 401);
        await failsWith(call(student), 403);
        await failsWith(call(mentor), 403);
        // The other tenant's writer with this tenant's app token: the account is not this tenant's.
        await failsWith(call(strayWriter), 403);
      }
      // On their own site they see their own posts only.
      await failsWith(getManagedPost(otherWriter, { kindSlug: 'blog', id: draft.id }), 404);
      expect((await listManagedPosts(otherWriter, { kindSlug: 'blog', search: stamp })).totalItems).toBe(0);
      expect((await listPostAuthors(otherWriter, 'blog')).map((entry) => entry.name)).not.toContain(`Penulis ${stamp}`);
      await failsWith(updatePostById(otherWriter, draft.id, { kindSlug: 'blog', title: 'Diretas' }), 404, 'id');
      for (const client of [writer, admin, superadmin]) {
        expect(ids((await listManagedPosts(client, { kindSlug: 'blog', search: stamp })).items)).toEqual([draft.id]);
      }
      await remove([draft]);
    });
  });

  describe('POST v3/post/update with a version', () => {
    it('takes the first of two saves of the same version and refuses the second with 409, keeping the first text', async () => {
      const post = await createPost(writer, { kindSlug: 'news', title: `Versi ${stampOf('v')}`, content: '<p>Awal</p>' });
      expect(post.version).toBe(1);
      const first = await updatePostById(writer, post.id, { kindSlug: 'news', version: 1, content: '<p>Teks penulis</p>' });
      expect(first).toMatchObject({ id: post.id, version: 2, content: '<p>Teks penulis</p>', status: 'published' });
      expect(Date.parse(first.updatedAt)).toBeGreaterThan(Date.parse(post.updatedAt));

      const second = await updatePostById(admin, post.id, { kindSlug: 'news', version: 1, content: '<p>Teks admin</p>' }).catch((e) => e);
      expect(second).toMatchObject({
        statusCode: 409,
        message:
          'Tulisan ini sudah diubah orang lain (versi 2, Anda menyunting versi 1). Tekan Muat versi terbaru untuk melihat perubahannya; teks Anda tetap di editor sampai Anda memuatnya.',
      });
      expect(await getManagedPost(writer, { kindSlug: 'news', id: post.id })).toEqual(first);

      // Without a version (older callers) a save still raises it; by slug too.
      const unchecked = await updatePost(writer, post.slug, { kindSlug: 'news', title: 'Tanpa versi' });
      expect(unchecked.version).toBe(3);
      const again = await updatePostById(admin, post.id, { kindSlug: 'news', version: 3, content: '<p>Teks admin</p>' });
      expect(again).toMatchObject({ version: 4, title: 'Tanpa versi', content: '<p>Teks admin</p>' });
      await failsWith(updatePostById(writer, post.id, { kindSlug: 'news', version: 9, title: 'Masa depan' }), 409);
      await failsWith(updatePostById(writer, post.id, { kindSlug: 'news', version: 0 }), 400, 'version');
      await failsWith(updatePostById(writer, post.id, { kindSlug: 'blog', title: 'Jenis lain' }), 404, 'id');
      await failsWith(updatePostById(writer, 2_000_000_000, { kindSlug: 'news', title: 'Tidak ada' }), 404, 'id');
      expect((await getManagedPost(writer, { kindSlug: 'news', id: post.id })).version).toBe(4);
      await remove([post]);
    });

    it('of ten saves of one version at once, exactly one is written', async () => {
      const post = await createPost(writer, { kindSlug: 'blog', title: `Serentak ${stampOf('s')}` });
      const saves = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          updatePostById(i % 2 ? admin : writer, post.id, { kindSlug: 'blog', version: 1, summary: `Simpan ${i}` }).then(
            (saved) => ({ status: 200, saved }),
            (error: { statusCode: number }) => ({ status: error.statusCode, saved: undefined }),
          ),
        ),
      );
      expect(saves.map((save) => save.status).sort()).toEqual([200, ...Array(9).fill(409)]);
      const winner = saves.find((save) => save.saved)?.saved;
      const stored = await getManagedPost(writer, { kindSlug: 'blog', id: post.id });
      expect(stored).toMatchObject({ version: 2, summary: winner?.summary });
      await remove([post]);
    });

    it('a delete naming the version read refuses a post changed since, and deletes it as read', async () => {
      const post = await createPost(writer, { kindSlug: 'news', title: `Hapus ${stampOf('h')}` });
      await updatePostById(admin, post.id, { kindSlug: 'news', version: 1, summary: 'Diubah admin' });
      await failsWith(deletePost(writer, { kindSlug: 'news', slug: post.slug, version: 1 }), 409);
      expect((await getManagedPost(writer, { kindSlug: 'news', id: post.id })).summary).toBe('Diubah admin');
      expect(await deletePost(writer, { kindSlug: 'news', slug: post.slug, version: 2 })).toEqual({ id: post.id });
      await failsWith(getManagedPost(writer, { kindSlug: 'news', id: post.id }), 404);
    });
  });

  describe('publishing and scheduling', () => {
    it('publishes, schedules and unpublishes with plain updates, each in the audit log with the changed fields', async () => {
      const post = await createPost(writer, { kindSlug: 'event', title: `Acara ${stampOf('terbit')}`, isActive: false });
      const read = () => getPost(site, { kindSlug: 'event', id: post.id });
      await failsWith(read(), 404);

      const published = await updatePostById(writer, post.id, { kindSlug: 'event', version: 1, isActive: true });
      expect(published).toMatchObject({ status: 'published', isActive: true, version: 2 });
      expect((await read()).id).toBe(post.id);

      const later = at(72);
      const scheduled = await updatePostById(writer, post.id, { kindSlug: 'event', version: 2, publishedAt: later });
      expect(scheduled).toMatchObject({ status: 'scheduled', isActive: true, version: 3, publishedAt: new Date(later).toISOString() });
      await failsWith(read(), 404);

      const unpublished = await updatePostById(writer, post.id, { kindSlug: 'event', version: 3, isActive: false, publishedAt: at(-1) });
      expect(unpublished).toMatchObject({ status: 'draft', isActive: false, version: 4 });
      await failsWith(read(), 404);

      const audit = await admin.call('main', 'v1/audit', AuditResponseSchema, {
        query: { action: 'post.update', actor: writerId, pageSize: 100 },
      });
      const entries = audit.data.items.filter((entry) => entry.target === `post:${post.id}`);
      expect(entries.map((entry) => entry.summary)).toEqual([
        {
          before: { isActive: true, status: 'scheduled', publishedAt: scheduled.publishedAt },
          after: { isActive: false, status: 'draft', publishedAt: unpublished.publishedAt },
        },
        {
          before: { status: 'published', publishedAt: published.publishedAt },
          after: { status: 'scheduled', publishedAt: scheduled.publishedAt },
        },
        { before: { isActive: false, status: 'draft' }, after: { isActive: true, status: 'published' } },
      ]);
      for (const entry of entries) expect(entry).toMatchObject({ actorId: writerId, actorRole: 'writer', action: 'post.update' });
      await remove([post]);
    });
  });

  describe('deleting a category in use', () => {
    it('is refused with the number of its posts of any status, then allowed once they moved', async () => {
      const stamp = stampOf('kat');
      const category = await createCategory(writer, { kindSlug: 'podcasts', name: `Kategori ${stamp}` });
      const spare = await createCategory(writer, { kindSlug: 'podcasts', name: `Cadangan ${stamp}` });
      const { all } = await fivePosts('podcasts', stamp, { categoryId: category.id });
      const counts = async () =>
        (await listManagedCategories(writer, { kindSlug: 'podcasts', all: true })).items.find((item) => item.id === category.id);
      expect(await counts()).toMatchObject({ posts: 5, totalPosts: 2 });
      // Visitors count what they can read: the drafts and scheduled posts are not theirs to count.
      const shown = (await listCategories(site, { kindSlug: 'podcasts', all: true })).items.find((item) => item.id === category.id);
      expect(shown).toMatchObject({ totalPosts: 2 });
      expect(shown).not.toHaveProperty('posts');
      await expect(listManagedCategories(site, { kindSlug: 'podcasts' })).rejects.toMatchObject({ statusCode: 401 });

      const refused = await deleteCategory(admin, { kindSlug: 'podcasts', slug: category.slug }).catch((e) => e);
      expect(refused).toMatchObject({
        statusCode: 409,
        message: 'Kategori ini dipakai oleh 5 tulisan; pindahkan tulisan itu ke kategori lain dulu.',
      });
      for (const post of all.slice(0, 4)) await updatePostById(writer, post.id, { kindSlug: 'podcasts', categoryId: spare.id });
      expect(await counts()).toMatchObject({ posts: 1 });
      await expect(deleteCategory(admin, { kindSlug: 'podcasts', slug: category.slug })).rejects.toMatchObject({
        statusCode: 409,
        message: 'Kategori ini dipakai oleh 1 tulisan; pindahkan tulisan itu ke kategori lain dulu.',
      });
      await updatePostById(writer, (all[4] as Post).id, { kindSlug: 'podcasts', categoryId: null });
      expect(await deleteCategory(admin, { kindSlug: 'podcasts', slug: category.slug })).toEqual({ id: category.id });
      expect(await counts()).toBeUndefined();
      await remove(all);
      expect(await deleteCategory(writer, { kindSlug: 'podcasts', slug: spare.slug })).toEqual({ id: spare.id });
    });

    it('a delete racing creates in the category: deleted with none created in it, or refused with all of them in it', async () => {
      const stamp = stampOf('balap');
      const category = await createCategory(writer, { kindSlug: 'news', name: `Balap ${stamp}` });
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, (_, i) =>
          createPost(writer, { kindSlug: 'news', title: `Balap ${stamp} ${i}`, categoryId: category.id }).then(
            (post) => ({ status: 201, post }),
            (error: { statusCode: number }) => ({ status: error.statusCode, post: undefined }),
          ),
        ),
        deleteCategory(admin, { kindSlug: 'news', slug: category.slug }).then(
          () => ({ status: 200, post: undefined }),
          (error: { statusCode: number }) => ({ status: error.statusCode, post: undefined }),
        ),
      ]);
      const deleted = answers[10]?.status;
      const creates = answers.slice(0, 10).map((answer) => answer.status);
      expect([200, 409]).toContain(deleted);
      const created = answers.flatMap((answer) => (answer.post ? [answer.post] : []));
      if (deleted === 200) {
        expect(creates.every((status) => status === 400 || status === 201)).toBe(true);
        // Whatever was created got in after the delete: the category was gone, so none is in it.
        expect(created.every((post) => post.category === null)).toBe(true);
        expect(creates.filter((status) => status === 201)).toEqual([]);
      } else {
        expect(creates).toEqual(Array(10).fill(201));
        expect(
          (await listManagedCategories(writer, { kindSlug: 'news', all: true })).items.find((item) => item.id === category.id)?.posts,
        ).toBe(10);
      }
      await remove(created);
      if (deleted === 409) await deleteCategory(admin, { kindSlug: 'news', slug: category.slug });
    });
  });
});
