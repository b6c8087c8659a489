import { type ReactNode, useEffect, useRef } from 'react';

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

/** A clear confirmation that takes the focus, so a screen reader announces it and the visitor sees it. */
export function Confirmation({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="form-done" role="status">
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
      {action}
    </div>
  );
}
