/**
 * The grounds a section can sit on. Each has a class in global.css that paints it and sets the text
 * colours (`--fg*`) that read on it, and the logo drawn on it is the one that shows best there.
 */
export const GROUNDS = ['light', 'muted', 'dark', 'primary', 'secondary'] as const;
export type Ground = (typeof GROUNDS)[number];

/** The class that paints a ground and sets its text colours. */
export function groundClass(ground: Ground): string {
  return ground === 'muted' ? 'on-light on-muted' : `on-${ground}`;
}
