/** Largest request body the API reads; larger ones get 413 (`bodyTooLarge`) before any handler runs. */
export const MAX_BODY_BYTES = 64 * 1024;
