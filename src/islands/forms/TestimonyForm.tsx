import { TestimonyInsertSchema } from '~/contract/remote-db';
import { createTestimony } from '~/lib/api/remote-db';
import { Field } from '../shared/Field';
import { IslandBoundary } from '../shared/IslandBoundary';
import { Confirmation, FormShell } from './FormParts';
import { sendRow } from './remote';
import { StarRating } from './StarRating';
import { useForm } from './use-form';
import '../shared/forms.css';
import './community.css';

const LABEL = 'Kirim testimoni';
const EMPTY = { name: '', role: '', rating: '', message: '' };

/** A learner's or partner's testimony (/Clients): sent to testimonies (HTTP 201 only); staff choose which to publish. */
function TestimonyForm() {
  const form = useForm({
    label: LABEL,
    empty: EMPTY,
    schema: TestimonyInsertSchema,
    input: (values) => ({ ...values, rating: values.rating ? Number(values.rating) : undefined }),
    send: sendRow(createTestimony),
  });
  const { errors, text } = form;

  if (form.result)
    return (
      <Confirmation title="Testimoni Anda sudah terkirim">
        <p>Terima kasih, {form.result.name}. Tim kami akan meninjau testimoni Anda sebelum ditampilkan.</p>
      </Confirmation>
    );

  return (
    <FormShell form={form} submit="Kirim testimoni">
      <div className="form__row">
        <Field name="name" label="Nama" error={errors.name}>
          {(control) => <input {...control} {...text('name')} type="text" autoComplete="name" maxLength={100} required />}
        </Field>
        <Field name="role" label="Peran" hint="Mis. Alumni Bootcamp Web 2026, Guru SMK." error={errors.role}>
          {(control) => <input {...control} {...text('role')} type="text" autoComplete="organization-title" maxLength={100} required />}
        </Field>
      </div>
      <StarRating value={form.values.rating} error={errors.rating} onChange={(value) => form.set('rating', value)} />
      <Field name="message" label="Testimoni" hint="Minimal 10 karakter." error={errors.message}>
        {(control) => <textarea {...control} {...text('message')} maxLength={2000} rows={5} required />}
      </Field>
    </FormShell>
  );
}

/** The testimony island (`client:visible`). */
export default function TestimonyIsland() {
  return (
    <IslandBoundary source="TestimonyForm">
      <TestimonyForm />
    </IslandBoundary>
  );
}
