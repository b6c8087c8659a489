/*
 * How long the account's mailed links live, without zod: the /Akun banner says it in the island's
 * first chunk, which does not load the account schemas (src/islands/README.md "Size budget").
 * `account.ts` re-exports both.
 */

/** How long each mailed link lives, in hours (the mails and the pages say so). */
export const ACCOUNT_LINK_HOURS = { 'verify-email': 24, 'reset-password': 1 } as const;

/** How long a mailed link of `purpose` lives, in words (`24 jam`), for every text that says so. */
export const linkLifetime = (purpose: keyof typeof ACCOUNT_LINK_HOURS) => `${ACCOUNT_LINK_HOURS[purpose]} jam`;
