import { describe, expect, it } from 'vitest';
import { DISC_GROUP_COUNT, DISC_OPTION_COUNT } from '~/contract/disc';
import { DISC_PROFILES } from '~/lib/disc/profiles';
import { DISC_QUESTIONNAIRE, type DiscLetter } from '~/lib/disc/questionnaire';
import { DISC_LETTERS } from '~/lib/disc/score';

const options = DISC_QUESTIONNAIRE.flat();
/** How many words score `letter` on one side. */
const reach = (side: 'most' | 'least', letter: DiscLetter) => options.filter((option) => option[side] === letter).length;

describe('DISC_QUESTIONNAIRE', () => {
  it('has 24 groups of four words, as the contract says', () => {
    expect(DISC_QUESTIONNAIRE).toHaveLength(24);
    expect(DISC_QUESTIONNAIRE).toHaveLength(DISC_GROUP_COUNT);
    for (const group of DISC_QUESTIONNAIRE) expect(group).toHaveLength(DISC_OPTION_COUNT);
  });

  it('gives every group four different words, and never repeats a word across the questionnaire', () => {
    const words = options.map((option) => option.word.trim().toLowerCase());
    for (const group of DISC_QUESTIONNAIRE) expect(new Set(group.map((option) => option.word.toLowerCase())).size).toBe(4);
    const repeated = words.filter((word, index) => words.indexOf(word) !== index);
    expect(repeated).toEqual([]);
    for (const option of options) expect(option.word).toMatch(/^[A-Z][a-z]+(?:[ -][a-z]+)*$/);
  });

  it('has one word of each letter in every group, so no letter is missing from a choice', () => {
    for (const [index, group] of DISC_QUESTIONNAIRE.entries()) {
      const letters = group.map((option) => option.most ?? option.least);
      expect([...letters].sort(), `kelompok ${index + 1}`).toEqual(['C', 'D', 'I', 'S']);
      // A word never scores one letter as 'most' and another as 'least', and counts on at least one side.
      for (const option of group) {
        expect(option.most ?? option.least).not.toBeNull();
        if (option.most && option.least) expect(option.most).toBe(option.least);
      }
    }
  });

  it('lets each letter be scored by as many words as every other, on each side', () => {
    for (const side of ['most', 'least'] as const) {
      const counts = DISC_LETTERS.map((letter) => reach(side, letter));
      expect(counts, side).toEqual([21, 21, 21, 21]);
    }
    // As in the classic keys, some words count for nothing on one side: one per group.
    for (const group of DISC_QUESTIONNAIRE) {
      const blanks = group.filter((option) => option.most === null).length + group.filter((option) => option.least === null).length;
      expect(blanks).toBe(1);
    }
  });
});

describe('DISC_PROFILES', () => {
  it('explains every type with the Indonesian names that keep the letters D-I-S-C', () => {
    expect(DISC_LETTERS.map((letter) => DISC_PROFILES[letter].title)).toEqual(['Dominan', 'Intim', 'Stabil', 'Cermat']);
    for (const letter of DISC_LETTERS) {
      const profile = DISC_PROFILES[letter];
      expect(profile.letter).toBe(letter);
      expect(profile.title.startsWith(letter)).toBe(true);
      expect(profile.description.length).toBeGreaterThan(150);
      for (const list of [profile.strengths, profile.watchOuts, profile.learning]) expect(list.length).toBeGreaterThanOrEqual(3);
      // Third person: the copy must read right in a tenant that says Anda and in one that says kamu.
      expect(JSON.stringify(profile)).not.toMatch(/\b(Anda|anda|kamu|Kamu)\b/);
    }
  });
});
