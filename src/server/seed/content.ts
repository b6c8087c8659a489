import { and, eq, isNull } from 'drizzle-orm';
import type { PostKind } from '~/contract/posts';
import { sanitizeHtml } from '~/lib/html/sanitize';
import type { TenantItems } from '~/lib/tenant/load-items';
import { mediaUrl } from '~/lib/tenant/media';
import type { Db } from '../db/client';
import { careerJobs, careers, galleryItems, portfolioItems, postCategories, posts } from '../db/schema';

export interface ContentReport {
  posts: number;
  categories: number;
  gallery: number;
  careers: number;
  portfolio: number;
}

/**
 * Loads a tenant's content items into the database, additively: an item whose slug exists is left
 * as it is (an editor may have changed it), new ones are inserted. HTML is sanitised on the way in.
 */
export async function seedContent(db: Db, lmsId: string, items: TenantItems): Promise<ContentReport> {
  const report: ContentReport = { posts: 0, categories: 0, gallery: 0, careers: 0, portfolio: 0 };

  const categoryRows = Object.entries(items.categories).flatMap(([kindSlug, list]) =>
    list.map((category) => ({ lmsId, kindSlug, slug: category.slug, name: category.name, description: category.description })),
  );
  if (categoryRows.length) {
    report.categories = (
      await db.insert(postCategories).values(categoryRows).onConflictDoNothing().returning({ id: postCategories.id })
    ).length;
  }
  const categoryIds = new Map(
    (
      await db
        .select({ id: postCategories.id, kindSlug: postCategories.kindSlug, slug: postCategories.slug })
        .from(postCategories)
        .where(eq(postCategories.lmsId, lmsId))
    ).map((row) => [`${row.kindSlug}/${row.slug}`, row.id]),
  );

  if (items.posts.length) {
    const inserted = await db
      .insert(posts)
      .values(
        items.posts.map((post) => ({
          lmsId,
          kindSlug: post.kind,
          slug: post.slug,
          title: post.title,
          summary: post.summary,
          content: sanitizeHtml(post.content),
          cover: mediaUrl(post.cover),
          author: post.author,
          categoryId: categoryIds.get(`${post.kind}/${post.category}`) ?? null,
          tags: post.tags,
          details: Object.fromEntries(
            Object.entries({
              episode: post.episode,
              duration: post.duration,
              audio: post.audio,
              startsAt: post.startsAt,
              endsAt: post.endsAt,
              location: post.location,
              registrationUrl: post.registrationUrl,
              registrationOpensAt: post.registrationOpensAt,
              registrationClosesAt: post.registrationClosesAt,
            }).filter(([, value]) => value !== undefined),
          ),
          publishedAt: new Date(post.publishedAt),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: posts.id, kindSlug: posts.kindSlug, slug: posts.slug });
    report.posts = inserted.length;
    // Parents are linked for the posts inserted now, once every post has an id.
    const fresh = new Set(inserted.map((row) => `${row.kindSlug}/${row.slug}`));
    for (const post of items.posts.filter((item) => item.parent && fresh.has(`${item.kind}/${item.slug}`))) {
      const [parent] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.lmsId, lmsId), eq(posts.kindSlug, post.kind as PostKind), eq(posts.slug, post.parent as string)));
      if (parent) {
        await db
          .update(posts)
          .set({ parentId: parent.id })
          .where(and(eq(posts.lmsId, lmsId), eq(posts.kindSlug, post.kind), eq(posts.slug, post.slug), isNull(posts.parentId)));
      }
    }
  }

  if (items.gallery.length) {
    const rows = items.gallery.map((item) => ({
      lmsId,
      slug: item.slug,
      title: item.title,
      image: mediaUrl(item.image),
      caption: item.caption,
      takenAt: item.takenAt,
    }));
    report.gallery = (await db.insert(galleryItems).values(rows).onConflictDoNothing().returning({ id: galleryItems.id })).length;
  }

  for (const career of items.careers) {
    const [row] = await db
      .insert(careers)
      .values({
        lmsId,
        slug: career.slug,
        title: career.title,
        company: career.company,
        location: career.location,
        summary: career.summary,
        description: sanitizeHtml(career.description),
        publishedAt: new Date(career.publishedAt),
      })
      .onConflictDoNothing()
      .returning({ id: careers.id });
    if (!row) continue;
    report.careers++;
    await db
      .insert(careerJobs)
      .values(career.jobs.map((job) => ({ lmsId, careerId: row.id, ...job, description: sanitizeHtml(job.description) })));
  }

  if (items.portfolio.length) {
    const rows = items.portfolio.map(({ title, slug, kind, date, ...data }) => ({
      lmsId,
      kind,
      slug,
      title,
      date,
      data: {
        ...data,
        description: sanitizeHtml(data.description),
        photo: mediaUrl(data.photo),
        cover: mediaUrl(data.cover),
        photos: data.photos.map((photo) => ({ ...photo, link: mediaUrl(photo.link) })),
        images: data.images.map((image) => ({ ...image, link: mediaUrl(image.link) })),
        video: { ...data.video, thumbnail: mediaUrl(data.video.thumbnail) },
      },
    }));
    report.portfolio = (await db.insert(portfolioItems).values(rows).onConflictDoNothing().returning({ id: portfolioItems.id })).length;
  }
  return report;
}
