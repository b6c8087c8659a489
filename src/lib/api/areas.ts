import { CitiesResponseSchema, type City, type Province, ProvincesResponseSchema } from '~/contract/areas';
import type { ApiClient, RequestOptions } from './client';

/** GET v1/authorizer/provinces: the 38 provinces of Indonesia. */
export async function listProvinces(client: ApiClient, options?: RequestOptions): Promise<Province[]> {
  return (await client.call('main', 'v1/authorizer/provinces', ProvincesResponseSchema, options)).data;
}

/** GET v1/authorizer/cities?provinceId: the cities and regencies of one province (two-digit code, e.g. `32`). */
export async function listCities(client: ApiClient, provinceId: string, options?: RequestOptions): Promise<City[]> {
  return (await client.call('main', 'v1/authorizer/cities', CitiesResponseSchema, { ...options, query: { provinceId } })).data;
}
