import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { TEAM_SIZE, type TeamMember, TeamRegisterSchema } from '~/contract/forms';
import type { Uploaded } from '~/contract/uploads';
import { registerTeam } from '~/lib/api/forms';
import { $registeredSchool } from '~/stores/registration';
import { $session } from '~/stores/session';
import { appClient } from '../shared/app-client';
import { Field } from '../shared/Field';
import { IslandBoundary } from '../shared/IslandBoundary';
import { ContactFields } from './ContactFields';
import { Confirmation, FormShell, Honeypot } from './FormParts';
import { LetterUpload } from './LetterUpload';
import { SchoolSelect } from './SchoolSelect';
import { useForm } from './use-form';
import '../shared/forms.css';

const LABEL = 'Daftar tim Liga SMK';
const EMPTY = {
  name: '',
  provinceId: '',
  cityId: '',
  schoolId: '',
  mentorName: '',
  mentorEmail: '',
  mentorPhone: '',
  acceptRules: false,
  website: '',
};
const NO_MEMBER: TeamMember = { name: '', email: '', phone: '', nisn: '' };
const MEMBER_FIELDS = [
  ['name', 'Nama lengkap', 'text', 'name', 100],
  ['email', 'Email', 'email', 'email', 254],
  ['phone', 'Nomor HP', 'tel', 'tel', 20],
  ['nisn', 'NISN', 'text', 'off', 10],
] as const;

/**
 * /Liga-Smk/Register: a team of 3–5 students of one SMK (province → city → school), a mentor
 * teacher, the school's recommendation letter (uploaded when chosen) and the rules accepted. A
 * signed-in visitor registers as the team's account (v1/auth/team/register). A school registered
 * below the form is picked at once.
 */
function TeamRegisterForm() {
  const session = useStore($session);
  const added = useStore($registeredSchool);
  const [members, setMembers] = useState<TeamMember[]>(() => Array.from({ length: TEAM_SIZE.min }, () => ({ ...NO_MEMBER })));
  const [letter, setLetter] = useState<Uploaded>();
  const form = useForm({
    label: LABEL,
    empty: EMPTY,
    schema: TeamRegisterSchema,
    input: ({ provinceId: _p, cityId: _c, schoolId, ...values }) => ({
      ...values,
      competition: 'liga-smk',
      schoolId: schoolId ? Number(schoolId) : undefined,
      members,
      letterId: letter?.id,
      letterToken: letter?.token,
    }),
    send: async (data, idempotencyKey) => registerTeam(await appClient(), data, { idempotencyKey, signedIn: Boolean(session) }),
  });
  const { errors, text, set } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a school is registered below; `set` is new each render.
  useEffect(() => {
    if (!added) return;
    set('provinceId', added.provinceId);
    set('cityId', added.cityId);
    set('schoolId', String(added.id));
  }, [added]);

  if (form.result)
    return (
      <Confirmation title={`Tim ${form.result.name} terdaftar`}>
        <p>
          Tim dari {form.result.school.name} dengan {form.result.members} anggota sudah kami terima. Ketua tim dan guru pendamping menerima
          email konfirmasi; kami akan mengabari hasil pemeriksaan surat rekomendasi lewat email yang sama.
        </p>
        <p>
          <a href="/Liga-Smk">Kembali ke halaman Liga SMK</a>
        </p>
      </Confirmation>
    );

  const setMember = (index: number, field: keyof TeamMember, value: string) => {
    setMembers((current) => current.map((member, i) => (i === index ? { ...member, [field]: value } : member)));
    form.forget(`members.${index}.${field}`);
  };

  return (
    <FormShell form={form} submit="Daftarkan tim" noscript="mendaftarkan tim">
      <Field name="name" label="Nama tim" hint="3–60 karakter; nama ini tampil di papan peringkat." error={errors.name}>
        {(control) => <input {...control} {...text('name')} type="text" maxLength={60} required />}
      </Field>
      <SchoolSelect
        provinceId={form.values.provinceId}
        cityId={form.values.cityId}
        schoolId={form.values.schoolId}
        errors={{ provinceId: errors.provinceId, cityId: errors.cityId, schoolId: errors.schoolId }}
        onProvince={(id) => set('provinceId', id)}
        onCity={(id) => {
          set('cityId', id);
          set('schoolId', '');
        }}
        onSchool={(id) => set('schoolId', id)}
        onBlur={form.leave}
        added={added}
      />
      <fieldset className="field field--group team-members" data-invalid={errors.members ? '' : undefined}>
        <legend>
          Anggota tim ({TEAM_SIZE.min}–{TEAM_SIZE.max} siswa)
        </legend>
        {errors.members && (
          <p className="field__error" role="alert">
            {errors.members}
          </p>
        )}
        {members.map((member, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: members are positions (the first is the captain), not identities.
          <fieldset className="team-member" key={index}>
            <legend>{index === 0 ? 'Anggota 1 (ketua tim)' : `Anggota ${index + 1}`}</legend>
            <div className="form__row">
              {MEMBER_FIELDS.map(([field, label, type, autoComplete, max]) => (
                <Field key={field} name={`members.${index}.${field}`} label={label} error={errors[`members.${index}.${field}`]}>
                  {(control) => (
                    <input
                      {...control}
                      type={type}
                      // Autofill fills in the visitor's own details: right for the captain, wrong for the others.
                      autoComplete={index === 0 ? autoComplete : 'off'}
                      inputMode={field === 'nisn' ? 'numeric' : undefined}
                      maxLength={max}
                      required
                      value={member[field]}
                      onChange={(event) => setMember(index, field, event.target.value)}
                      onBlur={() => form.leave(`members.${index}.${field}`)}
                    />
                  )}
                </Field>
              ))}
            </div>
            {index >= TEAM_SIZE.min && (
              <button type="button" className="link-button" onClick={() => setMembers((current) => current.filter((_, i) => i !== index))}>
                Hapus anggota {index + 1}
              </button>
            )}
          </fieldset>
        ))}
        {members.length < TEAM_SIZE.max && (
          <button type="button" className="btn btn--secondary" onClick={() => setMembers((current) => [...current, { ...NO_MEMBER }])}>
            Tambah anggota
          </button>
        )}
      </fieldset>
      <fieldset className="field field--group">
        <legend>Guru pendamping</legend>
        <ContactFields prefix="mentor" who="guru" text={text} errors={errors} />
      </fieldset>
      <LetterUpload
        name="letterId"
        label="Surat rekomendasi dari sekolah"
        value={letter}
        error={errors.letterId ?? errors.letterToken}
        onUploaded={(upload) => {
          setLetter(upload);
          form.forget('letterId');
          form.leave('letterId');
        }}
      />
      <div className="field" data-invalid={errors.acceptRules ? '' : undefined}>
        <label className="choice">
          <input
            type="checkbox"
            name="acceptRules"
            checked={form.values.acceptRules}
            aria-invalid={errors.acceptRules ? true : undefined}
            aria-describedby={errors.acceptRules ? 'accept-rules-error' : undefined}
            onChange={(event) => {
              set('acceptRules', event.target.checked);
              form.leave('acceptRules');
            }}
          />
          <span>
            Kami sudah membaca dan menyetujui <a href="/Liga-Smk#peraturan">peraturan Liga SMK</a>.
          </span>
        </label>
        {errors.acceptRules && (
          <p className="field__error" id="accept-rules-error">
            {errors.acceptRules}
          </p>
        )}
      </div>
      <Honeypot value={form.values.website} onChange={(value) => set('website', value)} />
    </FormShell>
  );
}

/** The /Liga-Smk/Register team island (`client:load`). */
export default function TeamRegisterIsland() {
  return (
    <IslandBoundary source="TeamRegisterForm">
      <TeamRegisterForm />
    </IslandBoundary>
  );
}
