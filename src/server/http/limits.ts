/** Largest request body the API reads; larger ones get 413 before any handler runs. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The message of that 413. */
export const BODY_TOO_LARGE = `Isi permintaan terlalu besar (maksimal ${MAX_BODY_BYTES / 1024} KB)`;
