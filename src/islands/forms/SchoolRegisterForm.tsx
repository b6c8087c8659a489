import { SCHOOL_LEVELS, SchoolRegisterSchema } from '~/contract/forms';
import { registerSchool } from '~/lib/api/forms';
import { $registeredSchool } from '~/stores/registration';
import { AreaSelects } from '../shared/AreaSelects';
import { appClient } from '../shared/app-client';
import { Field } from '../shared/Field';
import { IslandBoundary } from '../shared/IslandBoundary';
import { ContactFields } from './ContactFields';
import { Confirmation, FormShell, Honeypot } from './FormParts';
import { useForm } from './use-form';
import '../shared/forms.css';

const LABEL = 'Daftarkan sekolah';
const EMPTY = {
  npsn: '',
  name: '',
  level: 'SMK',
  provinceId: '',
  cityId: '',
  address: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  website: '',
};

/**
 * School sign-up (POST v1/school/register), under the league's team form: the school joins the list
 * at once and the team form above picks it (stores/registration.ts).
 */
function SchoolRegisterForm() {
  const form = useForm({
    label: LABEL,
    empty: EMPTY,
    schema: SchoolRegisterSchema,
    send: async (data, idempotencyKey) => {
      const school = await registerSchool(await appClient(), data, { idempotencyKey });
      $registeredSchool.set(school);
      return school;
    },
  });
  const { errors, text, set } = form;

  if (form.result)
    return (
      <Confirmation
        title={`${form.result.name} terdaftar`}
        action={
          <p>
            <a href="#daftar-tim">Lanjutkan pendaftaran tim</a>
          </p>
        }
      >
        <p>Sekolah ini sudah dipilih pada formulir pendaftaran tim di atas. Penanggung jawab menerima email konfirmasi.</p>
      </Confirmation>
    );

  return (
    <FormShell form={form} submit="Daftarkan sekolah">
      <div className="form__row">
        <Field name="npsn" label="NPSN" hint="Nomor Pokok Sekolah Nasional, 8 angka." error={errors.npsn}>
          {(control) => <input {...control} {...text('npsn')} type="text" inputMode="numeric" maxLength={8} required />}
        </Field>
        <Field name="level" label="Jenjang" error={errors.level}>
          {(control) => (
            <select {...control} {...text('level')} required>
              {SCHOOL_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {level}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field name="name" label="Nama sekolah" hint="Mis. SMK Negeri 1 Denpasar." error={errors.name}>
        {(control) => <input {...control} {...text('name')} type="text" autoComplete="organization" maxLength={160} required />}
      </Field>
      <AreaSelects
        provinceId={form.values.provinceId}
        cityId={form.values.cityId}
        errors={{ provinceId: errors.provinceId, cityId: errors.cityId }}
        onProvince={(id) => set('provinceId', id)}
        onCity={(id) => set('cityId', id)}
        onBlur={form.leave}
      />
      <Field name="address" label="Alamat sekolah" error={errors.address}>
        {(control) => <input {...control} {...text('address')} type="text" autoComplete="street-address" maxLength={300} required />}
      </Field>
      <ContactFields
        prefix="contact"
        who="penanggung jawab"
        nameHint="Kepala sekolah atau guru yang dapat dihubungi."
        nameAutoComplete="name"
        text={text}
        errors={errors}
      />
      <Honeypot value={form.values.website} onChange={(value) => set('website', value)} />
    </FormShell>
  );
}

/** The school sign-up island (`client:visible`: below the team form). */
export default function SchoolRegisterIsland() {
  return (
    <IslandBoundary source="SchoolRegisterForm">
      <SchoolRegisterForm />
    </IslandBoundary>
  );
}
