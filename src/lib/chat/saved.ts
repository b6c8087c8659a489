import type { StorageLike } from '~/lib/api/app-start';

/*
 * What the chat keeps in local storage, as JSON. Storage may refuse (private modes, a full quota) or
 * hold something else under the key (an older release, a hand edit): reading then finds nothing and
 * drops the bad value, writing logs and goes on. The chat still works for this page either way.
 */

/** The value under `key` when `check` accepts it (returns it typed), else undefined. */
export function readSaved<T>(storage: StorageLike, key: string, check: (value: unknown) => T | undefined): T | undefined {
  let text: string | null;
  try {
    text = storage.getItem(key);
  } catch {
    return undefined;
  }
  if (text === null) return undefined;
  let value: T | undefined;
  try {
    value = check(JSON.parse(text));
  } catch {
    value = undefined;
  }
  if (value === undefined) writeSaved(storage, key, undefined);
  return value;
}

/** Keeps `value` under `key`; undefined removes the key. */
export function writeSaved(storage: StorageLike, key: string, value: unknown): void {
  try {
    if (value === undefined) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Penyimpanan lokal menolak ${key}; berlaku untuk halaman ini saja.`, error);
  }
}
