import { type Uploaded, type UploadPurpose, UploadResponseSchema } from '~/contract/uploads';
import type { ApiClient, RequestOptions } from './client';

/** How long an upload may take: 5 MB over a slow school connection needs more than a call's usual 20 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * POST on the upload base (multipart/form-data: `file`, `purpose`) with the held app token and, when
 * signed in, the user's. Resolves with the stored file: its id and the capability token to keep for
 * reading it back or naming it in a submission. Throws `ApiRequestError`: 400 (no or a broken file),
 * 413 (too large), 415 (a type not taken), 429.
 */
export async function uploadFile(
  client: ApiClient,
  file: Blob,
  purpose: UploadPurpose,
  name: string,
  options?: RequestOptions,
): Promise<Uploaded> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file, name);
  const answer = await client.call('upload', '', UploadResponseSchema, {
    ...options,
    method: 'POST',
    body: form,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
  return answer.data;
}
