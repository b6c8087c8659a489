import { useStore } from '@nanostores/react';
import { type FormEvent, useRef, useState } from 'react';
import { RegisterRequestSchema } from '~/contract/auth';
import { register } from '~/lib/api/auth';
import { ApiRequestError } from '~/lib/api/errors';
import { failureMessage } from '~/lib/auth/request-errors';
import { browserEnvironment } from '~/stores/app';
import { $session, keepSession } from '~/stores/session';
import { appClient } from '../shared/app-client';
import { SubmitButton } from '../shared/Field';
import { type FieldErrors, fieldErrors, focusFirstInvalid, serverIssues } from '../shared/form-errors';
import { IslandBoundary } from '../shared/IslandBoundary';
import { RedirectRefused, returnTarget } from '../shared/return-to';
import { SignedInNotice } from '../shared/SignedInNotice';
import { typedAhead } from '../shared/typed-ahead';
import { useHydrated } from '../shared/use-hydrated';
import { ACCOUNT_EMPTY, AccountFields, PERSON_EMPTY, PersonFields } from './SignUpFields';
import '../shared/forms.css';

const EMPTY = { ...PERSON_EMPTY, ...ACCOUNT_EMPTY };
type Values = typeof EMPTY;
type Name = keyof Values;
const ORDER = Object.keys(EMPTY) as Name[];

/**
 * /Register: the original platform's sign-up fields, checked with the very schema the server uses
 * (messages beside each field on leaving it and on submit); the server's 400 fields land beside
 * theirs, a taken e-mail offers /Login. A new account is signed in at once and goes to /Akun or
 * the safe `redirect` path.
 */
function RegisterForm() {
  const session = useStore($session);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => typedAhead('Daftar akun', EMPTY));
  const [touched, setTouched] = useState<Partial<Record<Name, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors<Name>>({});
  const [emailTaken, setEmailTaken] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<'leaving' | 'refused'>();

  if (outcome === 'refused') return <RedirectRefused />;
  if (outcome === 'leaving') return <p role="status">Akun berhasil dibuat. Membuka halaman tujuan…</p>;
  if (session && !busy) return <SignedInNotice user={session} />;

  // Messages show for fields the visitor has left (or all after a submit); the server's until the field changes.
  const parsed = RegisterRequestSchema.safeParse(values);
  const local: FieldErrors<Name> = parsed.success ? {} : fieldErrors<Name>(parsed.error.issues);
  const errors: FieldErrors<Name> = {};
  for (const name of ORDER) {
    const message = serverErrors[name] ?? (touched[name] ? local[name] : undefined);
    if (message) errors[name] = message;
  }

  const set = <K extends Name>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value, ...(name === 'provinceId' ? { cityId: '' } : {}) }));
    setServerErrors(({ [name]: _, ...rest }) => rest);
    if (name === 'email') setEmailTaken(undefined);
  };
  const leave = (name: Name) => setTouched((current) => ({ ...current, [name]: true }));
  const text = (name: Name) => ({
    value: values[name] as string,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    onBlur: () => leave(name),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(Object.fromEntries(ORDER.map((name) => [name, true])));
    setAlert(undefined);
    if (!parsed.success) {
      focusFirstInvalid(form.current, ORDER, local);
      return;
    }
    setBusy(true);
    try {
      const client = await appClient();
      keepSession(await register(client, parsed.data), browserEnvironment(), client);
      const target = returnTarget();
      setOutcome(target ? 'leaving' : 'refused');
      if (target) location.assign(target);
    } catch (error) {
      if (error instanceof ApiRequestError && error.statusCode === 409) {
        setEmailTaken(error.message);
        focusFirstInvalid(form.current, ['email'], { email: error.message });
      } else if (error instanceof ApiRequestError && error.statusCode === 400 && error.fields?.length) {
        const found = fieldErrors<Name>(serverIssues(error.fields));
        setServerErrors(found);
        setAlert('Periksa kembali isian yang ditandai.');
        focusFirstInvalid(form.current, ORDER, found);
      } else setAlert(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} className="form" method="post" noValidate onSubmit={submit} aria-label="Daftar akun">
      {alert && (
        <div className="form-alert" role="alert">
          <p>{alert}</p>
        </div>
      )}
      <PersonFields
        values={values}
        errors={errors}
        text={text}
        set={set}
        leave={leave}
        emailError={
          emailTaken ? (
            <>
              {emailTaken} <a href="/Login">Masuk dengan email ini</a>
            </>
          ) : undefined
        }
        nameHint="Sesuai identitas; nama ini tercantum pada sertifikat."
        phoneHint="Diawali 08 atau +62, mis. 081234567890."
        onGenderBlur={() => leave('gender')}
      />
      <AccountFields values={values} errors={errors} setPassword={set} setChecked={set} leave={leave} />
      <SubmitButton busy={busy} ready={hydrated}>
        Daftar
      </SubmitButton>
      <p className="form__links">
        Sudah punya akun? <a href="/Login">Masuk</a>
      </p>
      <noscript>
        <p>Aktifkan JavaScript di peramban Anda untuk mendaftar.</p>
      </noscript>
    </form>
  );
}

/** The /Register island (`client:load`). */
export default function RegisterIsland() {
  return (
    <IslandBoundary source="RegisterForm">
      <RegisterForm />
    </IslandBoundary>
  );
}
