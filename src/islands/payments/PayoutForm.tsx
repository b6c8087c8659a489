import { PAYOUT_MINIMUM, type Payout, PayoutRequestSchema } from '~/contract/payments';
import type { ApiClient } from '~/lib/api/client';
import { requestPayout } from '~/lib/api/payments';
import { formatRupiah } from '~/lib/format/money';
import { groupRupiah } from '~/lib/payments/rupiah-input';
import type { SessionUser } from '~/stores/session';
import { Confirmation, FormAlert } from '../forms/FormParts';
import { useForm } from '../forms/use-form';
import { Field, SubmitButton } from '../shared/Field';
import { useHydrated } from '../shared/use-hydrated';
import type { Bank } from './use-banks';

export const PAYOUT_FORM_LABEL = 'Ajukan pencairan';

interface Props {
  client: ApiClient;
  user: SessionUser;
  banks: Bank[];
  /** What may be asked for now, when known. */
  available: number | undefined;
  onRequested(payout: Payout): void;
}

/**
 * A mentor's payout request (docs/design.md "Payout form"): beneficiary name, e-mail, bank, account number
 * and amount (minimum Rp10.000, typed with dots), checked with the contract's schema beside each
 * field; one idempotency key per filled-in form (a retry after a lost answer asks once).
 */
export function PayoutForm({ client, user, banks, available, onRequested }: Props) {
  const hydrated = useHydrated();
  const form = useForm({
    label: PAYOUT_FORM_LABEL,
    empty: { name: user.name, email: user.email, bank: '', accountNumber: '', amount: '' },
    schema: PayoutRequestSchema,
    send: async (data, idempotencyKey) => {
      const payout = await requestPayout(client, data, { idempotencyKey });
      onRequested(payout);
      return payout;
    },
  });
  const { errors, text } = form;

  if (form.result)
    return (
      <Confirmation
        title="Permintaan pencairan terkirim"
        action={
          <button type="button" className="link-button" onClick={form.reset}>
            Ajukan pencairan lain
          </button>
        }
      >
        <p>
          {formatRupiah(form.result.amount)} ke {form.result.bankName} {form.result.accountNumber} menunggu persetujuan admin. Jumlah ini
          ditahan dari saldo tersedia sampai diputuskan.
        </p>
      </Confirmation>
    );

  const amount = text('amount');
  const hint = `Minimal ${formatRupiah(PAYOUT_MINIMUM)}${available === undefined ? '' : `; saldo tersedia ${formatRupiah(available)}`}. Tulis dengan titik, mis. 250.000.`;
  return (
    <form ref={form.ref} className="form" method="post" noValidate onSubmit={form.submit} aria-label={PAYOUT_FORM_LABEL}>
      <FormAlert message={form.alert} busy={form.busy} onRetry={form.retryable ? () => void form.submit() : undefined} />
      <Field name="name" label="Nama pemilik rekening" hint="Sesuai nama di buku tabungan." error={errors.name}>
        {(control) => <input {...control} {...text('name')} type="text" autoComplete="name" maxLength={100} required />}
      </Field>
      <Field name="email" label="Email penerima" hint="Bukti transfer dikirim ke alamat ini." error={errors.email}>
        {(control) => (
          <input {...control} {...text('email')} type="email" autoComplete="email" inputMode="email" maxLength={254} required />
        )}
      </Field>
      <div className="form__row">
        <Field name="bank" label="Bank tujuan" error={errors.bank}>
          {(control) => (
            <select {...control} {...text('bank')} required>
              <option value="">Pilih bank</option>
              {banks.map((bank) => (
                <option key={bank.code} value={bank.code}>
                  {bank.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="accountNumber" label="Nomor rekening" hint="6–20 angka." error={errors.accountNumber}>
          {(control) => (
            <input {...control} {...text('accountNumber')} type="text" inputMode="numeric" autoComplete="off" maxLength={30} required />
          )}
        </Field>
      </div>
      <Field name="amount" label="Jumlah (Rp)" hint={hint} error={errors.amount}>
        {(control) => (
          <input
            {...control}
            {...amount}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            required
            onBlur={(event) => {
              const grouped = groupRupiah(event.target.value);
              if (grouped !== event.target.value) form.set('amount', grouped);
              amount.onBlur(event);
            }}
          />
        )}
      </Field>
      <SubmitButton busy={form.busy} ready={hydrated}>
        Ajukan pencairan
      </SubmitButton>
    </form>
  );
}
