import { describe, expect, it } from 'vitest';
import { DISC_GROUP_COUNT, DISC_OPTION_COUNT, type DiscSubmission, DiscSubmissionSchema } from '~/contract/disc';
import { DISC_QUESTIONNAIRE } from '~/lib/disc/questionnaire';
import { scoreDisc } from '~/lib/disc/score';

const answers = Array.from({ length: 24 }, (_, group) => [group % 4, (group + 1) % 4] as [number, number]);
const VALID: DiscSubmission = { name: 'Siti Rahmawati', email: ' Siti@Sekolah.Example ', answers };

/** The distinct messages of a submission with `changes`, by field path. */
function issues(changes: Record<string, unknown>): Record<string, string[]> {
  const result = DiscSubmissionSchema.safeParse({ ...VALID, ...changes });
  const found: Record<string, string[]> = {};
  if (result.success) return found;
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    const messages = found[path] ?? [];
    if (!messages.includes(issue.message)) found[path] = [...messages, issue.message];
  }
  return found;
}

describe('DiscSubmissionSchema', () => {
  it('matches the questionnaire it is for', () => {
    expect(DISC_QUESTIONNAIRE).toHaveLength(DISC_GROUP_COUNT);
    expect(DISC_QUESTIONNAIRE.every((group) => group.length === DISC_OPTION_COUNT)).toBe(true);
  });

  it('accepts a full sheet, trims the name and lowers the e-mail, and every sheet it accepts can be scored', () => {
    const parsed = DiscSubmissionSchema.parse({ ...VALID, name: '  Siti Rahmawati ' });
    expect(parsed).toEqual({ name: 'Siti Rahmawati', email: 'siti@sekolah.example', answers });
    expect(scoreDisc(parsed.answers).type).toMatch(/^[DISC]$/);
  });

  it('keeps Indonesian names as written', () => {
    expect(DiscSubmissionSchema.parse({ ...VALID, name: "Ni Luh Putu Ayu Dewi-Sari O'Neil" }).name).toBe(
      "Ni Luh Putu Ayu Dewi-Sari O'Neil",
    );
  });

  it('says in Indonesian which field is wrong', () => {
    expect(issues({ name: ' ' })).toEqual({ name: ['Nama minimal 2 karakter'] });
    expect(issues({ name: 'x'.repeat(101) })).toEqual({ name: ['Nama maksimal 100 karakter'] });
    expect(issues({ name: 'Siti\nRahma' })).toEqual({ name: ['Nama harus satu baris tanpa karakter kontrol'] });
    expect(issues({ email: 'bukan-email' })).toEqual({ email: ['Masukkan alamat email yang valid, mis. nama@contoh.id'] });
    expect(issues({ email: undefined })).toEqual({ email: ['Email wajib diisi'] });
  });

  it('refuses a sheet with too few or too many answers', () => {
    expect(issues({ answers: answers.slice(0, 23) })).toEqual({ answers: ['Jawab ke-24 kelompok kata'] });
    expect(issues({ answers: [...answers, [0, 1]] })).toEqual({ answers: ['Jawab ke-24 kelompok kata'] });
    expect(issues({ answers: 'semua' })).toEqual({ answers: ['Jawab ke-24 kelompok kata'] });
  });

  it('names the group of an answer that is not two different words of four', () => {
    const withAnswer = (answer: unknown) => {
      const sheet: unknown[] = [...answers];
      sheet[3] = answer;
      return Object.keys(issues({ answers: sheet }));
    };
    expect(withAnswer([1, 1])).toEqual(['answers.3']);
    expect(withAnswer([0, 4])).toEqual(['answers.3.1']);
    expect(withAnswer([-1, 2])).toEqual(['answers.3.0']);
    expect(withAnswer([1.5, 2])).toEqual(['answers.3.0']);
    expect(withAnswer([null, 2])).toEqual(['answers.3.0']);
    expect(withAnswer([1])).toEqual(['answers.3']);
    expect(withAnswer([1, 2, 3])).toEqual(['answers.3']);
    expect(issues({ answers: answers.map((answer, index) => (index === 3 ? [2, 2] : answer)) })['answers.3']).toEqual([
      'Kata "paling sesuai" dan "paling tidak sesuai" harus berbeda',
    ]);
  });

  it('refuses fields it does not know, so nobody sends a type or scores of their own', () => {
    expect(Object.keys(issues({ type: 'D' }))).toEqual(['']);
  });
});
