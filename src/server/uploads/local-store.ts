import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { type BlobStore, checkedKey, typeOfKey } from './blob-store';

/**
 * Files in a folder on this machine (`<DATA_DIR>/uploads/` by default), one file per key. A write
 * goes to a temporary file beside its target, is flushed to disk, then renamed over it, so a crash
 * or a concurrent read never sees half a file. The type comes back from the key's extension.
 */
export function localStore(root: string): BlobStore {
  const pathOf = (key: string) => join(root, ...checkedKey(key).split('/'));

  return {
    name: 'local',

    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // A dot name the key pattern cannot produce, so a leftover temporary file is never mistaken for an upload.
      const temp = join(dirname(target), `.tmp-${randomUUID()}`);
      const file = await open(temp, 'wx', 0o600);
      try {
        await file.writeFile(bytes);
        await file.sync();
      } catch (error) {
        await file.close();
        await rm(temp, { force: true });
        throw error;
      }
      await file.close();
      try {
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      let file: Awaited<ReturnType<typeof open>>;
      try {
        file = await open(pathOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      // The stream closes the file once read or cancelled.
      const bytes = Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array>;
      return { bytes, contentType: typeOfKey(key) };
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
