/**
 * Where uploaded files live: one small interface with a local-disk implementation (one machine) and
 * an S3-compatible one (many machines), chosen by `uploadStore`. Keys are made by the server
 * (`uploadKey`), never taken from a request; each store still refuses any other shape.
 */
export interface BlobStore {
  /** For logs and readiness: `local`, `s3`. */
  readonly name: string;
  /** Stores `bytes` under `key`, replacing nothing half-written: a reader sees the old object or the whole new one. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, streamed; undefined when there is none. */
  get(key: string): Promise<StoredBlob | undefined>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Releases connections (the S3 client); the local store has none. */
  close?(): void;
}

export interface StoredBlob {
  /** The object's bytes as they are read, so a download never holds the whole file in memory. */
  bytes: ReadableStream<Uint8Array>;
  contentType: string;
}

/** `<segment>/<segment>….<ext>`: word characters and dashes only, so no key climbs out of its folder or prefix. */
const KEY = /^[\w-]{1,100}(?:\/[\w-]{1,100}){0,3}(?:\.[a-z0-9]{1,8})?$/;

/** The key unchanged; throws for any other shape (a bug, as keys come from `uploadKey`). */
export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Kunci berkas unggahan tidak valid: ${JSON.stringify(key)}`);
  return key;
}

/** The extension each stored type is written with; the local store reads the type back from it. */
export const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** The type of a key by its extension (`application/octet-stream` for any other). */
export function typeOfKey(key: string): string {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1];
  return Object.entries(EXTENSIONS).find(([, known]) => known === ext)?.[0] ?? 'application/octet-stream';
}
