import { describe, expect, it } from 'vitest';
import { jakartaToday, type RegisterRequest, RegisterRequestSchema } from '~/contract/auth';

/**
 * The date `years` years (and `days` days) before Jakarta's today, YYYY-MM-DD: built from the day
 * the test runs, so the age rules are tested the same way next year. 29 February becomes the 28th.
 */
function yearsAgo(years: number, days = 0): string {
  const [y, m, d] = jakartaToday().split('-').map(Number) as [number, number, number];
  const day = m === 2 && d === 29 ? 28 : d;
  const date = new Date(Date.UTC(y - years, m - 1, day + days));
  return date.toISOString().slice(0, 10);
}

const VALID: RegisterRequest = {
  email: 'siti@sekolah.example',
  name: 'Siti Rahma',
  phone: '081234567890',
  birthDate: yearsAgo(16),
  gender: 'P',
  provinceId: '32',
  cityId: '32.73',
  password: 'rahasia123',
  passwordRepeat: 'rahasia123',
  newsletter: false,
  acceptTerms: true,
};

const parse = (changes: Record<string, unknown>) => RegisterRequestSchema.safeParse({ ...VALID, ...changes });
/** The messages on one field's path. */
function messagesOn(changes: Record<string, unknown>, field: string): string[] {
  const result = parse(changes);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message);
}
/** The fields with an issue. */
function fieldsWithIssues(changes: Record<string, unknown>): string[] {
  const result = parse(changes);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
}

describe('RegisterRequestSchema (/Register, one schema for island and server)', () => {
  it('accepts a complete, valid form', () => {
    const result = RegisterRequestSchema.safeParse(VALID);
    expect(result.success).toBe(true);
    expect(result.data).toEqual(VALID);
  });

  it('trims and lower-cases the e-mail', () => {
    expect(parse({ email: '  Siti.Rahma@Sekolah.EXAMPLE ' }).data?.email).toBe('siti.rahma@sekolah.example');
  });

  it.each(['bukan-email', 'siti@', '@sekolah.example', 'siti @sekolah.example', ''])('refuses the e-mail %j beside the field', (email) => {
    expect(messagesOn({ email }, 'email')).toContain('Masukkan alamat email yang valid, mis. nama@contoh.id');
  });

  it('refuses a name of one letter, or of spaces only', () => {
    expect(messagesOn({ name: 'S' }, 'name')).toContain('Nama minimal 2 karakter');
    expect(messagesOn({ name: '     ' }, 'name')).toContain('Nama minimal 2 karakter');
    expect(messagesOn({ name: 'x'.repeat(101) }, 'name')).toContain('Nama maksimal 100 karakter');
    expect(parse({ name: '  Budi  ' }).data?.name).toBe('Budi');
  });

  describe('phone', () => {
    it.each([
      '081234567890',
      '0812-3456-7890',
      '0812 3456 7890',
      '0812.3456.7890',
      '(0812) 3456-7890',
      '+6281234567890',
      '+62 812-3456-7890',
    ])('accepts %s', (phone) => {
      expect(parse({ phone }).success).toBe(true);
    });

    it.each(['12345', '+1 555', '+1 555 123 4567', '6281234567890', '+62081234567890', '0212345678', '0812345', '08abc4567890', '', '+62'])(
      'refuses %j beside the field',
      (phone) => {
        expect(messagesOn({ phone }, 'phone')).toContain('Nomor HP harus diawali 08 atau +62, mis. 081234567890');
      },
    );

    it('refuses a number longer than a phone number can be', () => {
      expect(messagesOn({ phone: '0812 3456 7890 1234 567' }, 'phone')).toContain('Nomor HP terlalu panjang');
      expect(parse({ phone: `08${'1'.repeat(13)}` }).success).toBe(false);
    });
  });

  describe('birth date, judged against today in Jakarta', () => {
    const AGE_MESSAGE = 'Umur harus antara 10 dan 100 tahun';

    it('accepts the youngest and the oldest age', () => {
      expect(parse({ birthDate: yearsAgo(10) }).success).toBe(true);
      expect(parse({ birthDate: yearsAgo(101, 1) }).success).toBe(true);
    });

    it.each([
      ['a date in the future', () => yearsAgo(0, 1)],
      ['today', () => yearsAgo(0)],
      ['age 9', () => yearsAgo(9)],
      ['one day short of age 10', () => yearsAgo(10, 1)],
      ['age 101', () => yearsAgo(101)],
      ['age 150', () => yearsAgo(150)],
    ])('refuses %s beside the field', (_what, birthDate) => {
      expect(messagesOn({ birthDate: birthDate() }, 'birthDate')).toContain(AGE_MESSAGE);
    });

    it.each(['', '17-08-2010', '2010/08/17', '2010-02-30', '2010-13-01', 'kemarin', '2010-08-17T00:00:00Z'])(
      'refuses the malformed date %j beside the field',
      (birthDate) => {
        expect(messagesOn({ birthDate }, 'birthDate')).toContain('Tanggal lahir wajib diisi dengan format tanggal yang valid');
      },
    );
  });

  it.each(['X', 'l', '', 'Laki-laki', null])('refuses the gender %j beside the field', (gender) => {
    expect(messagesOn({ gender }, 'gender')).toContain('Pilih jenis kelamin: L (laki-laki) atau P (perempuan)');
  });

  it('accepts both genders', () => {
    expect(parse({ gender: 'L' }).success).toBe(true);
    expect(parse({ gender: 'P' }).success).toBe(true);
  });

  it('refuses a missing or malformed province beside the field', () => {
    const { provinceId: _omitted, ...withoutProvince } = VALID;
    const result = RegisterRequestSchema.safeParse(withoutProvince);
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((issue) => issue.path.join('.') === 'provinceId')).toBe(true);
    expect(messagesOn({ provinceId: '' }, 'provinceId')).toContain('Pilih provinsi');
    expect(messagesOn({ provinceId: '3' }, 'provinceId')).toContain('Pilih provinsi');
  });

  it('refuses a city of another province, beside the city', () => {
    expect(messagesOn({ cityId: '31.71' }, 'cityId')).toContain('Kota tidak berada di provinsi ini');
    expect(fieldsWithIssues({ cityId: '31.71' })).toEqual(['cityId']);
    // A province code that is a prefix of the city's digits is still another province.
    expect(messagesOn({ provinceId: '3', cityId: '32.73' }, 'cityId')).toContain('Kota tidak berada di provinsi ini');
  });

  it('refuses a missing or malformed city beside the field', () => {
    expect(messagesOn({ cityId: '' }, 'cityId')).toContain('Pilih kota atau kabupaten');
    expect(messagesOn({ cityId: '3273' }, 'cityId')).toContain('Pilih kota atau kabupaten');
  });

  describe('password', () => {
    it('refuses one without a digit, or without a letter', () => {
      expect(messagesOn({ password: 'abcdefgh', passwordRepeat: 'abcdefgh' }, 'password')).toContain(
        'Kata sandi harus memuat huruf dan angka',
      );
      expect(messagesOn({ password: '12345678', passwordRepeat: '12345678' }, 'password')).toContain(
        'Kata sandi harus memuat huruf dan angka',
      );
    });

    it('refuses one shorter than 8 characters', () => {
      expect(messagesOn({ password: 'abc1', passwordRepeat: 'abc1' }, 'password')).toContain('Kata sandi minimal 8 karakter');
      expect(parse({ password: 'abcdefg1', passwordRepeat: 'abcdefg1' }).success).toBe(true);
    });

    it('refuses one longer than 200 characters', () => {
      const long = `a1${'x'.repeat(199)}`;
      expect(messagesOn({ password: long, passwordRepeat: long }, 'password')).toContain('Kata sandi maksimal 200 karakter');
    });

    it('refuses a repeat that differs, beside the repeat', () => {
      expect(messagesOn({ passwordRepeat: 'rahasia124' }, 'passwordRepeat')).toContain('Kata sandi tidak sama');
      expect(fieldsWithIssues({ passwordRepeat: 'rahasia124' })).toEqual(['passwordRepeat']);
      expect(messagesOn({ passwordRepeat: '' }, 'passwordRepeat')).toContain('Ulangi kata sandi');
    });

    it('keeps the password exactly as typed (no trimming of spaces)', () => {
      expect(parse({ password: ' rahasia123 ', passwordRepeat: ' rahasia123 ' }).data?.password).toBe(' rahasia123 ');
      expect(messagesOn({ password: ' rahasia123 ' }, 'passwordRepeat')).toContain('Kata sandi tidak sama');
    });
  });

  it.each([false, 'true', 1, undefined])('refuses acceptTerms %j beside the field', (acceptTerms) => {
    expect(messagesOn({ acceptTerms }, 'acceptTerms')).toContain('Anda harus menyetujui syarat dan ketentuan');
  });

  it('needs the newsletter choice as true or false', () => {
    expect(parse({ newsletter: true }).success).toBe(true);
    expect(fieldsWithIssues({ newsletter: 'ya' })).toEqual(['newsletter']);
    expect(fieldsWithIssues({ newsletter: undefined })).toEqual(['newsletter']);
  });

  it('refuses an unknown extra field (strict), such as a role the visitor tries to give themselves', () => {
    const result = parse({ kind: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((issue) => issue.code === 'unrecognized_keys')).toBe(true);
  });

  it('answers every bad form with issues, never a crash', () => {
    for (const input of [null, undefined, 'form', 42, [], {}, { ...VALID, password: 12345678 }, { ...VALID, cityId: null }]) {
      expect(() => RegisterRequestSchema.safeParse(input)).not.toThrow();
      const result = RegisterRequestSchema.safeParse(input);
      expect(result.success).toBe(false);
      for (const issue of result.error?.issues ?? []) expect(issue.message).not.toMatch(/^Invalid input|expected/i);
    }
  });

  it('names each empty field of an empty form', () => {
    expect(fieldsWithIssues(Object.fromEntries(Object.keys(VALID).map((key) => [key, undefined])))).toEqual(
      expect.arrayContaining([
        'email',
        'name',
        'phone',
        'birthDate',
        'gender',
        'provinceId',
        'cityId',
        'password',
        'passwordRepeat',
        'newsletter',
        'acceptTerms',
      ]),
    );
  });
});
