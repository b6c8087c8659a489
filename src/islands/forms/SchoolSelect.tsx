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

/** What the school field says when its city has no registered school yet. */
export const NO_SCHOOL_YET = 'Belum ada sekolah terdaftar di kota ini.';
/** What the city field says when a school is asked for before a city is chosen. */
export const CITY_FIRST = 'Pilih kota atau kabupaten dahulu, lalu sekolahnya.';

/**
 * Where the school's message goes: on the school select once a city is chosen (with no school listed
 * there, the message says so), else on the city (or, through `areaMessages`, the province), the
 * field that must change first. Every select stays enabled, so each message is reachable.
 */
export function schoolMessages(
  cityId: string,
  noSchools: boolean,
  errors: { provinceId?: string | undefined; cityId?: string | undefined; schoolId?: string | undefined },
): { provinceId: string | undefined; cityId: string | undefined; schoolId: string | undefined } {
  if (!cityId)
    return { provinceId: errors.provinceId, cityId: errors.cityId ?? (errors.schoolId ? CITY_FIRST : undefined), schoolId: undefined };
  // The live note in the hint already says the city has no school: the error adds only what to do.
  const schoolId = errors.schoolId && noSchools ? 'Daftarkan sekolah Anda di bawah formulir ini.' : errors.schoolId;
  return { provinceId: errors.provinceId, cityId: errors.cityId, schoolId };
}

/**
 * Province → city → school (GET v1/school/list of the city); a failed load offers a retry. The
 * school select is never disabled: before a city it offers only 'Pilih kota dahulu' (its messages go
 * to the city, `schoolMessages`), and a city without schools is said in a live region in its hint.
 */
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
        ? 'Belum ada sekolah terdaftar'
        : 'Pilih sekolah';
  const noSchools = schools.state === 'ready' && items.length === 0;
  const messages = schoolMessages(cityId, noSchools, errors);
  const error =
    schools.state === 'failed' ? (
      <>
        Daftar sekolah gagal dimuat. Periksa koneksi internet Anda.{' '}
        <button className="link-button" type="button" onClick={() => setAttempt(attempt + 1)}>
          Coba lagi
        </button>
      </>
    ) : (
      messages.schoolId
    );

  return (
    <>
      <AreaSelects
        provinceId={provinceId}
        cityId={cityId}
        errors={{ provinceId: messages.provinceId, cityId: messages.cityId }}
        onProvince={onProvince}
        onCity={onCity}
        onBlur={onBlur}
      />
      <Field
        name="schoolId"
        label="Sekolah"
        hint={
          <>
            {/* A live region from the first render, so the news that the city has no school is heard. */}
            <span role="status">{noSchools ? `${NO_SCHOOL_YET} ` : ''}</span>
            {cityId ? '' : 'Pilih kota dahulu. '}
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
