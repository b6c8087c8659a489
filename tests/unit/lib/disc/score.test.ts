import { describe, expect, it } from 'vitest';
import { DISC_QUESTIONNAIRE, type DiscLetter } from '~/lib/disc/questionnaire';
import { DISC_LETTERS, type DiscAnswer, DiscAnswersError, discTypeOf, scoreDisc } from '~/lib/disc/score';

/** The index of the word of `letter` in a group (every group has one word per letter). */
function wordOf(group: number, letter: DiscLetter): number {
  return (DISC_QUESTIONNAIRE[group] ?? []).findIndex((option) => (option.most ?? option.least) === letter);
}
/** A sheet written as letters, 'DC' = the D word as most and the C word as least, one per group. */
function sheet(pairs: string[]): DiscAnswer[] {
  expect(pairs).toHaveLength(24);
  return pairs.map((pair, group) => [wordOf(group, pair[0] as DiscLetter), wordOf(group, pair[1] as DiscLetter)]);
}
const repeat = (pair: string, times: number) => Array.from({ length: times }, () => pair);

/*
 * The hand computations below use the questionnaire's blanks: a word counts nothing as 'most' in
 * groups 1, 9, 17 (C), 3, 11, 19 (D), 5, 13, 21 (I), 7, 15, 23 (S), and nothing as 'least' in
 * groups 2, 10, 18 (S), 4, 12, 20 (C), 6, 14, 22 (D), 8, 16, 24 (I).
 */
describe('scoreDisc', () => {
  it('scores most − least per letter: D as most and C as least everywhere is D 21, C −21', () => {
    // D counts as most in 24 − 3 groups; C counts as least in 24 − 3 groups.
    expect(scoreDisc(sheet(repeat('DC', 24)))).toEqual({ scores: { D: 21, I: 0, S: 0, C: -21 }, type: 'D' });
  });

  it('scores a mixed sheet as computed by hand', () => {
    // Groups 1–12: I most (blank in 5) → I 11; D least (blank in 6) → D −11.
    // Groups 13–24: S most (blanks in 15, 23) → S 10; C least (blank in 20) → C −11.
    const result = scoreDisc(sheet([...repeat('ID', 12), ...repeat('SC', 12)]));
    expect(result).toEqual({ scores: { D: -11, I: 11, S: 10, C: -11 }, type: 'I' });
  });

  it.each(DISC_LETTERS.map((letter, index) => [letter, DISC_LETTERS[(index + 1) % 4] as DiscLetter] as const))(
    'reaches type %s (and its most extreme score) by picking its words as most',
    (letter, other) => {
      const result = scoreDisc(sheet(repeat(`${letter}${other}`, 24)));
      expect(result.type).toBe(letter);
      expect(result.scores[letter]).toBe(21);
      expect(result.scores[other]).toBe(-21);
    },
  );

  it('breaks a tie of scores by the letter picked more often as most', () => {
    // 1–4, 6, 7: I most (no blanks) → I +6, C least (blank in 4) → C −5.
    // 5, 8, 9, 10: D most → D +4, I least (blank in 8) → I −3.   11: I most, S least → I +1, S −1.
    // 12–24: S/C and C/S alternately: S +7 −6, C +5 −5 (blanks: 12 C least, 17 C most, 20 C least).
    const pairs = ['IC', 'IC', 'IC', 'IC', 'DI', 'IC', 'IC', 'DI', 'DI', 'DI', 'IS'];
    for (let group = 12; group <= 24; group += 1) pairs.push(group % 2 === 0 ? 'SC' : 'CS');
    // D 4 (4 times most) and I 4 (7 times most): I, though D comes first.
    expect(scoreDisc(sheet(pairs))).toEqual({ scores: { D: 4, I: 4, S: 0, C: -5 }, type: 'I' });
  });

  it('breaks a full tie (scores and most picks) in the order D, I, S, C', () => {
    // 1–12: D most (blanks 3, 11) → D 10; 13–24: I most (blanks 13, 21) → I 10; S least (blanks 2, 10, 18) → S −21.
    expect(scoreDisc(sheet([...repeat('DS', 12), ...repeat('IS', 12)]))).toEqual({
      scores: { D: 10, I: 10, S: -21, C: 0 },
      type: 'D',
    });
    expect(discTypeOf({ D: 0, I: 3, S: 3, C: 3 }, { D: 1, I: 5, S: 5, C: 5 })).toBe('I');
    expect(discTypeOf({ D: 2, I: 2, S: 3, C: 3 }, { D: 9, I: 9, S: 4, C: 6 })).toBe('C');
    expect(discTypeOf({ D: 0, I: 0, S: 0, C: 0 }, { D: 0, I: 0, S: 0, C: 0 })).toBe('D');
  });

  it('refuses a sheet without exactly 24 answers', () => {
    const full = sheet(repeat('DC', 24));
    for (const answers of [[], full.slice(0, 23), [...full, [0, 1] as const]]) {
      expect(() => scoreDisc(answers)).toThrow(DiscAnswersError);
    }
    expect(() => scoreDisc(null as unknown as DiscAnswer[])).toThrow(/24 kelompok, diterima 0/);
  });

  it.each([
    ['the same word as most and least', [2, 2]],
    ['an index past the fourth word', [0, 4]],
    ['a negative index', [-1, 0]],
    ['a fraction', [0.5, 1]],
    ['a missing least', [1]],
    ['text', ['0', '1']],
  ])('refuses %s, naming the group', (_, bad) => {
    const answers: unknown[] = sheet(repeat('DC', 24));
    answers[6] = bad;
    try {
      scoreDisc(answers as DiscAnswer[]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DiscAnswersError);
      expect((error as DiscAnswersError).group).toBe(6);
      expect((error as Error).message).toMatch(/^Kelompok 7: /);
    }
  });
});
