import { miniEnvelope, z } from './mini';

/** A province or a city/regency, coded as in the Kemendagri regulation (e.g. `32`, `32.73`). zod/mini: the sign-up island reads these. */
export const ProvinceSchema = z.object({ id: z.string(), name: z.string() });
export const CitySchema = z.object({ id: z.string(), provinceId: z.string(), name: z.string() });
export type Province = z.infer<typeof ProvinceSchema>;
export type City = z.infer<typeof CitySchema>;
export const ProvincesResponseSchema = miniEnvelope(z.array(ProvinceSchema));
export const CitiesResponseSchema = miniEnvelope(z.array(CitySchema));

/** GET v1/authorizer/cities query. */
export const CitiesQuerySchema = z.strictObject({
  provinceId: z.string('provinceId wajib diisi').check(z.regex(/^\d{2}$/, 'provinceId harus dua digit kode provinsi, mis. 32')),
});
