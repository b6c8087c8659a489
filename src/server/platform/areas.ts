import { getProvinces, getRegencies } from 'idn-area-data';
import type { City, Province } from '~/contract/authorizer';
import { fail } from './errors';

/**
 * Indonesia's 38 provinces and their cities/regencies, from the maintained `idn-area-data` package
 * (Kemendagri regulation codes). Read once per process; the data only changes with a package update.
 */
let loaded: Promise<{ provinces: Province[]; cities: City[] }> | undefined;

function load() {
  loaded ??= Promise.all([getProvinces(), getRegencies()]).then(([provinces, regencies]) => ({
    provinces: provinces.map((province) => ({ id: province.code, name: province.name })),
    cities: regencies.map((regency) => ({ id: regency.code, provinceId: regency.province_code, name: regency.name })),
  }));
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

/** Every province, ordered by code. */
export async function listProvinces(): Promise<Province[]> {
  return (await load()).provinces;
}

/** Cities and regencies of one province; undefined when the province does not exist. */
export async function listCities(provinceId: string): Promise<City[] | undefined> {
  const { provinces, cities } = await load();
  if (!provinces.some((province) => province.id === provinceId)) return undefined;
  return cities.filter((city) => city.provinceId === provinceId);
}

let names: Promise<Map<string, string>> | undefined;

/** Names of every province and city by code (`32` → Jawa Barat, `32.73` → Kota Bandung), built once. */
export function cityNames(): Promise<Map<string, string>> {
  names ??= load().then(({ provinces, cities }) => new Map([...provinces, ...cities].map((area) => [area.id, area.name])));
  names.catch(() => {
    names = undefined;
  });
  return names;
}

/**
 * Refuses (400 naming the field) a province that does not exist or a city outside it (a schema checks
 * only the code's prefix): sign-up, coder sign-up and school registration.
 */
export async function checkArea(provinceId: string, cityId: string): Promise<void> {
  const cities = await listCities(provinceId);
  if (!cities) throw fail('invalid', { fields: [{ field: 'provinceId', message: 'Provinsi tidak ditemukan' }] });
  if (!cities.some((city) => city.id === cityId))
    throw fail('invalid', { fields: [{ field: 'cityId', message: 'Kota tidak berada di provinsi ini' }] });
}
