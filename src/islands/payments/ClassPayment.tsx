import { useCallback, useEffect, useRef, useState } from 'react';
import type { TaxRule } from '~/contract/tax';
import type { ApiClient } from '~/lib/api/client';
import { ApiRequestError } from '~/lib/api/errors';
import { classEnrolment, createInvoice, paymentDetail, repayInvoice } from '~/lib/api/payments';
import { failureMessage } from '~/lib/auth/request-errors';
import { classPaymentView } from '~/lib/payments/class-payment';
import { remainingMs } from '~/lib/payments/countdown';
import { IslandBoundary } from '../shared/IslandBoundary';
import { ClassPaymentBox, type ClassPaymentLoad, refusedAsEnrolled, SignInFirst } from './ClassPaymentBox';
import { useNow } from './use-now';
import { useSignedIn } from './use-signed-in';
import '../shared/forms.css';
import './payments.css';

interface Props {
  /** The class's slug: the invoice calls name the class by it. */
  slug: string;
  /** The published price (whole rupiah); what the learner pays follows `tax`. */
  price: number;
  /** The tenant's PPN rule the price is published under. */
  tax: TaxRule;
  /** The class's dates and schedule as the page shows them (told to an enrolled learner). */
  schedule: string;
  /** The sign-in link with the way back here (`/Login?redirect=/Class/{code}`); undefined once registration is over. */
  registerHref?: string | undefined;
}

/**
 * A paid class's call to register (class page, `#daftar`): signed in, the learner's latest invoice
 * for the class decides what shows (ClassPaymentBox.tsx): 'Daftar & bayar' with the price under the
 * tenant's PPN rule, the pending invoice with its countdown and 'Bayar sekarang', 'Bayar ulang' for
 * an expired one, a new invoice after a failed one, or, enrolled, what to do next and no call to pay.
 * An enrolment the invoice does not show (made without an invoice of the learner) is learnt from the
 * server's refusal of a new invoice and kept for the page's life. The status is asked again when the
 * tab is shown again (the learner may have paid in another tab) and when the countdown runs out.
 */
function ClassPayment({ slug, price, tax, schedule, registerHref }: Props) {
  const signIn = useSignedIn();
  const client = signIn.state === 'signed-in' ? signIn.client : undefined;
  const [load, setLoad] = useState<ClassPaymentLoad>({ state: 'checking' });
  const [enrolledSaid, setEnrolledSaid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusInvoice = useRef(false);
  // One key per attempt to make an invoice: a retry after a lost answer is the same request.
  const attempt = useRef<string>(undefined);
  const rechecked = useRef<string>(undefined);

  const check = useCallback(
    async (api: ApiClient, quiet = false) => {
      if (!quiet) setLoad({ state: 'checking' });
      try {
        const latest = await paymentDetail(api, { slug }, { progress: !quiet });
        // No invoice: the learner may still hold a seat (a free class, or added by staff).
        if (!latest && (await classEnrolment(api, slug, { progress: !quiet })).enrolled) setEnrolledSaid(true);
        setLoad({ state: 'ready', invoice: latest });
      } catch (error) {
        // A quiet re-check that fails keeps what is shown; the next one may work.
        // 401: the sign-in this browser holds has ended; signing in again is the way on.
        const signedOut = error instanceof ApiRequestError && error.statusCode === 401;
        if (!quiet) setLoad({ state: 'failed', message: failureMessage(error), signedOut });
      }
    },
    [slug],
  );

  useEffect(() => {
    if (!client) return;
    void check(client);
    const onShow = () => document.visibilityState === 'visible' && void check(client, true);
    // Back from the gateway's page, the browser may show this page from its cache as it was left.
    const onRestore = (event: PageTransitionEvent) => event.persisted && void check(client, true);
    document.addEventListener('visibilitychange', onShow);
    window.addEventListener('pageshow', onRestore);
    return () => {
      document.removeEventListener('visibilitychange', onShow);
      window.removeEventListener('pageshow', onRestore);
    };
  }, [client, check]);

  const invoice = load.state === 'ready' ? load.invoice : null;
  const pending = invoice?.status === 'pending';
  const now = useNow(pending);
  const view = enrolledSaid ? 'enrolled' : load.state === 'ready' ? classPaymentView(invoice, now) : undefined;

  // The countdown ran out: ask once per invoice where it stands (paid at the last moment, or expired).
  useEffect(() => {
    if (!client || !invoice || !pending || remainingMs(invoice.expiresAt, now) > 0) return;
    if (rechecked.current === invoice.merchantOrderId) return;
    rechecked.current = invoice.merchantOrderId;
    void check(client, true);
  }, [client, invoice, pending, now, check]);

  useEffect(() => {
    if (view !== 'pending' || !focusInvoice.current) return;
    focusInvoice.current = false;
    heading.current?.focus();
  }, [view]);

  if (!client) return registerHref ? <SignInFirst href={registerHref} /> : null;

  const act = async (kind: 'create' | 'repay') => {
    if (busy) return;
    setBusy(true);
    setAlert(undefined);
    attempt.current ??= crypto.randomUUID();
    try {
      const made =
        kind === 'create' ? await createInvoice(client, slug, { idempotencyKey: attempt.current }) : await repayInvoice(client, slug);
      attempt.current = undefined;
      focusInvoice.current = true;
      setLoad({ state: 'ready', invoice: made });
    } catch (error) {
      if (refusedAsEnrolled(error)) {
        // Not a failure: the learner is in the class already. Show that, not a red refusal.
        attempt.current = undefined;
        setEnrolledSaid(true);
        return;
      }
      setAlert(failureMessage(error));
      // Refused for a reason the server knows (closed, nothing to repay): show where things stand.
      if (error instanceof ApiRequestError && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 429) {
        attempt.current = undefined;
        await check(client, true);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <ClassPaymentBox
      load={load}
      view={view}
      price={price}
      tax={tax}
      schedule={schedule}
      registerHref={registerHref}
      now={now}
      busy={busy}
      alert={alert}
      headingRef={heading}
      onAct={(kind) => void act(kind)}
      onRetry={() => void check(client)}
    />
  );
}

/** The class page's payment island (`client:signedin`), for classes with a price. */
export default function ClassPaymentIsland(props: Props) {
  return (
    <IslandBoundary source="ClassPayment">
      <ClassPayment {...props} />
    </IslandBoundary>
  );
}
