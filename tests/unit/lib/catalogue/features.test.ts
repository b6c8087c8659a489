import { describe, expect, it } from 'vitest';
import { CODER_LANGUAGES, CoderSignupSchema } from '~/contract/forms';
import { findFeature } from '~/lib/catalogue/features';

describe('the coding studio (SPEC §1, §9)', () => {
  it('has 12 programming languages, each named once', () => {
    expect(CODER_LANGUAGES).toHaveLength(12);
    expect(new Set(CODER_LANGUAGES).size).toBe(12);
  });

  it('lists on its page exactly the languages the coder sign-up accepts', () => {
    const listed = findFeature('coding-studio')?.listFeatures[0] ?? '';
    expect(listed).toBe(`12 bahasa pemrograman: ${CODER_LANGUAGES.join(', ')}`);
    const languages = CoderSignupSchema.shape.languages;
    expect(languages.safeParse([...CODER_LANGUAGES]).success).toBe(true);
  });
});
