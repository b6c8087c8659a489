import { z } from 'zod';
import { envelope } from './common';
import { paged } from './paged';
import { pagingQuery } from './paging';
import { SlugSchema } from './posts';

/** Portfolio kinds shown under /Portfolio/{type}: corporate clients, government and CSR/bootcamp work. */
export const PORTFOLIO_KINDS = ['corporate', 'government', 'csr'] as const;
export const PortfolioKindSchema = z.enum(PORTFOLIO_KINDS, { error: `type harus salah satu dari: ${PORTFOLIO_KINDS.join(', ')}` });

const Link = z.object({ link: z.string(), name: z.string() });

/** A portfolio item with every field of SPEC §3. `description` is sanitised HTML. */
export const PortfolioItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  kind: PortfolioKindSchema,
  value: z.string(),
  figure: z.string(),
  photo: z.string(),
  photos: z.array(Link),
  video: z.object({ link: z.string(), thumbnail: z.string() }),
  description: z.string(),
  date: z.string().nullable(),
  batchs: z.array(z.object({ label: z.string(), date: z.string() })),
  clientName: z.string(),
  projectLink: z.string(),
  images: z.array(Link),
  summary: z.string(),
  cover: z.string(),
});
export type PortfolioItem = z.infer<typeof PortfolioItemSchema>;

/** GET v1/portfolio/list (kind optional). */
export const PortfolioListQuerySchema = z.strictObject({ ...pagingQuery(10), kind: PortfolioKindSchema.optional() });
export const PortfolioListResponseSchema = envelope(paged(PortfolioItemSchema));
/** GET v1/portfolio/detail?slug. */
export const PortfolioDetailQuerySchema = z.strictObject({ slug: SlugSchema });
export const PortfolioItemResponseSchema = envelope(PortfolioItemSchema);
