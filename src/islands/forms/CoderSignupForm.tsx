import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { CODER_LANGUAGES, CODER_LEVEL_LABELS, CODER_LEVELS, CoderSignupSchema } from '~/contract/forms';
import { signUpCoder } from '~/lib/api/forms';
import { browserEnvironment } from '~/stores/app';
import { $session, keepSession } from '~/stores/session';
import { TermsAndNewsletter } from '../auth/TermsAndNewsletter';
import { AreaSelects } from '../shared/AreaSelects';
import { appClient } from '../shared/app-client';
import { ChoiceGroup, Field, SubmitButton } from '../shared/Field';
import { GenderChoice } from '../shared/GenderChoice';
import { IslandBoundary } from '../shared/IslandBoundary';
import { PasswordInput } from '../shared/PasswordInput';
import { SignedInNotice } from '../shared/SignedInNotice';
import { useHydrated } from '../shared/use-hydrated';
import { Confirmation, FormAlert, Honeypot } from './FormParts';
import { useForm } from './use-form';
import '../shared/forms.css';

const LABEL = 'Daftar sebagai coder';
const EMPTY = {
  email: '',
  name: '',
  phone: '',
  birthDate: '',
  gender: '',
  provinceId: '',
  cityId: '',
  schoolName: '',
  github: '',
  level: '',
  password: '',
  passwordRepeat: '',
  newsletter: false,
  acceptTerms: false,
  website: '',
};
type Language = (typeof CODER_LANGUAGES)[number];

/**
 * Coder sign-up (POST v1/auth/signup/coder) on the coding studio's page: a learner account with the
 * /Register fields plus school, GitHub, level and languages; signed in at once.
 */
function CoderSignupForm() {
  const hydrated = useHydrated();
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
    <form ref={form.ref} className="form" method="post" noValidate onSubmit={form.submit} aria-label={LABEL}>
      <FormAlert message={form.alert} busy={form.busy} onRetry={form.retryable ? () => void form.submit() : undefined} />
      <Field name="email" label="Email" error={errors.email}>
        {(control) => (
          <input {...control} {...text('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} required />
        )}
      </Field>
      <Field name="name" label="Nama lengkap" error={errors.name}>
        {(control) => <input {...control} {...text('name')} type="text" autoComplete="name" maxLength={100} required />}
      </Field>
      <div className="form__row">
        <Field name="phone" label="Nomor HP" hint="Diawali 08 atau +62." error={errors.phone}>
          {(control) => <input {...control} {...text('phone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={20} required />}
        </Field>
        <Field name="birthDate" label="Tanggal lahir" error={errors.birthDate}>
          {(control) => <input {...control} {...text('birthDate')} type="date" autoComplete="bday" required />}
        </Field>
      </div>
      <GenderChoice value={form.values.gender} error={errors.gender} onChange={(gender) => set('gender', gender)} />
      <AreaSelects
        provinceId={form.values.provinceId}
        cityId={form.values.cityId}
        errors={{ provinceId: errors.provinceId, cityId: errors.cityId }}
        onProvince={(id) => set('provinceId', id)}
        onCity={(id) => set('cityId', id)}
        onBlur={form.leave}
      />
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
      <Field name="password" label="Kata sandi" hint="Minimal 8 karakter, memuat huruf dan angka." error={errors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            value={form.values.password}
            onChange={(v) => set('password', v)}
            onBlur={() => form.leave('password')}
          />
        )}
      </Field>
      <Field name="passwordRepeat" label="Ulangi kata sandi" error={errors.passwordRepeat}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            value={form.values.passwordRepeat}
            onChange={(v) => set('passwordRepeat', v)}
            onBlur={() => form.leave('passwordRepeat')}
          />
        )}
      </Field>
      <TermsAndNewsletter
        newsletter={form.values.newsletter}
        acceptTerms={form.values.acceptTerms}
        error={errors.acceptTerms}
        onNewsletter={(checked) => set('newsletter', checked)}
        onTerms={(checked) => {
          set('acceptTerms', checked);
          form.leave('acceptTerms');
        }}
      />
      <Honeypot value={form.values.website} onChange={(value) => set('website', value)} />
      <SubmitButton busy={form.busy} ready={hydrated}>
        Daftar sebagai coder
      </SubmitButton>
      <p className="form__links">
        Sudah punya akun? <a href="/Login">Masuk</a>
      </p>
    </form>
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
