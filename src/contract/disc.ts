import { RequiredEmail, z } from './mini';

/*
 * A DISC test submission (SPEC §3 "Remote-database records": user_disc; §7 "POST user_disc" on the
 * hosted database REST), in zod/mini: the DISC island validates with this very schema and the
 * server's REST insert re-validates with it before scoring the answers (src/lib/disc/score.ts).
 */

/** Groups in the questionnaire and words in a group (src/lib/disc/questionnaire.ts; a unit test holds them equal). */
export const DISC_GROUP_COUNT = 24;
export const DISC_OPTION_COUNT = 4;

const PAIR_MESSAGE = 'Pilih satu kata yang paling sesuai dan satu kata lain yang paling tidak sesuai';
const OptionIndex = z.number(PAIR_MESSAGE).check(z.int(PAIR_MESSAGE), z.gte(0, PAIR_MESSAGE), z.lte(DISC_OPTION_COUNT - 1, PAIR_MESSAGE));

/** One group's answer: `[most, least]`, the indexes of two different words of the group. */
export const DiscAnswerSchema = z
  .tuple([OptionIndex, OptionIndex], PAIR_MESSAGE)
  .check(z.refine(([most, least]) => most !== least, 'Kata "paling sesuai" dan "paling tidak sesuai" harus berbeda'));

/** The whole sheet: one answer per group, in the questionnaire's order. */
export const DiscAnswersSchema = z
  .array(DiscAnswerSchema, `Jawab ke-${DISC_GROUP_COUNT} kelompok kata`)
  .check(z.length(DISC_GROUP_COUNT, `Jawab ke-${DISC_GROUP_COUNT} kelompok kata`));

// A name is one line: no line breaks, tabs or other control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const CONTROL_OR_BREAK = /[\u0000-\u001F\u007F]/;

/** What the DISC island sends and the REST insert of user_disc accepts; the type and scores are the server's to compute. */
export const DiscSubmissionSchema = z.strictObject({
  name: z.string('Nama wajib diisi').check(
    z.trim(),
    z.minLength(2, 'Nama minimal 2 karakter'),
    z.maxLength(100, 'Nama maksimal 100 karakter'),
    z.refine((value) => !CONTROL_OR_BREAK.test(value), 'Nama harus satu baris tanpa karakter kontrol'),
  ),
  email: RequiredEmail,
  answers: DiscAnswersSchema,
});
export type DiscSubmission = z.input<typeof DiscSubmissionSchema>;
