import { useEffect, useState } from 'react';
import type { City, Province } from '~/contract/areas';
import { listCities, listProvinces } from '~/lib/api/areas';
import { appClient } from './app-client';
import { Field } from './Field';

interface Props {
  provinceId: string;
  cityId: string;
  errors: { provinceId?: string | undefined; cityId?: string | undefined };
  onProvince: (id: string) => void;
  onCity: (id: string) => void;
  onBlur: (name: 'provinceId' | 'cityId') => void;
}

type Load<T> = { state: 'loading' } | { state: 'ready'; items: T[] } | { state: 'failed' };

const LOAD_FAILED = 'Daftar gagal dimuat. Periksa koneksi internet Anda.';

/** What the province field says when the city is asked for but cannot be chosen before a province. */
export const PROVINCE_FIRST = 'Pilih provinsi dahulu, lalu kota atau kabupaten.';

/**
 * Where each select's message goes (islands README "Accessibility"): both selects stay enabled, so
 * Tab and a screen reader reach every message. A city message given before a province is chosen
 * flags the province (the field that must change), and the city field only hints that it waits.
 */
export function areaMessages(
  provinceId: string,
  errors: { provinceId?: string | undefined; cityId?: string | undefined },
): { province: string | undefined; city: string | undefined } {
  if (provinceId) return { province: errors.provinceId, city: errors.cityId };
  return { province: errors.provinceId ?? (errors.cityId ? PROVINCE_FIRST : undefined), city: undefined };
}

/**
 * Province → city from the API (GET v1/authorizer/provinces, cities?provinceId). Neither select is
 * ever disabled: until a province is chosen the city list offers only an empty choice, its hint saying 'Pilih provinsi dahulu' (its
 * hint says so), and its messages go to the province (`areaMessages`); choosing another province
 * clears the city (`onCity('')`); a failed load offers a retry beside the select it concerns.
 */
export function AreaSelects({ provinceId, cityId, errors, onProvince, onCity, onBlur }: Props) {
  const [provinces, setProvinces] = useState<Load<Province>>({ state: 'loading' });
  const [cities, setCities] = useState<Load<City> | undefined>();
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to run the load again.
  useEffect(() => {
    let live = true;
    setProvinces({ state: 'loading' });
    appClient()
      .then(listProvinces)
      .then((items) => live && setProvinces({ state: 'ready', items }))
      .catch(() => live && setProvinces({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, [attempt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to run the load again.
  useEffect(() => {
    let live = true;
    if (!provinceId) {
      setCities(undefined);
      return;
    }
    setCities({ state: 'loading' });
    appClient()
      .then((client) => listCities(client, provinceId))
      .then((items) => live && setCities({ state: 'ready', items }))
      .catch(() => live && setCities({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, [provinceId, attempt]);

  const retry = (
    <button className="link-button" type="button" onClick={() => setAttempt(attempt + 1)}>
      Coba lagi
    </button>
  );
  const messages = areaMessages(provinceId, errors);
  const provinceError =
    provinces.state === 'failed' ? (
      <>
        {LOAD_FAILED} {retry}
      </>
    ) : (
      messages.province
    );
  const cityError =
    cities?.state === 'failed' ? (
      <>
        {LOAD_FAILED} {retry}
      </>
    ) : (
      messages.city
    );
  // Before a province the hint says what to do; the empty choice itself stays neutral, so it is heard once.
  const cityPrompt = !provinceId ? '—' : cities?.state === 'loading' ? 'Memuat kota…' : 'Pilih kota atau kabupaten';

  return (
    <div className="form__row">
      <Field name="provinceId" label="Provinsi" error={provinceError}>
        {(control) => (
          <select
            {...control}
            required
            value={provinceId}
            aria-busy={provinces.state === 'loading' || undefined}
            onChange={(event) => {
              onProvince(event.target.value);
              // A city of the former province no longer holds.
              if (cityId) onCity('');
            }}
            onBlur={() => onBlur('provinceId')}
          >
            <option value="">{provinces.state === 'loading' ? 'Memuat provinsi…' : 'Pilih provinsi'}</option>
            {provinces.state === 'ready' &&
              provinces.items.map((province) => (
                <option key={province.id} value={province.id}>
                  {province.name}
                </option>
              ))}
          </select>
        )}
      </Field>
      <Field name="cityId" label="Kota/kabupaten" hint={provinceId ? undefined : 'Pilih provinsi dahulu.'} error={cityError}>
        {(control) => (
          <select
            {...control}
            required
            value={cityId}
            aria-busy={cities?.state === 'loading' || undefined}
            onChange={(event) => onCity(event.target.value)}
            onBlur={() => onBlur('cityId')}
          >
            <option value="">{cityPrompt}</option>
            {cities?.state === 'ready' &&
              cities.items.map((city) => (
                <option key={city.id} value={city.id}>
                  {city.name}
                </option>
              ))}
          </select>
        )}
      </Field>
    </div>
  );
}
