import type { ApiClient, CallOptions } from './client';
import { normalizeError } from './errors';

/** A downloaded file: its bytes and the name to save it under. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/**
 * A file from the API through `client.send`, with the same credential headers as every call (the API
 * may be on another origin, so a plain link could not carry them): its bytes and the name its
 * `Content-Disposition` gives, else `fallbackName`. A refusal throws `ApiRequestError` with the
 * server's message (its JSON body, when it sent one).
 */
export async function downloadFile(client: ApiClient, path: string, fallbackName: string, options?: CallOptions): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await client.send('main', path, options);
  } catch (error) {
    throw normalizeError(error);
  }
  if (!response.ok) {
    const text = await response.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {}
    throw normalizeError(Object.assign(new Error(`HTTP ${response.status}`), { data, response: { status: response.status } }));
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  return { blob: await response.blob(), filename: named ?? fallbackName };
}
