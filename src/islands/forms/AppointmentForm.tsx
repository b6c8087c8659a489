import { jakartaToday } from '~/contract/auth';
import { APPOINTMENT_MAX_DAYS_AHEAD, APPOINTMENT_MEETING_LABELS, APPOINTMENT_MEETINGS, AppointmentCreateSchema } from '~/contract/forms';
import { createAppointment } from '~/lib/api/forms';
import { formatDate } from '~/lib/format/dates';
import { appClient } from '../shared/app-client';
import { ChoiceGroup, Field } from '../shared/Field';
import { IslandBoundary } from '../shared/IslandBoundary';
import { Confirmation, FormShell, Honeypot } from './FormParts';
import { useForm } from './use-form';
import '../shared/forms.css';

const LABEL = 'Buat janji temu';
const EMPTY = {
  name: '',
  email: '',
  phone: '',
  organization: '',
  topic: '',
  meeting: 'daring',
  preferredDate: '',
  preferredTime: '',
  message: '',
  website: '',
};

/** /Make-Appointment: a visitor asks for a meeting; the staff get a notice and the visitor a confirmation by e-mail. */
function AppointmentForm({ postId }: { postId?: number | undefined }) {
  // The date picker offers only the days the schema takes (Jakarta's today to a year ahead).
  const today = jakartaToday();
  const lastDay = new Date(Date.parse(`${today}T00:00:00Z`) + APPOINTMENT_MAX_DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
  const form = useForm({
    label: LABEL,
    empty: EMPTY,
    schema: AppointmentCreateSchema,
    input: (values) => (postId ? { ...values, postId } : values),
    send: async (data, idempotencyKey) => createAppointment(await appClient(), data, { idempotencyKey }),
  });
  const { errors, text } = form;

  if (form.result)
    return (
      <Confirmation title="Permintaan janji temu terkirim" again={{ label: 'Buat permintaan lain', onClick: form.reset }}>
        <p>
          Terima kasih, {form.values.name}. Kami sudah menerima permintaan Anda untuk {formatDate(form.values.preferredDate)} dan akan
          mengonfirmasi waktunya melalui {form.values.email}.
        </p>
      </Confirmation>
    );

  return (
    <FormShell form={form} submit="Kirim permintaan" noscript="mengirim formulir ini">
      <Field name="name" label="Nama lengkap" error={errors.name}>
        {(control) => <input {...control} {...text('name')} type="text" autoComplete="name" maxLength={120} required />}
      </Field>
      <div className="form__row">
        <Field name="email" label="Email" error={errors.email}>
          {(control) => (
            <input {...control} {...text('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} required />
          )}
        </Field>
        <Field name="phone" label="Nomor HP (WhatsApp)" hint="Diawali 08 atau +62." error={errors.phone}>
          {(control) => <input {...control} {...text('phone')} type="tel" autoComplete="tel" inputMode="tel" maxLength={20} required />}
        </Field>
      </div>
      <Field name="organization" label="Sekolah, kampus atau lembaga (opsional)" error={errors.organization}>
        {(control) => <input {...control} {...text('organization')} type="text" autoComplete="organization" maxLength={160} />}
      </Field>
      <Field name="topic" label="Topik yang ingin dibahas" error={errors.topic}>
        {(control) => <input {...control} {...text('topic')} type="text" maxLength={200} required />}
      </Field>
      <ChoiceGroup name="meeting" legend="Format pertemuan" error={errors.meeting}>
        {(control) => (
          <div className="choices">
            {APPOINTMENT_MEETINGS.map((value) => (
              <label className="choice" key={value}>
                <input
                  {...control}
                  type="radio"
                  value={value}
                  checked={form.values.meeting === value}
                  onChange={() => form.set('meeting', value)}
                />
                {APPOINTMENT_MEETING_LABELS[value]}
              </label>
            ))}
          </div>
        )}
      </ChoiceGroup>
      <div className="form__row">
        <Field name="preferredDate" label="Tanggal yang diinginkan" hint="Hari ini sampai satu tahun lagi." error={errors.preferredDate}>
          {(control) => <input {...control} {...text('preferredDate')} type="date" min={today} max={lastDay} required />}
        </Field>
        <Field name="preferredTime" label="Jam (opsional)" hint="08.00–17.00 WIB." error={errors.preferredTime}>
          {(control) => <input {...control} {...text('preferredTime')} type="time" min="08:00" max="17:00" step={900} />}
        </Field>
      </div>
      <Field name="message" label="Pesan (opsional)" error={errors.message}>
        {(control) => <textarea {...control} {...text('message')} maxLength={2000} rows={5} />}
      </Field>
      <Honeypot value={form.values.website} onChange={(value) => form.set('website', value)} />
    </FormShell>
  );
}

/** The /Make-Appointment island (`client:load`). */
export default function AppointmentIsland({ postId }: { postId?: number }) {
  return (
    <IslandBoundary source="AppointmentForm">
      <AppointmentForm postId={postId} />
    </IslandBoundary>
  );
}
