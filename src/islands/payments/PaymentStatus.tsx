import { useEffect, useRef, useState } from 'react';
import { paymentDetail } from '~/lib/api/payments';
import { failureMessage } from '~/lib/auth/request-errors';
import { IslandBoundary } from '../shared/IslandBoundary';
import { type PaymentContact, PaymentStatusView } from './PaymentStatusView';
import { orderIdOf, type PaymentStatusStep, stepBeforeAsking, stepOfFailure, titleFor } from './payment-status';
import { useSignedIn } from './use-signed-in';
import '../shared/forms.css';
import './payments.css';

interface Props {
  /** Where the learner writes about a payment (the tenant's contact). */
  contact: PaymentContact;
}

/**
 * /Payment-Status/Success and /Payment-Status/Error (`client:load`): the invoice named by the
 * address's `merchantOrderId` (as /CallbackPayment sends it), asked for as the signed-in learner,
 * with its class, amounts, status and reference; success or failure is said only as the invoice
 * says it (payment-status.ts). Signed out: the way to sign in and come back. No order id, or none of
 * this learner's: that no payment was found. The tab's title follows the outcome.
 */
function PaymentStatus({ contact }: Props) {
  const signIn = useSignedIn();
  const starting = signIn.state === 'starting';
  const client = signIn.state === 'signed-in' ? signIn.client : undefined;
  const [step, setStep] = useState<PaymentStatusStep>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const title = useRef<string>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to ask again.
  useEffect(() => {
    if (starting) return;
    let live = true;
    const here = location.pathname + location.search;
    const orderId = orderIdOf(location.search);
    const before = stepBeforeAsking(orderId, Boolean(client), here);
    if (before || !client || !orderId) {
      setStep(before ?? { kind: 'not-found' });
      return;
    }
    setStep({ kind: 'checking' });
    paymentDetail(client, { merchantOrderId: orderId, ownOnly: true }).then(
      (invoice) => live && setStep(invoice && invoice.merchantOrderId === orderId ? { kind: 'found', invoice } : { kind: 'not-found' }),
      (error) => live && setStep(stepOfFailure(error, here, failureMessage(error))),
    );
    return () => {
      live = false;
    };
  }, [starting, client, attempt]);

  useEffect(() => {
    title.current ??= document.title;
    document.title = titleFor(title.current, step);
  }, [step]);

  return <PaymentStatusView step={step} contact={contact} onRetry={() => setAttempt((n) => n + 1)} />;
}

/** The payment status pages' island. */
export default function PaymentStatusIsland(props: Props) {
  return (
    <IslandBoundary source="PaymentStatus">
      <PaymentStatus {...props} />
    </IslandBoundary>
  );
}
