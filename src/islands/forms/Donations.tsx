import { useEffect, useState } from 'react';
import { ANONYMOUS_DONOR, DONATION_AMOUNT, type Donation, DonationInsertSchema } from '~/contract/remote-db';
import { createDonation, donationTotal, listDonations } from '~/lib/api/remote-db';
import { formatDate } from '~/lib/format/dates';
import { formatRupiah, rupiahOf } from '~/lib/format/money';
import { Field } from '../shared/Field';
import { IslandBoundary } from '../shared/IslandBoundary';
import { CommunityList } from './CommunityList';
import { Confirmation, FormShell } from './FormParts';
import { remoteDb, sendRow } from './remote';
import { useForm } from './use-form';
import { useRemoteList } from './use-remote-list';
import '../shared/forms.css';
import './community.css';

const LABEL = 'Kirim donasi';
const EMPTY = { name: '', amount: '', message: '', anonymous: false };
/** Amounts offered with one tap. */
const PRESETS = [50_000, 100_000, 250_000, 500_000];

/**
 * Donations (/BelajarBersama): the total raised (the sum of donations?select=amount), the latest
 * pledges (anonymous donors as 'Anonim'), and a form in whole rupiah (HTTP 201 only).
 */
function Donations() {
  const [total, setTotal] = useState<{ state: 'loading' } | { state: 'ready'; value: number } | { state: 'failed'; message: string }>({
    state: 'loading',
  });
  const [attempt, setAttempt] = useState(0);
  const { list, retry, prepend } = useRemoteList(async () => listDonations(await remoteDb(), { limit: 10 }));

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to load again.
  useEffect(() => {
    let live = true;
    remoteDb()
      .then(donationTotal)
      .then(
        (result) => live && setTotal(result.status ? { state: 'ready', value: result.data } : { state: 'failed', message: result.message }),
      );
    return () => {
      live = false;
    };
  }, [attempt]);

  const form = useForm({
    label: LABEL,
    empty: EMPTY,
    schema: DonationInsertSchema,
    input: (values) => ({ ...values, amount: values.amount ? rupiahOf(values.amount) : undefined }),
    send: sendRow(createDonation, (donation) => {
      // The public list shows the donor as everyone will see them after a reload.
      prepend(donation.anonymous ? { ...donation, name: ANONYMOUS_DONOR } : donation);
      setTotal((current) => (current.state === 'ready' ? { state: 'ready', value: current.value + donation.amount } : current));
    }),
  });
  const { errors, text } = form;

  return (
    <div className="community">
      <div>
        <h3>Dana terkumpul</h3>
        {total.state === 'ready' && <p className="community__total">{formatRupiah(total.value)}</p>}
        {total.state === 'loading' && <p role="status">Memuat…</p>}
        {total.state === 'failed' && (
          <div className="form-alert" role="alert">
            <p>{total.message}</p>
            <button type="button" className="btn btn--secondary" onClick={() => setAttempt((n) => n + 1)}>
              Coba lagi
            </button>
          </div>
        )}
        <h3>Donasi terbaru</h3>
        <CommunityList
          list={list}
          retry={retry}
          empty="Belum ada donasi. Jadilah donatur pertama."
          meta={(item: Donation) => (
            <>
              <strong>{item.name}</strong> <span>{formatRupiah(item.amount)}</span> <span>{formatDate(item.created_at)}</span>
            </>
          )}
          text={(item) => item.message || undefined}
        />
      </div>
      {form.result ? (
        <Confirmation title="Donasi Anda sudah tercatat" again={{ label: 'Donasi lagi', onClick: form.reset }}>
          <p>Terima kasih! Janji donasi {formatRupiah(form.result.amount)} sudah tercatat dan ikut dihitung dalam dana terkumpul.</p>
        </Confirmation>
      ) : (
        <FormShell form={form} submit="Kirim donasi">
          <Field name="name" label="Nama" error={errors.name}>
            {(control) => <input {...control} {...text('name')} type="text" autoComplete="name" maxLength={100} required />}
          </Field>
          <Field
            name="amount"
            label="Nominal (Rp)"
            hint={`Rupiah tanpa sen, mis. 150.000; minimal ${formatRupiah(DONATION_AMOUNT.min)}.`}
            error={errors.amount}
          >
            {(control) => (
              <input {...control} {...text('amount')} type="text" inputMode="numeric" autoComplete="off" maxLength={20} required />
            )}
          </Field>
          <fieldset className="choices amount-presets">
            <legend className="visually-hidden">Pilih nominal</legend>
            {PRESETS.map((amount) => (
              <button
                key={amount}
                type="button"
                className="btn btn--secondary"
                onClick={() => form.set('amount', amount.toLocaleString('id-ID'))}
              >
                {formatRupiah(amount)}
              </button>
            ))}
          </fieldset>
          <Field name="message" label="Pesan (opsional)" error={errors.message}>
            {(control) => <textarea {...control} {...text('message')} maxLength={500} rows={3} />}
          </Field>
          <label className="choice">
            <input
              type="checkbox"
              name="anonymous"
              checked={form.values.anonymous}
              onChange={(event) => form.set('anonymous', event.target.checked)}
            />
            Tampilkan nama saya sebagai Anonim
          </label>
        </FormShell>
      )}
    </div>
  );
}

/** The donations island (`client:visible`). */
export default function DonationsIsland() {
  return (
    <IslandBoundary source="Donations">
      <Donations />
    </IslandBoundary>
  );
}
