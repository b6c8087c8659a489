import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Career, CareerJob } from '~/contract/careers';
import type { Paged } from '~/contract/paged';
import type { PortfolioItem } from '~/contract/portfolio';
import type { GalleryItem } from '~/contract/posts';
import { sanitizeHtml } from '~/lib/html/sanitize';
import type { Db } from '../db/client';
import { careerJobs, careers, galleryItems, portfolioItems } from '../db/schema';
import { pageOf } from '../platform/paging';
import { qualified } from '../posts';

/**
 * Reads of the smaller content families: gallery, careers with their jobs, portfolio. Writes come
 * from the seed for now (the staff console is a later issue).
 */

export async function listGallery(db: Db, lmsId: string, page: number, pageSize: number): Promise<Paged<GalleryItem>> {
  const where = eq(galleryItems.lmsId, lmsId);
  const [total] = await db.select({ value: count() }).from(galleryItems).where(where);
  const rows = await db
    .select({
      id: galleryItems.id,
      slug: galleryItems.slug,
      title: galleryItems.title,
      image: galleryItems.image,
      caption: galleryItems.caption,
      takenAt: galleryItems.takenAt,
    })
    .from(galleryItems)
    .where(where)
    .orderBy(desc(galleryItems.takenAt), asc(galleryItems.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return pageOf(rows, page, pageSize, total?.value ?? 0);
}

const careerColumns = {
  id: careers.id,
  slug: careers.slug,
  title: careers.title,
  company: careers.company,
  location: careers.location,
  summary: careers.summary,
  description: careers.description,
  publishedAt: careers.publishedAt,
  totalJobs: sql<number>`(select count(*)::int from ${careerJobs} where ${careerJobs.careerId} = ${qualified(careers.id)})`,
};
const toCareer = (row: Omit<Career, 'publishedAt'> & { publishedAt: Date }): Career => ({
  ...row,
  description: sanitizeHtml(row.description),
  totalJobs: Number(row.totalJobs),
  publishedAt: row.publishedAt.toISOString(),
});

export async function listCareers(db: Db, lmsId: string, page: number, pageSize: number): Promise<Paged<Career>> {
  const where = eq(careers.lmsId, lmsId);
  const [total] = await db.select({ value: count() }).from(careers).where(where);
  const rows = await db
    .select(careerColumns)
    .from(careers)
    .where(where)
    .orderBy(desc(careers.publishedAt), asc(careers.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return pageOf(rows.map(toCareer), page, pageSize, total?.value ?? 0);
}

export async function findCareer(db: Db, lmsId: string, slug: string): Promise<Career | undefined> {
  const [row] = await db
    .select(careerColumns)
    .from(careers)
    .where(and(eq(careers.lmsId, lmsId), eq(careers.slug, slug)));
  return row && toCareer(row);
}

const jobColumns = {
  id: careerJobs.id,
  careerId: careerJobs.careerId,
  slug: careerJobs.slug,
  title: careerJobs.title,
  type: careerJobs.type,
  location: careerJobs.location,
  summary: careerJobs.summary,
  description: careerJobs.description,
  requirements: careerJobs.requirements,
  closesAt: careerJobs.closesAt,
};
const toJob = (row: CareerJob): CareerJob => ({ ...row, description: sanitizeHtml(row.description) });

/** Jobs of one career of the tenant; undefined when the career is not the tenant's. */
export async function listJobs(
  db: Db,
  lmsId: string,
  careerId: number,
  page: number,
  pageSize: number,
): Promise<Paged<CareerJob> | undefined> {
  const [career] = await db
    .select({ id: careers.id })
    .from(careers)
    .where(and(eq(careers.lmsId, lmsId), eq(careers.id, careerId)));
  if (!career) return undefined;
  const where = and(eq(careerJobs.lmsId, lmsId), eq(careerJobs.careerId, careerId));
  const [total] = await db.select({ value: count() }).from(careerJobs).where(where);
  const rows = await db
    .select(jobColumns)
    .from(careerJobs)
    .where(where)
    .orderBy(asc(careerJobs.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return pageOf(rows.map(toJob), page, pageSize, total?.value ?? 0);
}

export async function findJob(db: Db, lmsId: string, id: number) {
  const [row] = await db
    .select({ job: jobColumns, career: careerColumns })
    .from(careerJobs)
    .innerJoin(careers, eq(careers.id, careerJobs.careerId))
    .where(and(eq(careerJobs.lmsId, lmsId), eq(careerJobs.id, id)));
  if (!row) return undefined;
  const { totalJobs: _count, ...career } = toCareer(row.career);
  return { ...toJob(row.job), career };
}

function toPortfolio(row: { id: number; kind: string; slug: string; title: string; date: string | null; data: unknown }): PortfolioItem {
  const data = row.data as Omit<PortfolioItem, 'id' | 'kind' | 'slug' | 'title' | 'date'>;
  return {
    ...data,
    id: row.id,
    kind: row.kind as PortfolioItem['kind'],
    slug: row.slug,
    title: row.title,
    date: row.date,
    description: sanitizeHtml(data.description),
  };
}

export async function listPortfolio(
  db: Db,
  lmsId: string,
  query: { page: number; pageSize: number; kind?: string | undefined },
): Promise<Paged<PortfolioItem>> {
  const where = and(eq(portfolioItems.lmsId, lmsId), query.kind ? eq(portfolioItems.kind, query.kind) : undefined);
  const [total] = await db.select({ value: count() }).from(portfolioItems).where(where);
  const rows = await db
    .select()
    .from(portfolioItems)
    .where(where)
    .orderBy(desc(portfolioItems.date), asc(portfolioItems.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return pageOf(rows.map(toPortfolio), query.page, query.pageSize, total?.value ?? 0);
}

export async function findPortfolio(db: Db, lmsId: string, slug: string): Promise<PortfolioItem | undefined> {
  const [row] = await db
    .select()
    .from(portfolioItems)
    .where(and(eq(portfolioItems.lmsId, lmsId), eq(portfolioItems.slug, slug)));
  return row && toPortfolio(row);
}
