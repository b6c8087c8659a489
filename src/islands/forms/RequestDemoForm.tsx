import { RequestDemoQuerySchema } from '~/contract/forms';
import { requestDemo } from '~/lib/api/forms';
import { appClient } from '../shared/app-client';
import { Field } from '../shared/Field';
import { IslandBoundary } from '../shared/IslandBoundary';
import { Confirmation, FormShell, Honeypot } from './FormParts';
import { useForm } from './use-form';
import '../shared/forms.css';

const LABEL = 'Minta demo';
const EMPTY = { email: '', name: '', organization: '', website: '' };

/**
 * Request-demo (the main site's home and /Training-Services): an e-mail, and optionally a name and
 * an institution; the answer's message is SPEC §7's 'Berhasil mengirim request'. A second request
 * of one address on one day is the same request (the server answers the first).
 */
function RequestDemoForm() {
  const form = useForm({
    label: LABEL,
    empty: EMPTY,
    schema: RequestDemoQuerySchema,
    send: async (data) => (await requestDemo(await appClient(), data)).message,
  });
  const { errors, text } = form;

  if (form.result)
    return (
      <Confirmation title={form.result}>
        <p>Tim kami akan menghubungi {form.values.email} dalam 1–2 hari kerja untuk menjadwalkan demo.</p>
      </Confirmation>
    );

  return (
    <FormShell form={form} submit="Minta demo" noscript="mengirim formulir ini">
      <Field name="email" label="Email" error={errors.email}>
        {(control) => (
          <input {...control} {...text('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} required />
        )}
      </Field>
      <div className="form__row">
        <Field name="name" label="Nama (opsional)" error={errors.name}>
          {(control) => <input {...control} {...text('name')} type="text" autoComplete="name" maxLength={100} />}
        </Field>
        <Field name="organization" label="Lembaga (opsional)" error={errors.organization}>
          {(control) => <input {...control} {...text('organization')} type="text" autoComplete="organization" maxLength={160} />}
        </Field>
      </div>
      <Honeypot value={form.values.website} onChange={(value) => form.set('website', value)} />
    </FormShell>
  );
}

/** The request-demo island (`client:visible`: it sits below the fold). */
export default function RequestDemoIsland() {
  return (
    <IslandBoundary source="RequestDemoForm">
      <RequestDemoForm />
    </IslandBoundary>
  );
}
