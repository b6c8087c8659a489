import type { Paged } from '~/contract/paged';
import {
  type PortfolioItem,
  PortfolioItemResponseSchema,
  type PortfolioListQuerySchema,
  PortfolioListResponseSchema,
} from '~/contract/portfolio';
import type { ApiClient, RequestOptions } from './client';
import { asQuery, type Parsed } from './posts';

/** GET v1/portfolio/list query: `kind` (corporate, government, csr) and paging, 10 per page by default. */
export type PortfolioListParams = Partial<Parsed<typeof PortfolioListQuerySchema>>;

/** GET v1/portfolio/list: a page of portfolio items, optionally of one kind. */
export async function listPortfolio(
  client: ApiClient,
  query?: PortfolioListParams,
  options?: RequestOptions,
): Promise<Paged<PortfolioItem>> {
  return (await client.call('main', 'v1/portfolio/list', PortfolioListResponseSchema, { ...options, query: asQuery(query ?? {}) })).data;
}

/** GET v1/portfolio/detail?slug: one portfolio item with every field of SPEC §3 (`description` is sanitised HTML). */
export async function getPortfolio(client: ApiClient, slug: string, options?: RequestOptions): Promise<PortfolioItem> {
  return (await client.call('main', 'v1/portfolio/detail', PortfolioItemResponseSchema, { ...options, query: { slug } })).data;
}
