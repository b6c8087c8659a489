import { AppIdAnswer } from '~/contract/wire-checks';
import type { ApiClient, RequestOptions } from './client';

/** Which lms id and title an app code belongs to. */
export interface AppId {
  lmsId: string;
  code: string;
  title: string;
}

/**
 * GET {code}/cms/app/id: the lms id of an app code (the held app token must belong to that app).
 * Apart from the other settings calls because every page's app start makes it (zod-free answer check).
 */
export async function getAppId(client: ApiClient, code: string, options?: RequestOptions): Promise<AppId> {
  return (await client.call('main', `${encodeURIComponent(code)}/cms/app/id`, AppIdAnswer, options)).data;
}
