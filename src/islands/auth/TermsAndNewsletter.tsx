import { useId } from 'react';

interface Props {
  newsletter: boolean;
  acceptTerms: boolean;
  error?: string | undefined;
  onNewsletter: (checked: boolean) => void;
  onTerms: (checked: boolean) => void;
}

/** The two sign-up checkboxes: the newsletter opt-in, and accepting the terms (required) with links to both documents. */
export function TermsAndNewsletter({ newsletter, acceptTerms, error, onNewsletter, onTerms }: Props) {
  const errorId = `${useId()}-terms-error`;
  return (
    <div className="field" data-invalid={error ? '' : undefined}>
      <label className="choice">
        <input type="checkbox" name="newsletter" checked={newsletter} onChange={(event) => onNewsletter(event.target.checked)} />
        Kirimi saya kabar program dan kegiatan terbaru lewat email.
      </label>
      <label className="choice">
        <input
          type="checkbox"
          name="acceptTerms"
          required
          checked={acceptTerms}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onTerms(event.target.checked)}
        />
        <span>
          Saya menyetujui <a href="/Terms-And-Conditions">Syarat dan Ketentuan</a> serta <a href="/Privacy-Policy">Kebijakan Privasi</a>.
        </span>
      </label>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
