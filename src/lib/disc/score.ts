import { DISC_QUESTIONNAIRE, type DiscLetter } from './questionnaire';

/**
 * Scoring a DISC answer sheet (docs/design.md "Facts"): per letter, the number of times it was scored as
 * 'most' minus the number of times it was scored as 'least'; the type is the highest score.
 */

/** The letters in their fixed order, which is also the last tie-break. */
export const DISC_LETTERS: readonly DiscLetter[] = ['D', 'I', 'S', 'C'];

export type DiscScores = Record<DiscLetter, number>;

export interface DiscResult {
  /** most − least per letter, each −21…21 with this questionnaire. */
  scores: DiscScores;
  type: DiscLetter;
}

/** One group's answer: the index (0–3) of the word most like the taker, then of the one least like them. */
export type DiscAnswer = readonly [most: number, least: number];

/**
 * A sheet that cannot be scored. Callers validate with `DiscSubmissionSchema` (src/contract/disc.ts)
 * first, so reaching this is a bug of the caller, not a visitor's mistake: it throws rather than
 * returning a result to check. `group` is the 0-based index of the first bad group, when one is at fault.
 */
export class DiscAnswersError extends Error {
  override name = 'DiscAnswersError';
  readonly group: number | undefined;
  constructor(message: string, group?: number) {
    super(message);
    this.group = group;
  }
}

const isIndex = (value: unknown, size: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < size;

/**
 * The scores and type of a full sheet: one `[most, least]` pair per group of `DISC_QUESTIONNAIRE`,
 * in its order, each index 0–3 and most ≠ least; anything else throws `DiscAnswersError`.
 *
 * Tie-break, deterministic: among letters with the highest score, the one picked more often as
 * 'most' wins (the taker said "this is me" more often); if that ties too, the first in D, I, S, C.
 */
export function scoreDisc(answers: readonly DiscAnswer[]): DiscResult {
  if (!Array.isArray(answers) || answers.length !== DISC_QUESTIONNAIRE.length) {
    const got = Array.isArray(answers) ? answers.length : 0;
    throw new DiscAnswersError(`Lembar jawaban harus berisi ${DISC_QUESTIONNAIRE.length} kelompok, diterima ${got}`);
  }
  const most = zero();
  const least = zero();
  answers.forEach((answer, index) => {
    const group = DISC_QUESTIONNAIRE[index] as (typeof DISC_QUESTIONNAIRE)[number];
    const [picked, rejected] = Array.isArray(answer) && answer.length === 2 ? answer : [];
    if (!isIndex(picked, group.length) || !isIndex(rejected, group.length) || picked === rejected) {
      throw new DiscAnswersError(
        `Kelompok ${index + 1}: pilih satu kata yang paling sesuai dan satu kata lain yang paling tidak sesuai (nomor 0–${group.length - 1})`,
        index,
      );
    }
    const mostLetter = group[picked]?.most;
    const leastLetter = group[rejected]?.least;
    if (mostLetter) most[mostLetter] += 1;
    if (leastLetter) least[leastLetter] += 1;
  });
  const scores = zero();
  for (const letter of DISC_LETTERS) scores[letter] = most[letter] - least[letter];
  return { scores, type: discTypeOf(scores, most) };
}

/** The type of a set of scores: the highest score, then the most 'most' picks, then D, I, S, C order. */
export function discTypeOf(scores: DiscScores, most: DiscScores): DiscLetter {
  let best: DiscLetter = 'D';
  for (const letter of DISC_LETTERS) {
    if (scores[letter] > scores[best] || (scores[letter] === scores[best] && most[letter] > most[best])) best = letter;
  }
  return best;
}

function zero(): DiscScores {
  return { D: 0, I: 0, S: 0, C: 0 };
}
