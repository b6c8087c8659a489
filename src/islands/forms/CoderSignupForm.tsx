import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { CODER_LANGUAGES, CODER_LEVEL_LABELS, CODER_LEVELS, CoderSignupSchema } from '~/contract/forms';
import { signUpCoder } from '~/lib/api/forms';
import { browserEnvironment } from '~/stores/app';
import { $session, keepSession } from '~/stores/session';
import { ACCOUNT_EMPTY, AccountFields, PERSON_EMPTY, PersonFields } from '../auth/SignUpFields';
import { appClient } from '../shared/app-client';
import { ChoiceGroup, Field } from '../shared/Field';
import { IslandBoundary } from '../shared/IslandBoundary';
import { SignedInNotice } from '../shared/SignedInNotice';
import { Confirmation, FormShell, Honeypot } from './FormParts';
import { useForm } from './use-form';
import '../shared/forms.css';

const LABEL = 'Daftar sebagai coder';
const EMPTY = { ...PERSON_EMPTY, schoolName: '', github: '', level: '', ...ACCOUNT_EMPTY, website: '' };
type Language = (typeof CODER_LANGUAGES)[number];

/**
 * Coder sign-up (POST v1/auth/signup/coder) on the coding studio's page: a learner account with the
 * /Register fields plus school, GitHub, level and languages; signed in at once.
 */
function CoderSignupForm() {
  const session = useStore($session);
  const [languages, setLanguages] = useState<Language[]>([]);
  const form = useForm({
    label: LABEL,
    empty: EMPTY,
    schema: CoderSignupSchema,
    input: (values) => ({ ...values, languages }),
    send: async (data, idempotencyKey) => {
      const client = await appClient();
      const result = await signUpCoder(client, data, { idempotencyKey });
      keepSession(result, browserEnvironment(), client);
      return result;
    },
  });
  const { errors, text, set } = form;

  if (form.result)
    return (
      <Confirmation title="Akun coder Anda sudah aktif">
        <p>
          Selamat datang, {form.result.user.name}! Anda sudah masuk. Email sambutan dikirim ke {form.result.user.email}.{' '}
          <a href="/Akun">Buka akun saya</a>
        </p>
      </Confirmation>
    );
  if (session && !form.busy) return <SignedInNotice user={session} />;

  return (
    <FormShell
      form={form}
      submit="Daftar sebagai coder"
      after={
        <p className="form__links">
          Sudah punya akun? <a href="/Login">Masuk</a>
        </p>
      }
    >
      <PersonFields values={form.values} errors={errors} text={text} set={set} leave={form.leave} phoneHint="Diawali 08 atau +62." />
      <Field name="schoolName" label="Sekolah atau kampus (opsional)" error={errors.schoolName}>
        {(control) => <input {...control} {...text('schoolName')} type="text" autoComplete="organization" maxLength={160} />}
      </Field>
      <Field name="github" label="Nama pengguna GitHub (opsional)" hint="Mis. budi-santoso, tanpa github.com/." error={errors.github}>
        {(control) => <input {...control} {...text('github')} type="text" autoComplete="username" autoCapitalize="none" maxLength={39} />}
      </Field>
      <ChoiceGroup name="level" legend="Tingkat kemampuan" error={errors.level}>
        {(control) => (
          <div className="choices choices--stack">
            {CODER_LEVELS.map((level) => (
              <label className="choice" key={level}>
                <input {...control} type="radio" value={level} checked={form.values.level === level} onChange={() => set('level', level)} />
                {CODER_LEVEL_LABELS[level]}
              </label>
            ))}
          </div>
        )}
      </ChoiceGroup>
      <ChoiceGroup name="languages" legend="Bahasa pemrograman yang pernah dipakai (opsional)" error={errors.languages}>
        {(control) => (
          <div className="choices">
            {CODER_LANGUAGES.map((language) => (
              <label className="choice" key={language}>
                <input
                  {...control}
                  type="checkbox"
                  value={language}
                  checked={languages.includes(language)}
                  onChange={(event) =>
                    setLanguages((current) => (event.target.checked ? [...current, language] : current.filter((item) => item !== language)))
                  }
                />
                {language}
              </label>
            ))}
          </div>
        )}
      </ChoiceGroup>
      <AccountFields values={form.values} errors={errors} setPassword={set} setChecked={set} leave={form.leave} />
      <Honeypot value={form.values.website} onChange={(value) => set('website', value)} />
    </FormShell>
  );
}

/** The coder sign-up island (`client:visible`: below the coding studio's description). */
export default function CoderSignupIsland() {
  return (
    <IslandBoundary source="CoderSignupForm">
      <CoderSignupForm />
    </IslandBoundary>
  );
}
