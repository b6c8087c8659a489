import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { FormState } from './use-form';

/**
 * The form-level alert: what went wrong, and for a failure the visitor can retry (no connection, a
 * server fault, too many requests) a button that sends the same submission again.
 */
export function FormAlert({ message, onRetry, busy }: { message: string | undefined; onRetry?: (() => void) | undefined; busy?: boolean }) {
  if (!message) return null;
  return (
    <div className="form-alert" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn btn--secondary" onClick={onRetry} disabled={busy}>
          Coba kirim lagi
        </button>
      )}
    </div>
  );
}

/**
 * The honeypot: a field people never see or reach (hidden from view, from the keyboard and from
 * screen readers) that bots fill in; the server refuses a submission that carries it filled.
 */
export function Honeypot({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <div className="form__trap" aria-hidden="true">
      <label>
        Situs web (kosongkan)
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
    </div>
  );
}

/**
 * A clear confirmation that takes the focus, so a screen reader announces it and the visitor sees it.
 * `again` is a button that starts a new, empty form (the forms a visitor may send more than once).
 */
export function Confirmation({
  title,
  children,
  action,
  again,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  again?: { label: string; onClick(): void };
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="form-done" role="status">
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
      {action}
      {again && (
        <button type="button" className="link-button" onClick={again.onClick}>
          {again.label}
        </button>
      )}
    </div>
  );
}

/** What the submit button's description says until the island runs (it sends nothing before). */
export const FORM_LOADING = 'Formulir sedang disiapkan. Tunggu sebentar, lalu tekan tombolnya lagi.';

/**
 * The submit button of a form island. Never disabled before hydration, so a quick Tab walk reaches
 * it: until the island runs it is a plain button (`aria-disabled`, described by a note that the form
 * is still being prepared), so an early press sends nothing, neither in a URL nor as a post; then it
 * submits, and while sending it is disabled and says 'Memproses…'.
 */
export function FormSubmit({ busy, ready, children }: { busy: boolean; ready: boolean; children?: ReactNode }) {
  const noteId = `${useId()}-loading`;
  return (
    <>
      {/* Before the island runs, the form's default button is this disabled one: Enter in a field submits nothing. */}
      {!ready && <button type="submit" disabled hidden aria-hidden="true" tabIndex={-1} />}
      <button
        className="btn btn--primary form__submit"
        type={ready ? 'submit' : 'button'}
        disabled={busy}
        aria-disabled={ready ? undefined : true}
        aria-describedby={ready ? undefined : noteId}
        aria-busy={busy || undefined}
      >
        {busy ? 'Memproses…' : children}
      </button>
      {!ready && (
        <p className="visually-hidden" id={noteId}>
          {FORM_LOADING}
        </p>
      )}
    </>
  );
}

/**
 * The form of a `useForm` island around its fields: `method="post"` with a submit button that sends
 * nothing until hydration (`FormSubmit`), so an early click never sends the values in a URL (islands
 * README "Before hydration"); the form-level alert, with a retry for a failure sending again can fix; the submit
 * button, which says 'Memproses…' while sending; what follows it (`after`: links); and, for a browser
 * without JavaScript, what it would take (`noscript`: 'mengirim formulir ini').
 */
export function FormShell({
  form,
  submit,
  heading,
  after,
  noscript,
  children,
}: {
  form: Pick<
    FormState<Record<string, string | boolean>, unknown>,
    'ref' | 'label' | 'hydrated' | 'alert' | 'busy' | 'retryable' | 'submit'
  >;
  /** The submit button's text. */
  submit: string;
  /** A heading inside the form, above its alert. */
  heading?: ReactNode;
  after?: ReactNode;
  /** What the visitor needs JavaScript for, as in 'Aktifkan JavaScript … untuk {noscript}.' */
  noscript?: string;
  children: ReactNode;
}) {
  return (
    <form ref={form.ref} className="form" method="post" noValidate onSubmit={form.submit} aria-label={form.label}>
      {heading}
      <FormAlert message={form.alert} busy={form.busy} onRetry={form.retryable ? () => void form.submit() : undefined} />
      {children}
      <FormSubmit busy={form.busy} ready={form.hydrated}>
        {submit}
      </FormSubmit>
      {after}
      {noscript && (
        <noscript>
          {/* One text node, as the sentence was written before: no separator comments in the HTML. */}
          <p>{`Aktifkan JavaScript di peramban Anda untuk ${noscript}.`}</p>
        </noscript>
      )}
    </form>
  );
}
