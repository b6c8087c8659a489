/** One group's `[most, least]` option indexes; -1 is not chosen yet. */
export type Pair = [number, number];

/** Whether a group is answered: a word on each side, and not the same word. */
export const complete = ([most, least]: Pair): boolean => most >= 0 && least >= 0 && most !== least;

/**
 * Why 'Berikutnya' cannot move on from this group yet (what the live region says when it is
 * pressed, or Enter is, too early); undefined when the group is answered.
 */
export function missingAnswer(pair: Pair): string | undefined {
  if (complete(pair)) return undefined;
  const [most, least] = pair;
  if (most < 0 && least < 0) return 'Pilih satu jawaban dulu: satu kata yang paling dan satu yang paling tidak menggambarkan Anda.';
  if (most < 0) return 'Pilih satu jawaban dulu: kata yang paling menggambarkan Anda.';
  return 'Pilih satu jawaban dulu: kata yang paling tidak menggambarkan Anda.';
}
