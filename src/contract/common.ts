import { z } from 'zod';

// Validation messages reach visitors and admins of Indonesian sites: zod speaks Indonesian everywhere.
z.config(z.locales.id());

/**
 * What every platform API failure answers with (SPEC §8 normalising reads `statusCode` and `message`).
 * `fields` names each invalid input field on a 400, so a form can mark it.
 */
export const ApiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

/**
 * Success envelope of the main services: the payload sits in `data` (SPEC §7 "Result data.token").
 * Any zod schema may be the payload, zod/mini ones too (`paged.ts`).
 */
export function envelope<T extends z.core.SomeType>(data: T) {
  return z.object({ statusCode: z.number().int(), message: z.string(), data });
}

export * from './constants';

/** A tenant's app code as it appears in paths (`{code}/cms/app/…`) and as the app token prefix. */
export const AppCodeSchema = z.string().regex(/^[A-Z0-9_-]{2,32}$/, 'app code: huruf besar, angka, _ atau -');

/**
 * The update body of a create schema: every field optional and without its default. zod 4 fills a
 * default in even under `.partial()`, so an update that names one field would reset every other
 * field that has a default (a title change would empty the content).
 */
export function partialUpdate<S extends z.ZodRawShape>(shape: S) {
  return z.strictObject(
    Object.fromEntries(
      Object.entries(shape).map(([key, schema]) => [
        key,
        ((schema instanceof z.ZodDefault ? schema.unwrap() : schema) as z.ZodType).optional(),
      ]),
    ) as { [K in keyof S]: z.ZodOptional<z.ZodType<z.output<S[K]>, z.input<S[K]>>> },
  );
}
