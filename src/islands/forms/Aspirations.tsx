import { type Aspiration, AspirationInsertSchema } from '~/contract/remote-db';
import { createAspiration, listAspirations } from '~/lib/api/remote-db';
import { formatDate } from '~/lib/format/dates';
import { Field, SubmitButton } from '../shared/Field';
import { IslandBoundary } from '../shared/IslandBoundary';
import { useHydrated } from '../shared/use-hydrated';
import { Confirmation, FormAlert } from './FormParts';
import { ListState } from './ListState';
import { remoteDb, unwrap } from './remote';
import { useForm } from './use-form';
import { useRemoteList } from './use-remote-list';
import '../shared/forms.css';
import './community.css';

const LABEL = 'Kirim aspirasi';
const EMPTY = { name: '', city: '', message: '' };

/** Visitors' aspirations (/Collaboration): what others hoped for, and a form to add one (HTTP 201 only). */
function Aspirations() {
  const hydrated = useHydrated();
  const { list, retry, prepend } = useRemoteList(async () => listAspirations(await remoteDb(), { limit: 20 }));
  const form = useForm({
    label: LABEL,
    empty: EMPTY,
    schema: AspirationInsertSchema,
    send: async (data, idempotencyKey) => {
      const aspiration = unwrap(await createAspiration(await remoteDb(), data, { idempotencyKey }));
      prepend(aspiration);
      return aspiration;
    },
  });
  const { errors, text } = form;

  return (
    <div className="community">
      {form.result ? (
        <Confirmation
          title="Aspirasi Anda sudah terkirim"
          action={
            <button type="button" className="link-button" onClick={form.reset}>
              Kirim aspirasi lain
            </button>
          }
        >
          <p>Terima kasih, {form.result.name}. Tim kami membaca setiap aspirasi.</p>
        </Confirmation>
      ) : (
        <form ref={form.ref} className="form" method="post" noValidate onSubmit={form.submit} aria-label={LABEL}>
          <FormAlert message={form.alert} busy={form.busy} onRetry={form.retryable ? () => void form.submit() : undefined} />
          <div className="form__row">
            <Field name="name" label="Nama" error={errors.name}>
              {(control) => <input {...control} {...text('name')} type="text" autoComplete="name" maxLength={100} required />}
            </Field>
            <Field name="city" label="Kota" error={errors.city}>
              {(control) => <input {...control} {...text('city')} type="text" autoComplete="address-level2" maxLength={100} required />}
            </Field>
          </div>
          <Field name="message" label="Aspirasi Anda" hint="Harapan, usulan kegiatan atau kolaborasi." error={errors.message}>
            {(control) => <textarea {...control} {...text('message')} maxLength={2000} rows={5} required />}
          </Field>
          <SubmitButton busy={form.busy} ready={hydrated}>
            Kirim aspirasi
          </SubmitButton>
        </form>
      )}
      <div>
        <h3>Aspirasi terbaru</h3>
        <ListState list={list} retry={retry} empty="Belum ada aspirasi. Sampaikan yang pertama.">
          {(items: Aspiration[]) => (
            <ul className="community__list">
              {items.map((item) => (
                <li key={item.id}>
                  <p className="community__meta">
                    <strong>{item.name}</strong> <span>{item.city}</span> <span>{formatDate(item.created_at)}</span>
                  </p>
                  <p className="community__text">{item.message}</p>
                </li>
              ))}
            </ul>
          )}
        </ListState>
      </div>
    </div>
  );
}

/** The aspirations island (`client:visible`). */
export default function AspirationsIsland() {
  return (
    <IslandBoundary source="Aspirations">
      <Aspirations />
    </IslandBoundary>
  );
}
