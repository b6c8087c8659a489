import * as z from 'zod/mini';
import id from 'zod/v4/locales/id.js';

/**
 * zod's small build, for the schemas that islands import: the full build is about 90 KB gzip in a
 * browser bundle, this one about 6 KB (src/islands/README.md "Size budget"). Server and island
 * validate with the very same schema objects; messages speak Indonesian as everywhere else.
 */
z.config(id());

export { z };

/** Success envelope of the main services: the payload sits in `data` (as `common.ts` `envelope`). */
export function miniEnvelope<T extends z.ZodMiniType>(data: T) {
  return z.object({ statusCode: z.number().check(z.int()), message: z.string(), data });
}

/** What a visitor reads for an e-mail address that is not one. */
export const EMAIL_MESSAGE = 'Masukkan alamat email yang valid, mis. nama@contoh.id';
/**
 * The e-mail address a form asks for (the visitors' forms, the DISC test, a payout request): trimmed,
 * lower case, at most 254 characters; left empty it is 'Email wajib diisi'. One rule, so the same
 * address is accepted, and refused with the same words, wherever it is typed.
 */
export const RequiredEmail = z
  .string('Email wajib diisi')
  .check(z.trim(), z.toLowerCase(), z.minLength(1, 'Email wajib diisi'), z.maxLength(254, 'Email terlalu panjang'), z.email(EMAIL_MESSAGE));

/* Query strings: numbers, flags and lists arrive as text. */
/** A whole number 1…max from a query string. */
export const queryInt = (name: string, max = 2_147_483_647) =>
  z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      const n = Number(value);
      if (!/^\d{1,10}$/.test(value) || n < 1) {
        ctx.issues.push({ code: 'custom', input: value, message: `${name} harus bilangan bulat lebih dari 0` });
        return z.NEVER;
      }
      if (n > max) {
        ctx.issues.push({ code: 'custom', input: value, message: `${name} maksimal ${max}` });
        return z.NEVER;
      }
      return n;
    }),
  );
/** A flag from a query string: true/false or 1/0. */
export const queryFlag = z.pipe(
  z.enum(['true', 'false', '1', '0'], 'harus true atau false'),
  z.transform((value) => value === 'true' || value === '1'),
);
/** A comma-separated list of ids (`programIds=1,2`). */
export const queryIds = (name: string) =>
  z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      const parts = value.split(',').filter(Boolean);
      if (parts.length > 50 || parts.some((part) => !/^\d{1,9}$/.test(part))) {
        ctx.issues.push({ code: 'custom', input: value, message: `${name}: daftar id dipisah koma, mis. 1,2` });
        return z.NEVER;
      }
      return parts.map(Number);
    }),
  );
/** A comma-separated list of Kemendagri city codes (`heldCityIds=32.73,31.71`). */
export const queryCityIds = (name: string) =>
  z.pipe(
    z.string(),
    z.transform((value, ctx) => {
      const parts = value.split(',').filter(Boolean);
      if (parts.length > 50 || parts.some((part) => !/^\d{2}\.\d{2}$/.test(part))) {
        ctx.issues.push({ code: 'custom', input: value, message: `${name}: kode kota dipisah koma, mis. 32.73,31.71` });
        return z.NEVER;
      }
      return parts;
    }),
  );
