import { useEffect, useState } from 'react';
import type { School } from '~/contract/forms';
import { listSchools } from '~/lib/api/forms';
import { AreaSelects } from '../shared/AreaSelects';
import { appClient } from '../shared/app-client';
import { Field } from '../shared/Field';

type Load = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; items: School[] } | { state: 'failed' };

/** Schools of one city, all pages (a city has tens, not thousands; 100 a request). */
async function schoolsOf(cityId: string): Promise<School[]> {
  const client = await appClient();
  const items: School[] = [];
  for (let page = 1; ; page++) {
    const result = await listSchools(client, { cityId, page, perPage: 100 });
    items.push(...result.items);
    if (page >= result.totalPages) return items;
  }
}

interface Props {
  provinceId: string;
  cityId: string;
  schoolId: string;
  errors: { provinceId?: string | undefined; cityId?: string | undefined; schoolId?: string | undefined };
  onProvince(id: string): void;
  onCity(id: string): void;
  onSchool(id: string): void;
  onBlur(name: string): void;
  /** A school just registered on this page: listed even if the list was loaded before. */
  added?: School | undefined;
}

/** Province → city → school (GET v1/school/list of the city); a failed load offers a retry. */
export function SchoolSelect({ provinceId, cityId, schoolId, errors, onProvince, onCity, onSchool, onBlur, added }: Props) {
  const [schools, setSchools] = useState<Load>({ state: 'idle' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to load again.
  useEffect(() => {
    let live = true;
    if (!cityId) {
      setSchools({ state: 'idle' });
      return;
    }
    setSchools({ state: 'loading' });
    schoolsOf(cityId)
      .then((items) => live && setSchools({ state: 'ready', items }))
      .catch(() => live && setSchools({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, [cityId, attempt]);

  const items =
    schools.state === 'ready'
      ? added && added.cityId === cityId && !schools.items.some((school) => school.id === added.id)
        ? [...schools.items, added].sort((a, b) => a.name.localeCompare(b.name, 'id'))
        : schools.items
      : [];
  const prompt = !cityId
    ? 'Pilih kota dahulu'
    : schools.state === 'loading'
      ? 'Memuat sekolah…'
      : items.length === 0
        ? 'Belum ada sekolah terdaftar di kota ini'
        : 'Pilih sekolah';
  const error =
    schools.state === 'failed' ? (
      <>
        Daftar sekolah gagal dimuat. Periksa koneksi internet Anda.{' '}
        <button className="link-button" type="button" onClick={() => setAttempt(attempt + 1)}>
          Coba lagi
        </button>
      </>
    ) : (
      errors.schoolId
    );

  return (
    <>
      <AreaSelects
        provinceId={provinceId}
        cityId={cityId}
        errors={{ provinceId: errors.provinceId, cityId: errors.cityId }}
        onProvince={onProvince}
        onCity={onCity}
        onBlur={onBlur}
      />
      <Field
        name="schoolId"
        label="Sekolah"
        hint={
          <>
            Sekolah belum ada di daftar? <a href="#daftar-sekolah">Daftarkan sekolah Anda</a> di bawah formulir ini.
          </>
        }
        error={error}
      >
        {(control) => (
          <select
            {...control}
            required
            value={schoolId}
            disabled={schools.state !== 'ready' || items.length === 0}
            aria-busy={schools.state === 'loading' || undefined}
            onChange={(event) => onSchool(event.target.value)}
            onBlur={() => onBlur('schoolId')}
          >
            <option value="">{prompt}</option>
            {items.map((school) => (
              <option key={school.id} value={school.id}>
                {school.name}
                {school.npsn ? ` (NPSN ${school.npsn})` : ''}
              </option>
            ))}
          </select>
        )}
      </Field>
    </>
  );
}
