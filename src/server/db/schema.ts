/**
 * The schema barrel: every table of the platform, for Drizzle (client, migrations, drizzle-kit) and the
 * services that query across features. Each feature keeps its own tables in its `schema.ts`.
 */
export * from '../audit/schema';
export * from '../builds/schema';
export * from '../catalogue/schema';
export * from '../chat/schema';
export * from '../content/schema';
export * from '../forms/schema';
export * from '../identity/schema';
export * from '../mail/schema';
export * from '../payments/gateway-sim/schema';
export * from '../payments/schema';
export * from '../platform/schema';
export * from '../posts/schema';
export * from '../statistics/schema';
export * from '../tenants/schema';
export * from '../uploads/schema';
