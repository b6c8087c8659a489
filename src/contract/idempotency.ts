/*
 * The submission key of every write a visitor may repeat (the forms, the hosted database REST's
 * inserts). A module of its own, so a page that only inserts rows does not bundle the forms' schemas.
 */

/** Header carrying one submission's key: a repeated submit with the same key and body gets the first answer. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** A key as the islands make it (a UUID), or any 16–64 URL-safe characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** The header of an answer that is the stored answer of an earlier submission with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
