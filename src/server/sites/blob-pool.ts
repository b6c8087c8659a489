import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/**
 * The bytes of every live build's files, held in memory once per distinct content: fonts, scripts and
 * shared images repeat across tenants and builds, and are stored once. Memory is bounded by a cap
 * (STATIC_MEMORY_MB, default 512): past it, the least recently served bodies are dropped and read back
 * from disk when asked for again, so a very large build still works, only slower for its cold files.
 */
export class Blob {
  /** Files on disk holding these bytes, with how many holders came through each (any one can refill an evicted body). */
  readonly paths = new Map<string, number>();
  buffer: Buffer | undefined;
  refs = 0;
  lastUsed = 0;
  constructor(
    readonly hash: string,
    readonly size: number,
  ) {}
}

export interface BlobPoolStats {
  blobs: number;
  residentBytes: number;
  capBytes: number;
}

export class BlobPool {
  readonly #blobs = new Map<string, Blob>();
  #resident = 0;
  #clock = 0;

  constructor(readonly capBytes: number) {}

  /** Takes one reference to the blob holding `buffer` (read from `path`); the first holder brings the bytes. */
  admit(path: string, buffer: Buffer): Blob {
    const hash = createHash('sha1').update(buffer).digest('base64url');
    let blob = this.#blobs.get(hash);
    if (!blob) {
      blob = new Blob(hash, buffer.length);
      this.#blobs.set(hash, blob);
    }
    blob.refs++;
    blob.paths.set(path, (blob.paths.get(path) ?? 0) + 1);
    if (!blob.buffer) this.#keep(blob, buffer);
    return blob;
  }

  /** Drops one reference held through `path`; the blob goes when no build holds it any more. */
  release(blob: Blob, path: string): void {
    blob.refs--;
    const holders = (blob.paths.get(path) ?? 1) - 1;
    if (holders > 0) blob.paths.set(path, holders);
    else blob.paths.delete(path);
    if (blob.refs > 0) return;
    if (blob.buffer) this.#resident -= blob.size;
    this.#blobs.delete(blob.hash);
  }

  /** The bytes, from memory when resident (synchronously), else read back from disk. */
  body(blob: Blob): Buffer | Promise<Buffer> {
    blob.lastUsed = ++this.#clock;
    return blob.buffer ?? this.#refill(blob);
  }

  stats(): BlobPoolStats {
    return { blobs: this.#blobs.size, residentBytes: this.#resident, capBytes: this.capBytes };
  }

  async #refill(blob: Blob): Promise<Buffer> {
    let lastError: unknown;
    for (const path of blob.paths.keys()) {
      try {
        const buffer = await readFile(path);
        if (!blob.buffer && this.#blobs.get(blob.hash) === blob) this.#keep(blob, buffer);
        return buffer;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError ?? new Error(`Isi ${blob.hash} tidak tersedia lagi di disk`);
  }

  /** Keeps `buffer` resident, evicting the least recently used bodies past the cap; too big a body is not kept. */
  #keep(blob: Blob, buffer: Buffer): void {
    if (buffer.length > this.capBytes) return;
    if (this.#resident + buffer.length > this.capBytes) this.#evict(this.capBytes * 0.9 - buffer.length);
    blob.buffer = buffer;
    blob.lastUsed = ++this.#clock;
    this.#resident += buffer.length;
  }

  #evict(target: number): void {
    const resident = [...this.#blobs.values()].filter((blob) => blob.buffer).sort((a, b) => a.lastUsed - b.lastUsed);
    for (const blob of resident) {
      if (this.#resident <= target) break;
      blob.buffer = undefined;
      this.#resident -= blob.size;
    }
  }
}
