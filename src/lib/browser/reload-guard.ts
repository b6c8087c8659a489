/** A second reload for a failed chunk only after this long (SPEC §4 "Chunk-load failure", §9 reload guard 60 s). */
export const RELOAD_GUARD_MS = 60_000;
/** Where the time of the last such reload is kept: per tab, so one tab's failures never reload another. */
export const RELOAD_AT_KEY = 'chunk_reload_at';

/**
 * Whether an error means a script chunk of the page failed to load: after a new release its hashed
 * files are gone, so the page itself is stale (Chromium, Firefox and Safari each word it differently).
 */
export function isChunkLoadError(reason: unknown): boolean {
  let message: string;
  try {
    message = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason ?? '');
  } catch {
    return false; // a value without a string form (Object.create(null)) is no browser's import error
  }
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

/**
 * Reloads the page for a failed chunk: the first time, then again only when the last such reload is
 * more than 60 s ago, so a chunk that is really missing cannot loop the page. Returns whether it reloaded.
 */
export function reloadForChunk(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void, now: number = Date.now()): boolean {
  const last = Number(storage.getItem(RELOAD_AT_KEY));
  if (Number.isFinite(last) && last > 0 && now >= last && now - last <= RELOAD_GUARD_MS) return false;
  storage.setItem(RELOAD_AT_KEY, String(now));
  reload();
  return true;
}
