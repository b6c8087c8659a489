import { ApiRequestError } from '~/lib/api/errors';
import { readPageConfig } from '~/lib/api/page-config';
import type { CreateOptions, RemoteDb, RemoteResult } from '~/lib/api/remote-db';
import { appClient } from '../shared/app-client';

/** The hosted database REST as this page reaches it: the page's client and the tenant's public key. */
export async function remoteDb(): Promise<RemoteDb> {
  return { client: await appClient(), apiKey: readPageConfig()?.restApiKey ?? '' };
}

/**
 * The data of a successful remote call; a failed one (SPEC §8: a create counts only on 201, a list
 * on 200) throws its message and fields as an `ApiRequestError`, which the forms show beside the
 * fields or as the form's alert with a retry.
 */
export function unwrap<T>(result: RemoteResult<T>): T {
  if (result.status) return result.data;
  throw new ApiRequestError(result.statusCode, result.message, result.fields);
}

/**
 * A community form's `send`: inserts the row with the submission's idempotency key and hands what
 * the REST answered to `shown` (the list's `prepend`), so the visitor sees their entry at once.
 */
export function sendRow<Insert, Row>(
  create: (db: RemoteDb, data: Insert, options: CreateOptions) => Promise<RemoteResult<Row>>,
  shown?: (row: Row) => void,
) {
  return async (data: Insert, idempotencyKey: string): Promise<Row> => {
    const row = unwrap(await create(await remoteDb(), data, { idempotencyKey }));
    shown?.(row);
    return row;
  };
}
