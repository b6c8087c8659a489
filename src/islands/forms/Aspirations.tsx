import { type Aspiration, AspirationInsertSchema } from '~/contract/remote-db';
import { createAspiration, listAspirations } from '~/lib/api/remote-db';
import { formatDate } from '~/lib/format/dates';
import { Field } from '../shared/Field';
import { IslandBoundary } from '../shared/IslandBoundary';
import { CommunityList } from './CommunityList';
import { Confirmation, FormShell } from './FormParts';
import { remoteDb, sendRow } from './remote';
import { useForm } from './use-form';
import { useRemoteList } from './use-remote-list';
import '../shared/forms.css';
import './community.css';

const LABEL = 'Kirim aspirasi';
const EMPTY = { name: '', city: '', message: '' };

/** Visitors' aspirations (/Collaboration): what others hoped for, and a form to add one (HTTP 201 only). */
function Aspirations() {
  const { list, retry, prepend } = useRemoteList(async () => listAspirations(await remoteDb(), { limit: 20 }));
  const form = useForm({
    label: LABEL,
    empty: EMPTY,
    schema: AspirationInsertSchema,
    send: sendRow(createAspiration, prepend),
  });
  const { errors, text } = form;

  return (
    <div className="community">
      {form.result ? (
        <Confirmation title="Aspirasi Anda sudah terkirim" again={{ label: 'Kirim aspirasi lain', onClick: form.reset }}>
          <p>Terima kasih, {form.result.name}. Tim kami membaca setiap aspirasi.</p>
        </Confirmation>
      ) : (
        <FormShell form={form} submit="Kirim aspirasi">
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
        </FormShell>
      )}
      <div>
        <h3>Aspirasi terbaru</h3>
        <CommunityList
          list={list}
          retry={retry}
          empty="Belum ada aspirasi. Sampaikan yang pertama."
          meta={(item: Aspiration) => (
            <>
              <strong>{item.name}</strong> <span>{item.city}</span> <span>{formatDate(item.created_at)}</span>
            </>
          )}
          text={(item) => item.message}
        />
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
