import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type Payout, PayoutRejectSchema } from '~/contract/payments';
import type { ApiClient } from '~/lib/api/client';
import { approvePayout, rejectPayout } from '~/lib/api/payments';
import { failureMessage } from '~/lib/auth/request-errors';
import { formatRupiah } from '~/lib/format/money';
import { Field } from '../shared/Field';

interface Props {
  client: ApiClient;
  payout: Payout;
  onDecided(payout: Payout): void;
}

/**
 * An admin's decision on one requested payout: 'Setujui' at once, or 'Tolak' with a reason the mentor
 * reads (a small form). The server refuses one's own request (403) and a decided one (409); its
 * message shows beside the row.
 */
export function PayoutDecision({ client, payout, onDecided }: Props) {
  const [busy, setBusy] = useState<'approve' | 'reject'>();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const reasonField = useRef<HTMLFormElement>(null);
  const what = `${formatRupiah(payout.amount)} untuk ${payout.mentorName}`;
  // The reason field takes the focus when it opens, so a keyboard user writes straight away.
  useEffect(() => {
    if (rejecting) reasonField.current?.querySelector('textarea')?.focus();
  }, [rejecting]);

  const decide = async (kind: 'approve' | 'reject', send: () => Promise<Payout>) => {
    setBusy(kind);
    setAlert(undefined);
    try {
      onDecided(await send());
    } catch (error) {
      setAlert(failureMessage(error));
    } finally {
      setBusy(undefined);
    }
  };

  const reject = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PayoutRejectSchema.safeParse({ id: payout.id, reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues.find((issue) => issue.path[0] === 'reason')?.message ?? parsed.error.issues[0]?.message);
      reasonField.current?.querySelector('textarea')?.focus();
      return;
    }
    setReasonError(undefined);
    void decide('reject', () => rejectPayout(client, payout.id, parsed.data.reason));
  };

  return (
    <div className="payout-item__decide">
      {alert && (
        <div className="form-alert" role="alert">
          <p>{alert}</p>
        </div>
      )}
      {rejecting ? (
        <form ref={reasonField} className="form" noValidate onSubmit={reject} aria-label={`Tolak pencairan ${what}`}>
          <Field name="reason" label="Alasan penolakan" hint="Dibaca oleh mentor, 5–300 karakter." error={reasonError}>
            {(control) => (
              <textarea {...control} rows={3} maxLength={300} required value={reason} onChange={(event) => setReason(event.target.value)} />
            )}
          </Field>
          <div className="payout-item__actions">
            <button className="btn btn--primary" type="submit" disabled={busy !== undefined} aria-busy={busy === 'reject' || undefined}>
              {busy === 'reject' ? 'Memproses…' : 'Kirim penolakan'}
            </button>
            <button className="btn btn--ghost" type="button" disabled={busy !== undefined} onClick={() => setRejecting(false)}>
              Batal
            </button>
          </div>
        </form>
      ) : (
        <div className="payout-item__actions">
          <button
            className="btn btn--primary"
            type="button"
            disabled={busy !== undefined}
            aria-busy={busy === 'approve' || undefined}
            aria-label={busy === 'approve' ? undefined : `Setujui pencairan ${what}`}
            onClick={() => decide('approve', () => approvePayout(client, payout.id))}
          >
            {busy === 'approve' ? 'Memproses…' : 'Setujui'}
          </button>
          <button
            className="btn btn--ghost"
            type="button"
            disabled={busy !== undefined}
            aria-label={`Tolak pencairan ${what}`}
            onClick={() => setRejecting(true)}
          >
            Tolak
          </button>
        </div>
      )}
    </div>
  );
}
