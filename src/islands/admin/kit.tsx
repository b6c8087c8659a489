import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ApiClient } from '~/lib/api/client';
import { failureMessage } from '~/lib/auth/request-errors';
import { formatClock, formatDay, type IndonesianZone } from '~/lib/format/dates';
import { useSignedIn } from '../payments/use-signed-in';
import '~/styles/admin.css';
import '../shared/forms.css';

/*
 * What the console's sections share: the signed-in API client, a confirmation dialog, notices, a
 * pager, times in the tenant's zone. The page is rendered only for signed-in staff (lib/admin), so a
 * section waits for the client and never shows a sign-in form of its own.
 */

/** The zone the console shows and takes times in. Every tenant today runs in WIB (Jakarta and Bandung offices). */
export const TENANT_ZONE: IndonesianZone = 'WIB';
const ZONE_OFFSET = '+07:00';

/** `Sabtu, 22 Agustus 2026, 08.00 WIB`. */
export const formatStamp = (iso: string): string => `${formatDay(iso, TENANT_ZONE)}, ${formatClock(iso, TENANT_ZONE)} ${TENANT_ZONE}`;

/** An ISO time as a `datetime-local` value in the tenant's zone (`2026-08-22T08:00`). */
export function toLocalInput(iso: string): string {
  const shifted = new Date(new Date(iso).getTime() + 7 * 3600_000);
  return shifted.toISOString().slice(0, 16);
}

/** A `datetime-local` value read in the tenant's zone, as an ISO time with its offset; undefined when empty or malformed. */
export function fromLocalInput(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}:00${ZONE_OFFSET}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The page's API client holding the staff member's sign-in, once the app start has run. */
export function useStaffClient(): ApiClient | undefined {
  const signIn = useSignedIn();
  return signIn.state === 'signed-in' ? signIn.client : undefined;
}

/** The message of a failed call, as visitors read it (the API's own Indonesian message, or offline/server text). */
export const problemText = (error: unknown): string => failureMessage(error);

/** A polite status line or an assertive error, announced when it changes. */
export function Notice({ tone = 'info', children }: { tone?: 'info' | 'error'; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={tone === 'error' ? 'admin-notice admin-notice--error' : 'admin-notice'} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}

interface ConfirmProps {
  /** The button that opens the dialog. */
  label: string;
  title: string;
  /** What will happen, in full: the dialog's text. */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void> | void;
  tone?: 'primary' | 'danger';
  disabled?: boolean;
}

/**
 * A button whose action needs a confirmation: a modal `<dialog>` saying what will happen, with the
 * action and "Batal" (Escape cancels too). A failed action keeps the dialog open with its message.
 */
export function ConfirmButton({ label, title, children, confirmLabel, onConfirm, tone = 'primary', disabled }: ConfirmProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const titleId = useId();
  const run = async () => {
    setBusy(true);
    setError('');
    try {
      await onConfirm();
      dialog.current?.close();
    } catch (failure) {
      setError(problemText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={tone === 'danger' ? 'btn btn--ghost' : 'btn btn--secondary'}
        disabled={disabled}
        onClick={() => {
          setError('');
          dialog.current?.showModal();
        }}
      >
        {label}
      </button>
      <dialog ref={dialog} className="admin-dialog" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        <div>{children}</div>
        {error && <Notice tone="error">{error}</Notice>}
        <div className="admin-actions">
          <button type="button" className="btn btn--primary" disabled={busy} onClick={run}>
            {busy ? 'Memproses…' : confirmLabel}
          </button>
          <button type="button" className="btn btn--ghost" onClick={() => dialog.current?.close()}>
            Batal
          </button>
        </div>
      </dialog>
    </>
  );
}

/** "Halaman 2 dari 5" with previous and next. */
export function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (page: number) => void; label: string }) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="btn btn--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Sebelumnya
      </button>
      <span aria-live="polite">
        Halaman {page} dari {pages}
      </span>
      <button type="button" className="btn btn--ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Berikutnya
      </button>
    </nav>
  );
}

/**
 * What `load` answers, asked again whenever `key` changes and on `reload()` ('Coba lagi'); the last
 * answer stays shown while the next one loads, and an answer that arrives after a newer ask is
 * dropped. No `load` (a query not ready yet) asks nothing.
 */
export function useLoaded<T>(load: (() => Promise<T>) | undefined, key: string) {
  const [result, setResult] = useState<T>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ask is keyed by `key`; `attempt` is 'Coba lagi'.
  useEffect(() => {
    if (!load) return;
    let live = true;
    setLoading(true);
    load().then(
      (answer) => {
        if (!live) return;
        setResult(answer);
        setError('');
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(problemText(failure));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { result, setResult, loading, error, reload };
}

/** A value that settles `delay` ms after its last change (search boxes). */
export function useDebounced<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
