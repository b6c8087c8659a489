import { TITLE_SEPARATOR } from '~/lib/seo/meta';

/*
 * What /CallbackPayment (CallbackPayment.tsx) says as it learns where the payment stands: the status
 * text and the tab's title follow the outcome, never staying on 'checking' after a failure.
 */

/** The page's neutral title (its fallback copy), until the outcome is known. */
export const CALLBACK_NEUTRAL_TITLE = 'Status pembayaran';

/** Where the page stands. */
export type CallbackOutcome =
  | { kind: 'checking' }
  | { kind: 'failed'; classHref: string | undefined }
  | { kind: 'leaving'; heading: string; text: string }
  | { kind: 'sign-in'; href: string }
  | { kind: 'trouble'; message: string };

/** The outcome in a few words: the tab's title in place of the neutral one. */
export function callbackHeading(outcome: CallbackOutcome): string {
  switch (outcome.kind) {
    case 'checking':
      return CALLBACK_NEUTRAL_TITLE;
    case 'failed':
      return 'Pembayaran gagal';
    case 'leaving':
      return outcome.heading;
    case 'sign-in':
      return 'Masuk untuk melihat status pembayaran';
    case 'trouble':
      return 'Status pembayaran belum dapat diperiksa';
  }
}

/**
 * The tab's title for an outcome, from the page's own title as served (`Status pembayaran - Situs`):
 * the neutral words replaced by the outcome's; a tenant's own page title is replaced up to the site's
 * suffix (' - Situs'), kept as the site writes it.
 */
export function callbackTitle(original: string, outcome: CallbackOutcome): string {
  if (outcome.kind === 'checking') return original;
  const heading = callbackHeading(outcome);
  if (original.includes(CALLBACK_NEUTRAL_TITLE)) return original.replace(CALLBACK_NEUTRAL_TITLE, heading);
  const suffix = original.indexOf(TITLE_SEPARATOR);
  return suffix < 0 ? heading : `${heading}${original.slice(suffix)}`;
}
