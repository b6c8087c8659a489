import {
  type BuildHistory,
  BuildHistoryResponseSchema,
  type BuildProgress,
  BuildProgressResponseSchema,
  BuildQueuedResponseSchema,
  RollbackResponseSchema,
} from '~/contract/builds';
import type { ApiClient, RequestOptions } from './client';

/*
 * A tenant's site builds in the staff console, at `v1/builds/{code}` on the main base, `code` being
 * the tenant's app code (the held app token's own; another is 403). The progress is for writers,
 * admins and superadmins; the rest for admins and superadmins.
 */

const buildsPath = (code: string, rest = '') => `v1/builds/${encodeURIComponent(code)}${rest}`;

/**
 * GET v1/builds/{code}/progress: the live build and the latest 5 jobs, for waiting until a publish is
 * live (the rule is in `BuildProgressSchema`'s comment). A polled call: no progress bar unless
 * `options.progress` asks.
 */
export async function buildProgress(client: ApiClient, code: string, options?: RequestOptions): Promise<BuildProgress> {
  return (await client.call('main', buildsPath(code, '/progress'), BuildProgressResponseSchema, { progress: false, ...options })).data;
}

/** GET v1/builds/{code}?limit (admins): the kept builds, the live one and the latest `limit` jobs (default 20) with logs. */
export async function buildHistory(client: ApiClient, code: string, limit?: number, options?: RequestOptions): Promise<BuildHistory> {
  const query = limit === undefined ? {} : { limit };
  return (await client.call('main', buildsPath(code), BuildHistoryResponseSchema, { ...options, query })).data;
}

/** POST v1/builds/{code} (admins): queues a full build to run at once; the job's id. */
export async function requestBuild(client: ApiClient, code: string, options?: RequestOptions): Promise<{ jobId: number }> {
  return (await client.call('main', buildsPath(code), BuildQueuedResponseSchema, { ...options, method: 'POST' })).data;
}

/** POST v1/builds/{code}/rollback (admins): makes the kept build `buildId` live again (404 when it is not kept). */
export async function rollbackBuild(client: ApiClient, code: string, buildId: string, options?: RequestOptions): Promise<{ live: string }> {
  const call = { ...options, method: 'POST' as const, body: { buildId } };
  return (await client.call('main', buildsPath(code, '/rollback'), RollbackResponseSchema, call)).data;
}
