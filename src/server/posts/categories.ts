import { and, asc, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Paged } from '~/contract/paged';
import type { CategoryCreateSchema, CategoryUpdateSchema, PostCategory, PostCategoryListItem, PostKind } from '~/contract/posts';
import type { Db } from '../db/client';
import { sqlState, UNIQUE_VIOLATION } from '../db/errors';
import { postCategories, posts } from '../db/schema';
import { fail, failOn } from '../platform/errors';
import { pageOf } from '../platform/paging';
import { insertWithFreeSlug, likePattern, slugify } from '../platform/slugs';
import { qualified } from './posts';

const columns = {
  id: postCategories.id,
  kindSlug: postCategories.kindSlug,
  slug: postCategories.slug,
  name: postCategories.name,
  description: postCategories.description,
  createdAt: postCategories.createdAt,
  // The posts visitors see, as the lists count them: active and already published.
  totalPosts: sql<number>`(select count(*)::int from ${posts} where ${posts.categoryId} = ${qualified(postCategories.id)} and ${posts.isActive} and ${posts.publishedAt} <= now())`,
};

/** Every post in the category, whatever its status: what a delete waits for, and what the console shows. */
const allPosts = sql<number>`(select count(*)::int from ${posts} where ${posts.categoryId} = ${qualified(postCategories.id)})`;

const toCategory = ({ createdAt: _created, ...row }: { createdAt: Date } & Omit<PostCategory, 'kindSlug'> & { kindSlug: string }) =>
  ({ ...row, kindSlug: row.kindSlug as PostKind, totalPosts: Number(row.totalPosts) }) satisfies PostCategory;

/** A page of one kind's categories (`all` gives every one on one page), each with its visible posts counted. */
export function listCategories(db: Db, lmsId: string, query: Parameters<typeof listManagedCategories>[2]): Promise<Paged<PostCategory>> {
  return listCategoryRows(db, lmsId, query, false);
}

/** The same page for the staff console: each category also with `posts`, its posts of any status (drafts and scheduled ones are not the public's to count). */
export function listManagedCategories(
  db: Db,
  lmsId: string,
  query: Parameters<typeof listCategoryRows>[2],
): Promise<Paged<PostCategoryListItem>> {
  return listCategoryRows(db, lmsId, query, true) as Promise<Paged<PostCategoryListItem>>;
}

async function listCategoryRows(
  db: Db,
  lmsId: string,
  query: {
    kindSlug: PostKind;
    page: number;
    pageSize: number;
    search?: string | undefined;
    sort: 'name' | 'newest' | 'popular';
    all?: boolean | undefined;
  },
  withAllPosts: boolean,
): Promise<Paged<PostCategory | PostCategoryListItem>> {
  const where = and(
    eq(postCategories.lmsId, lmsId),
    eq(postCategories.kindSlug, query.kindSlug),
    query.search ? ilike(postCategories.name, likePattern(query.search)) : undefined,
  );
  const [total] = await db.select({ value: count() }).from(postCategories).where(where);
  const totalItems = total?.value ?? 0;
  const order = { name: [asc(postCategories.name)], newest: [desc(postCategories.createdAt)], popular: [desc(columns.totalPosts)] }[
    query.sort
  ];
  const perPage = query.all ? Math.max(totalItems, 1) : query.pageSize;
  const page = query.all ? 1 : query.page;
  const rows = await db
    .select({ ...columns, posts: allPosts })
    .from(postCategories)
    .where(where)
    .orderBy(...order, asc(postCategories.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return pageOf(
    rows.map(({ posts: used, ...row }) => (withAllPosts ? { ...toCategory(row), posts: Number(used) } : toCategory(row))),
    page,
    perPage,
    totalItems,
  );
}

export async function findCategory(db: Db, lmsId: string, kindSlug: PostKind, slug: string): Promise<PostCategory | undefined> {
  const [row] = await db
    .select(columns)
    .from(postCategories)
    .where(and(eq(postCategories.lmsId, lmsId), eq(postCategories.kindSlug, kindSlug), eq(postCategories.slug, slug)));
  return row && toCategory(row);
}

const slugTaken = (db: Db, lmsId: string, kindSlug: string, exceptId?: number) => async (slug: string) =>
  (
    await db
      .select({ id: postCategories.id })
      .from(postCategories)
      .where(
        and(
          eq(postCategories.lmsId, lmsId),
          eq(postCategories.kindSlug, kindSlug),
          eq(postCategories.slug, slug),
          exceptId ? ne(postCategories.id, exceptId) : undefined,
        ),
      )
      .limit(1)
  ).length > 0;

/** 409 naming the `slug` field. */
const slugInUse = (slug: string) => failOn('slug', 'slugTaken', { slug });

/**
 * Creates a category and answers it; a given slug must be free (`slugTaken` otherwise, also when a
 * concurrent create takes it first), a generated one is made free, retried past concurrent creates.
 */
export async function createCategory(db: Db, lmsId: string, input: z.output<typeof CategoryCreateSchema>): Promise<PostCategory> {
  const insert = async (slug: string) => {
    const [row] = await db
      .insert(postCategories)
      .values({ lmsId, kindSlug: input.kindSlug, slug, name: input.name, description: input.description })
      // The unique slug index decides between concurrent creates; the loser gets no row, not an error.
      .onConflictDoNothing()
      .returning({ slug: postCategories.slug });
    return row;
  };
  const row = input.slug
    ? await insert(input.slug)
    : await insertWithFreeSlug(slugify(input.name), slugTaken(db, lmsId, input.kindSlug), insert);
  if (!row) throw slugInUse(input.slug ?? slugify(input.name));
  const category = await findCategory(db, lmsId, input.kindSlug, row.slug);
  if (!category) throw new Error('kategori baru tidak terbaca');
  return category;
}

/** Changes a category and answers it as it now is; `categoryToUpdateNotFound` (on `slug`) when there is none. */
export async function updateCategory(
  db: Db,
  lmsId: string,
  slug: string,
  input: z.output<typeof CategoryUpdateSchema>,
): Promise<PostCategory> {
  const current = await findCategory(db, lmsId, input.kindSlug, slug);
  const gone = () => failOn('slug', 'categoryToUpdateNotFound', { slug });
  if (!current) throw gone();
  if (input.slug && input.slug !== slug && (await slugTaken(db, lmsId, input.kindSlug, current.id)(input.slug))) {
    throw slugInUse(input.slug);
  }
  const changes = Object.fromEntries(
    Object.entries({ name: input.name, slug: input.slug, description: input.description }).filter(([, v]) => v !== undefined),
  );
  let updated: { slug: string }[];
  try {
    updated = await db
      .update(postCategories)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(postCategories.id, current.id))
      .returning({ slug: postCategories.slug });
  } catch (error) {
    // A concurrent write took the new slug between the check above and this update.
    if (sqlState(error) === UNIQUE_VIOLATION && input.slug) throw slugInUse(input.slug);
    throw error;
  }
  const [row] = updated;
  // Deleted between the read above and this write.
  if (!row) throw gone();
  const category = await findCategory(db, lmsId, input.kindSlug, row.slug);
  if (!category) throw new Error('kategori yang diubah tidak terbaca');
  return category;
}

/**
 * Deletes a category and answers its id (`categorySlugNotFound` when there is none). Refused with
 * `categoryInUse` while any post (of any status) is in it: the category row is locked first, so a
 * post being put in it meanwhile is either counted or waits until the category is gone.
 */
export async function deleteCategory(db: Db, lmsId: string, kindSlug: PostKind, slug: string): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: postCategories.id })
      .from(postCategories)
      .where(and(eq(postCategories.lmsId, lmsId), eq(postCategories.kindSlug, kindSlug), eq(postCategories.slug, slug)))
      .for('update');
    if (!row) throw fail('categorySlugNotFound', { slug });
    const [used] = await tx.select({ value: count() }).from(posts).where(eq(posts.categoryId, row.id));
    if (used?.value) throw fail('categoryInUse', { posts: used.value });
    await tx.delete(postCategories).where(eq(postCategories.id, row.id));
    return row;
  });
}
